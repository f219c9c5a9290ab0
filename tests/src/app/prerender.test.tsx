import { act, screen, waitFor } from '@testing-library/react'
import { createElement } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { preloadBlocks } from '../../../src/blocks/registry'
import { ConfigShell } from '../../../src/app/configShell/ConfigShell'
import { unchangedAround } from '../../../src/page-config/schedule'
import { prerenderHolds } from '../../../src/page-config/prerenderBoot'
import { ConfigPage } from '../../../src/page-runtime/ConfigPage'
import { currentPageConfig } from '../../../src/page-config/migrations'
import type { PrerenderSnapshot } from '../../../src/components/prerender'
import { clockOffset, resetClockOffset } from '../../../src/page-runtime/serverClock'
import { userStore } from '../../../src/state/user'
import type { PageConfig } from '../../../src/types/generated/page'
import type { ScreenRoute } from '../../../src/types/route'
import { YEAR_END_SCHEDULE } from '../page-runtime/yearEndSchedule'

// A config page's HTML is rendered at build time (logged out, at the build's moment, before data) and hydrated
// in the browser: the hydration must match that HTML exactly, then the page shows the real time, user and data.

const config: Record<string, unknown> = {
  schemaVersion: 3,
  title: '年终好礼',
  schedule: YEAR_END_SCHEDULE,
  dataSources: { hot: { get: '/api/products', query: { limit: 1 } } },
  blocks: [
    { type: 'countdown', to: 'schedule.startAt', label: '距开抢还有', showIn: ['preheat'] },
    { type: 'title', text: '年终好礼', subtitle: '{{user.userInfo.nickname}} 您好', showIn: ['live'] },
    { type: 'title', text: '即将开抢', showIn: ['preheat'] },
    { type: 'button', text: '登录领取', action: { type: 'login' }, visibleWhen: { loggedIn: false } },
    {
      type: 'button',
      text: '去逛逛',
      action: { type: 'navigate', to: '/products' },
      visibleWhen: { loggedIn: true },
    },
  ],
}

const BUILT_AT = Date.parse('2026-11-18T09:00:00+08:00') // preheat
const SERVER_NOW = '2026-12-01T12:00:00+08:00' // live
const snapshot: PrerenderSnapshot = { pathname: '/yearEnd', nowMs: BUILT_AT }
const page = () => createElement(ConfigPage, { config: currentPageConfig(config) })
const route: ScreenRoute = { path: '/yearEnd', title: '年终好礼', load: async () => ({ default: page }) }

let root: Root | undefined

// As the build does (src/app/configShell/prerender.tsx): every block ready before rendering.
beforeAll(() => preloadBlocks(['countdown', 'title', 'button']))

beforeEach(() => {
  resetClockOffset()
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
  const answers: Record<string, unknown> = {
    '/api/health': { status: 'ok', db: 'pglite', mode: 'production' },
    '/api/time': { now: SERVER_NOW, epochMs: Date.parse(SERVER_NOW) },
    '/api/products': { items: [], nextCursor: null },
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      json(answers[new URL(String(input), 'http://localhost').pathname]),
    ),
  )
})

afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.replaceChildren()
  userStore.reset()
  vi.unstubAllGlobals()
})

describe('a prerendered config page', () => {
  it('is rendered for the build moment, logged out, its data loading and its countdown digits waiting', async () => {
    userStore.update({ id: 'u1', userInfo: { nickname: '小明' } })
    const html = renderToString(<ConfigShell route={route} screen={page} prerendered={snapshot} />)
    expect(html).toContain('data-phase="preheat"')
    expect(html).toContain('即将开抢')
    expect(html).toContain('登录领取')
    expect(html).not.toContain('小明')
    // Both sides of a login condition, marked for CSS to show the one for whom the HTML is sent.
    expect(html).toMatch(/<section[^>]*data-shown-to="logged-out"[^>]*>(?:(?!<\/section>).)*登录领取/s)
    expect(html).toMatch(/<section[^>]*data-shown-to="logged-in"[^>]*>(?:(?!<\/section>).)*去逛逛/s)
    // The countdown's digits would be stale by the time anyone reads the HTML.
    expect(html).toMatch(/<b>--<\/b>:<b>--<\/b>:<b>--<\/b>/)
  })

  it('hydrates without a mismatch, keeping its DOM, then shows the live phase for the logged-in user', async () => {
    const html = renderToString(<ConfigShell route={route} screen={page} prerendered={snapshot} />)
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const prerenderedPage = container.querySelector('.config-page')
    expect(prerenderedPage).not.toBeNull()

    // What src/main.tsx has before it hydrates: the stored user and the server's clock.
    userStore.update({ id: 'u1', userInfo: { nickname: '小明' } })
    await clockOffset()
    const recoverable = vi.fn()
    const errors = vi.spyOn(console, 'error')
    await act(async () => {
      root = hydrateRoot(container, <ConfigShell route={route} screen={page} prerendered={snapshot} />, {
        onRecoverableError: recoverable,
      })
    })

    await waitFor(() => expect(container.querySelector('.config-page')).toHaveAttribute('data-phase', 'live'))
    expect(screen.getByText('小明 您好')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '去逛逛' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '登录领取' })).toBeNull()
    // Hydrated, not rendered again from scratch.
    expect(container.querySelector('.config-page')).toBe(prerenderedPage)
    expect(recoverable).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
  })
})

describe('how long prerendered HTML holds', () => {
  const parsed = config as unknown as PageConfig

  it('from the last phase change or block window before the build to the next one after it', () => {
    const withWindow: PageConfig = {
      ...parsed,
      blocks: [
        ...parsed.blocks,
        {
          type: 'tabs',
          tabs: [
            {
              title: '限时',
              blocks: [{ type: 'title', text: '限时', activeBetween: { to: '2026-11-19T00:00:00+08:00' } }],
            },
            { title: '常驻', blocks: [{ type: 'title', text: '常驻' }] },
          ],
        },
      ],
    }
    expect(unchangedAround(withWindow, BUILT_AT)).toEqual({
      from: Date.parse('2026-11-15T00:00:00+08:00'),
      until: Date.parse('2026-11-19T00:00:00+08:00'),
    })
    expect(unchangedAround({ ...parsed, schedule: undefined }, BUILT_AT)).toEqual({ from: null, until: null })
  })

  it('is judged on the bounds the HTML carries', () => {
    expect(prerenderHolds('100', '200', 150)).toBe(true)
    expect(prerenderHolds('100', '200', 200)).toBe(false)
    expect(prerenderHolds('100', null, 99)).toBe(false)
    expect(prerenderHolds(null, null, 0)).toBe(true)
  })
})
