import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderScreen, sharedScreen, type ScreenRequest } from '../../../../src/app/ssr/renderScreen'
import { parseConfigPageData } from '../../../../src/page-config/configPageData'
import { visitorFetch } from '../../../../server/platform/screenRendering'
import { createTestApp, type TestApp } from '../../../server/helpers'

// A config page of page-configs/ opened directly is rendered by the server at request time, by the light shell's
// renderer the build also uses, with its data sources' answers: the products show in the HTML (not placeholders
// that the products then push down), and the answers travel with it for the browser to hydrate with.
let test: TestApp

beforeAll(async () => {
  test = await createTestApp({ mode: 'demo' })
})
afterAll(async () => test.close())

const request = (url: string, extra: Partial<ScreenRequest> = {}): ScreenRequest => ({
  url,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  fetch: visitorFetch(test.app, { ip: '10.0.0.9' }),
  nowMs: Date.now(),
  dataBudgetMs: 5000,
  ...extra,
})

async function rendered(url: string, extra: Partial<ScreenRequest> = {}) {
  const result = await renderScreen(request(url, extra))
  if (!result.rendered) throw new Error(`not rendered: ${result.reason}`)
  return { ...result, ...parseConfigPageData(result.payload) }
}

/** The API as nobody, with every path under `prefix` answering 503. */
const failingAt =
  (prefix: string): typeof fetch =>
  (input, init) =>
    String(input).startsWith(prefix)
      ? Promise.resolve(new Response('{}', { status: 503 }))
      : visitorFetch(test.app, { ip: '10.0.0.9' })(input, init)

/** The names of the products a page's HTML shows, in order. */
const productNames = (html: string) =>
  [...html.matchAll(/<h3 class="product-card-name">(.*?)<\/h3>/g)].map((m) => m[1].replace(/<[^>]*>/g, ''))
/** How many product placeholders (room kept for products still to come) it shows. */
const placeholders = (html: string) =>
  (html.match(/class="(?:product-card product-card-placeholder|blk-products-placeholder)"/g) ?? []).length
/** Whether it shows the title bar (the main layout's NavBar; the in-app frame has none). */
const titleBar = (html: string) => html.includes('adm-nav-bar')

describe('config pages rendered at request time', () => {
  it('shows the products its data source answers now, and carries that answer', async () => {
    const page = await rendered('/xm/accident')
    expect(page.route).toBe('/xm/accident')
    expect(page.title).toBe('星芒意外保障')
    expect(page.snapshot).toMatchObject({ pathname: '/xm/accident', withData: true })
    const answer = await test.app.inject({ url: '/api/products?insurer=XM&category=accident&limit=6' })
    const items = answer.json<{ items: { name: string }[] }>().items
    expect(items.length).toBeGreaterThan(0)
    expect(page.data?.products.data).toEqual(answer.json())
    // As many products as came, no room kept for the 6 asked for.
    expect(productNames(page.html)).toEqual(items.map((p) => p.name))
    expect(placeholders(page.html)).toBe(0)
  })

  it('renders before its data, as the build does, when a data source fails (the browser asks again)', async () => {
    const page = await rendered('/preheatActivity', { fetch: failingAt('/api/products') })
    expect(page.snapshot).not.toHaveProperty('withData')
    expect(page.data).toBeNull()
    expect(placeholders(page.html)).toBe(6)
  })

  it('renders before its data when the data is later than its budget', async () => {
    const slow: typeof fetch = (input, init) =>
      new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
        visitorFetch(test.app, { ip: '10.0.0.9' })(input, init),
      )
    const page = await rendered('/preheatActivity', { fetch: slow, dataBudgetMs: 100 })
    expect(page.data).toBeNull()
    expect(page.html).toContain('双十二')
  })

  it('renders the in-app frame (no title bar) under /app, in any letter case', async () => {
    const page = await rendered('/app/PreheatActivity')
    expect(page.snapshot.pathname).toBe('/app/PreheatActivity')
    expect(titleBar(page.html)).toBe(false)
    const framed = await rendered('/preheatActivity')
    expect(titleBar(framed.html)).toBe(true)
  })

  it('is the same for every visitor: logged-in visitors get the render kept for everyone', () => {
    expect(sharedScreen('/preheatActivity')).toBe(true)
    expect(sharedScreen('/xm/critical?from=push')).toBe(true)
  })
})

describe("a config page's campaign blocks, rendered with the state everyone sees", () => {
  it('shows the guess campaign’s matches and the leaderboard, and carries their state for the browser', async () => {
    const picks = await rendered('/activity/worldcup/picsac')
    expect(picks.html).toContain('阿根廷 vs 法国')
    expect(picks.html).toContain('登录')
    // The lock countdown waits for the browser: its digits would be wrong by the time it shows.
    expect(picks.html).toContain('--:--:--')
    expect(picks.fallback['/api/campaigns/worldcup-2026']).toMatchObject({ guess: { score: null } })

    const results = await rendered('/activity/worldcup/result')
    expect(Object.keys(results.fallback).sort()).toEqual([
      '/api/campaigns/worldcup-2026',
      '/api/campaigns/worldcup-2026/leaderboard',
    ])
    expect(results.html).not.toContain('blk-status-loading')
  })

  it('shows them loading when the campaign does not answer in time (the browser asks)', async () => {
    const page = await rendered('/activity/worldcup/picsac', { fetch: failingAt('/api/campaigns/') })
    expect(page.fallback).toEqual({})
    expect(page.html).not.toContain('阿根廷 vs 法国')
    expect(page.html).toContain('blk-status-loading')
  })
})
