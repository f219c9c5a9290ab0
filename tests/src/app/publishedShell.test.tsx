import { act } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConfigShell } from '../../../src/app/configShell/ConfigShell'
import { preparePublishedShell, publishedShellRoute } from '../../../src/app/configShell/publishedShell'
import type { EmbeddedPublishedPage } from '../../../src/page-config/publishedPageData'
import type { PrerenderSnapshot } from '../../../src/components/prerender'
import { resetClockOffset } from '../../../src/page-runtime/serverClock'

// The browser's side of a published page opened directly: the light shell, booted with the embedded config
// (src/main.tsx), hydrates the HTML the server rendered with the same route and screen (publishedShell.tsx),
// its blocks loaded first, without a mismatch.

const NOW = '2026-11-25T10:00:00+08:00'
const page: EmbeddedPublishedPage = {
  id: 'spring-health',
  version: 4,
  config: {
    schemaVersion: 3,
    title: '春季健康节',
    schedule: {
      startAt: '2026-11-20T00:00:00+08:00',
      endAt: '2026-12-31T23:59:59+08:00',
      fallback: '/',
    },
    blocks: [
      { type: 'title', text: '健康生活 从春天开始' },
      { type: 'markdown', source: '## 活动规则' },
    ],
  },
  markdown: { '## 活动规则': [{ tag: 'h2', children: ['活动规则'] }] },
}
const snapshot: PrerenderSnapshot = { pathname: '/activity/spring-health', nowMs: Date.parse(NOW) }
let root: Root | undefined

beforeEach(() => {
  resetClockOffset()
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ now: NOW, epochMs: Date.parse(NOW) }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  )
})
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe('the published light shell in the browser', () => {
  it("names the route after the page's title", () => {
    const untitled = { ...page.config, title: '' }
    expect(publishedShellRoute(page, page.config).route).toMatchObject({
      path: '/activity/:id',
      title: '春季健康节',
    })
    expect(publishedShellRoute({ ...page, config: untitled }, untitled).route.title).toBe('活动')
  })

  it("hydrates the server's HTML without a mismatch, keeping its DOM", async () => {
    const { route, screen } = await preparePublishedShell(page, snapshot.nowMs)
    const html = renderToString(<ConfigShell route={route} screen={screen} prerendered={snapshot} />)
    expect(html).toContain('健康生活 从春天开始')
    expect(html).toContain('<div class="adm-nav-bar-title">春季健康节</div>')
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const rendered = container.querySelector('.config-page')
    expect(rendered).not.toBeNull()

    const recoverable = vi.fn()
    const errors = vi.spyOn(console, 'error')
    const hydrated = vi.fn()
    await act(async () => {
      root = hydrateRoot(
        container,
        <ConfigShell route={route} screen={screen} prerendered={snapshot} onHydrated={hydrated} />,
        { onRecoverableError: recoverable },
      )
    })
    expect(hydrated).toHaveBeenCalled()
    expect(container.querySelector('.config-page')).toBe(rendered)
    expect(container.textContent).toContain('活动规则')
    expect(recoverable).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
  })
})
