import { afterAll, beforeAll, expect, it } from 'vitest'
import { renderScreen } from '../../../../src/app/ssr/renderScreen'
import { publishedRoutes, screenRoutes } from '../../../../src/app/routes'
import { configRoutes } from '../../../../src/page-runtime/configRoutes'
import { visitorFetch } from '../../../../server/platform/screenRendering'
import { sampleUrl } from '../../../../scripts/screenSamples'
import { createTestApp, loginAs, type TestApp } from '../../../server/helpers'

// Each screen's loader (ScreenLoader) against the screen itself: rendered by the server at its sample URL, logged
// out and logged in, the data its hooks show is the data its loader loaded; and on each folder config page, the
// data its blocks show is the data their loaders (BlockLoader) loaded. Data a loader forgot shows loading
// in the HTML (the page shifts when it comes); data it loads for nothing costs every render a request.
let test: TestApp

beforeAll(async () => {
  test = await createTestApp({ mode: 'demo' })
})
afterAll(async () => test.close())

it('loads what each screen and config page shows, and nothing else, logged out and logged in', async () => {
  const cookie = await loginAs(test.app, '13700002101')
  const mismatches: string[] = []
  for (const visitor of [undefined, cookie])
    for (const route of [...screenRoutes, ...publishedRoutes, ...configRoutes]) {
      const url = sampleUrl(route.path)
      const page = await renderScreen({
        url,
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
        fetch: visitorFetch(test.app, { cookie: visitor, ip: '10.0.0.9' }),
        nowMs: Date.now(),
        dataBudgetMs: 10_000,
      })
      if (!page.rendered || !page.loaderCheck) continue
      const { undeclared, unused } = page.loaderCheck
      const who = visitor ? 'logged in' : 'logged out'
      if (undeclared.length)
        mismatches.push(`${url} (${who}) shows data its loader did not load: ${undeclared}`)
      if (unused.length) mismatches.push(`${url} (${who}) loads data it does not show: ${unused}`)
    }
  expect(mismatches).toEqual([])
}, 120_000)
