import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConfigPage } from '../../../src/page-runtime/ConfigPage'
import { currentPageConfig } from '../../../src/page-config/migrations'
import { PageHostContext } from '../../../src/page-runtime/pageHost'
import { resetClockOffset } from '../../../src/page-runtime/serverClock'

// A config that reaches the browser without the validator (an old published version, a hand-edited answer) asks
// for API paths off the allow-list through its data sources and the campaign ids its blocks build paths from:
// none of those requests is sent, and the rest of the page works.

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

const product = {
  id: 'p-accident-daily',
  name: '畅行意外险',
  tagline: '出行无忧',
  image: '/images/p.png',
  minPremiumFen: 990,
  insurerName: '国恒财险',
}

let requested: string[]

beforeEach(() => {
  resetClockOffset()
  requested = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      // What the browser would send: the URL as it normalises it (dot segments resolved).
      const path = new URL(String(input), 'http://localhost').pathname
      requested.push(path)
      if (path === '/api/time') return json({ now: '2026-11-25T12:00:00+08:00', epochMs: Date.now() })
      if (path === '/api/products') return json({ items: [product] })
      return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

const config: Record<string, unknown> = {
  schemaVersion: 3,
  title: '旧版本活动页',
  dataSources: {
    me: { get: '/api/studio/session' },
    dotted: { get: '/api/products/../studio/staff' },
    products: { get: '/api/products' },
  },
  blocks: [
    { type: 'title', text: '旧版本活动页' },
    { type: 'lottery', campaign: '../studio/staff' },
    { type: 'coupon', campaign: 'x/../../studio/pages/p/unpublish#' },
    { type: 'product-list', from: 'products' },
  ],
}

describe('a config with API paths off the allow-list', () => {
  it('sends none of them; the allowed data source and the other blocks still show', async () => {
    render(
      <PageHostContext.Provider
        value={{ pathname: '/activity/old', search: '', params: {}, navigate: vi.fn() }}
      >
        <ConfigPage config={currentPageConfig(config)} />
      </PageHostContext.Provider>,
    )
    expect(await screen.findByText('畅行意外险')).toBeInTheDocument()
    expect(screen.getByText('旧版本活动页')).toBeInTheDocument()
    expect(requested).toContain('/api/products')
    expect(requested.filter((path) => path.startsWith('/api/studio'))).toEqual([])
    expect(requested.filter((path) => path.startsWith('/api/campaigns'))).toEqual([])
  })
})
