import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assignVariant, type Variant } from '../../src/domain/experiments'
import { PAGE_SCRIPTS_ID, PRERENDER_BOOT_SCRIPT } from '../../src/page-config/prerenderBoot'
import { PUBLISHED_PAGE_DATA_ID } from '../../src/page-config/publishedPageData'
import {
  LIGHT_SHELL_TEMPLATE,
  RENDER_REQUEST_HEADER,
  SCREEN_SLOTS,
  SCREEN_TEMPLATES_FILE,
} from '../../src/page-config/screenHtml'
import { SCREEN_DATA_ID } from '../../src/app/ssr/payload'
import { PAGE_VARIANT_HEADER } from '../../server/modules/analytics/experiments'
import { createTestApp, testClock, type TestApp } from './helpers'
import { as, publishPage, saveDraft, staffLogin, validPage } from './studioHelpers'

// A published page under an A/B test opened directly (/activity/{id}): the server renders the visitor's variant
// (the render's own request for the page names it with the process's secret), keeps one render per variant
// (the render key has it), gives a new visitor the aid cookie on the HTML (never kept by a shared cache), and
// embeds the test and variant for the browser's events. Without a renderer (SSR=off) the light shell's page
// carries the variant too. Templates and renderer as in publishedPageHtml.test.ts.
const dist = mkdtempSync(join(tmpdir(), 'mall-dist-experiments-'))
const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))
let t: TestApp
let off: TestApp

const RENDERER_SOURCE = resolve(import.meta.dirname, '../../src/app/ssr/renderScreen.tsx')
const template = (entry: string, dataId: string) =>
  `<!doctype html><html><head><title>${SCREEN_SLOTS.title}</title></head><body>` +
  `<div id="root" ${SCREEN_SLOTS.rootAttributes}>${SCREEN_SLOTS.root}</div>` +
  `<script type="application/json" id="${dataId}">${SCREEN_SLOTS.data}</script>` +
  `<script type="application/json" id="${PAGE_SCRIPTS_ID}">{"entry":"${entry}","preload":[]}</script>` +
  `<script>${PRERENDER_BOOT_SCRIPT}</script></body></html>`

interface Test {
  id: string
  variants: Variant[]
}

/** Page `id`: v1 原版 live, v2 新版 saved, a 50/50 test of them running. */
async function pageUnderTest(app: TestApp['app'], id: string): Promise<Test> {
  const editor = await staffLogin(app, 'editor')
  const publisher = await staffLogin(app, 'publisher')
  await publishPage(app, publisher, id, validPage('原版'))
  const saved = await saveDraft(app, editor, id, validPage('新版'))
  const version = await as(app, editor, 'POST', `/api/studio/pages/${id}/versions`, {
    revision: saved.json<{ revision: number }>().revision,
  })
  expect(version.statusCode, version.body).toBe(201)
  const created = await as(app, editor, 'POST', `/api/studio/pages/${id}/experiments`, {
    name: '页面标题',
    variants: [
      { key: 'A', version: 1, weight: 50, label: '原版' },
      { key: 'B', version: 2, weight: 50, label: '新版' },
    ],
    goal: { kind: 'click', blockId: 'title-0' },
    baselineRate: 0.1,
    minEffect: 0.2,
  })
  expect(created.statusCode, created.body).toBe(201)
  const test = created.json<Test>()
  const started = await as(app, publisher, 'POST', `/api/studio/experiments/${test.id}/start`)
  expect(started.statusCode, started.body).toBe(200)
  return test
}

let test: Test
let offTest: Test

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>国恒保险商城</title><div id="root"></div>')
  mkdirSync(join(dist, 'server'))
  writeFileSync(
    join(dist, 'server', 'renderScreen.js'),
    `export { renderScreen } from ${JSON.stringify(pathToFileURL(RENDERER_SOURCE).href)}\n`,
  )
  writeFileSync(
    join(dist, SCREEN_TEMPLATES_FILE),
    JSON.stringify({
      [LIGHT_SHELL_TEMPLATE]: template('/assets/light-shell.js', PUBLISHED_PAGE_DATA_ID),
      '/activity/:id': template('/assets/app-screen.js', SCREEN_DATA_ID),
    }),
  )
  t = await createTestApp({ distDir: dist, now: clock.now, renderThreads: 0, orderSweepMs: 0 })
  test = await pageUnderTest(t.app, 'ab-html')
  off = await createTestApp({ distDir: dist, now: clock.now, screenRendering: false, orderSweepMs: 0 })
  offTest = await pageUnderTest(off.app, 'ab-html')
}, 120_000)
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()])
  rmSync(dist, { recursive: true, force: true })
})

const aid = () => randomBytes(16).toString('base64url')
/** A visitor id the test puts in `key`. */
function visitorIn(of: Test, key: string): string {
  let visitor = aid()
  while (assignVariant(of.id, visitor, of.variants) !== key) visitor = aid()
  return visitor
}

const open = (headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ url: '/activity/ab-html', headers })

function embedded(res: LightMyRequestResponse) {
  const data = new RegExp(`<script type="application/json" id="${PUBLISHED_PAGE_DATA_ID}">([^<]*)</script>`)
  return JSON.parse(data.exec(res.body)?.[1] ?? 'null') as {
    version: number
    config: { title: string }
    experiment?: { id: string; variant: string }
  }
}
const titleOf = (res: LightMyRequestResponse) => /<title>([^<]*)<\/title>/.exec(res.body)?.[1]
const aidCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'aid')

describe('/activity/{id} under an A/B test, rendered by the server', () => {
  it('a new visitor: the cookie set once on the HTML (private), their variant rendered and embedded', async () => {
    const first = await open()
    expect(first.statusCode).toBe(200)
    const cookie = aidCookie(first)
    expect(cookie).toBeDefined()
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const variant = assignVariant(test.id, cookie!.value, test.variants)
    const title = variant === 'A' ? '原版' : '新版'
    expect(titleOf(first)).toBe(title)
    expect(embedded(first)).toMatchObject({
      version: variant === 'A' ? 1 : 2,
      experiment: { id: test.id, variant },
    })
    // Coming back with the cookie: the same variant, no new cookie, kept by a shared cache per cookie.
    const again = await open({ cookie: `aid=${cookie!.value}` })
    expect(aidCookie(again)).toBeUndefined()
    expect(titleOf(again)).toBe(title)
    expect(again.headers.vary).toContain('Cookie')
    expect(again.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/)
  })

  it('keeps one render per variant: visitors of a variant share its HTML, the variants differ', async () => {
    const [a1, a2, b1] = [visitorIn(test, 'A'), visitorIn(test, 'A'), visitorIn(test, 'B')]
    const answers = await Promise.all([a1, a2, b1].map((v) => open({ cookie: `aid=${v}` })))
    expect(answers.map(titleOf)).toEqual(['原版', '原版', '新版'])
    expect(answers[0].headers.etag).toBe(answers[1].headers.etag)
    expect(answers[0].headers.etag).not.toBe(answers[2].headers.etag)
    expect(embedded(answers[2]).experiment).toEqual({ id: test.id, variant: 'B' })
  })

  it('a browser cannot pick its variant by header', async () => {
    const visitor = visitorIn(test, 'A')
    const forged = await open({
      cookie: `aid=${visitor}`,
      [RENDER_REQUEST_HEADER]: '1',
      [PAGE_VARIANT_HEADER]: `nope.${test.id}.B`,
    })
    expect(titleOf(forged)).toBe('原版')
  })

  it('a visitor who opted out sees the control, gets no cookie, and the HTML is private', async () => {
    const res = await open({ dnt: '1' })
    expect(aidCookie(res)).toBeUndefined()
    expect(titleOf(res)).toBe('原版')
    expect(res.headers['cache-control']).toBe('private, no-cache')
    expect(embedded(res).experiment).toEqual({ id: test.id, variant: 'A' })
  })

  it('in the app frame too (/app/activity/{id})', async () => {
    const visitor = visitorIn(test, 'B')
    const res = await t.app.inject({ url: '/app/activity/ab-html', headers: { cookie: `aid=${visitor}` } })
    expect(embedded(res)).toMatchObject({ version: 2, experiment: { variant: 'B' } })
  })
})

describe('without a renderer (SSR=off): the light shell with the page embedded', () => {
  it('embeds the visitor’s variant and sets the cookie on the HTML', async () => {
    const first = await open({}, off.app)
    const cookie = aidCookie(first)
    expect(cookie).toBeDefined()
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const variant = assignVariant(offTest.id, cookie!.value, offTest.variants)
    expect(embedded(first)).toMatchObject({ experiment: { id: offTest.id, variant } })
    for (const key of ['A', 'B']) {
      const res = await open({ cookie: `aid=${visitorIn(offTest, key)}` }, off.app)
      expect(aidCookie(res)).toBeUndefined()
      expect(embedded(res)).toMatchObject({
        version: key === 'A' ? 1 : 2,
        config: { title: key === 'A' ? '原版' : '新版' },
        experiment: { variant: key },
      })
    }
  })
})
