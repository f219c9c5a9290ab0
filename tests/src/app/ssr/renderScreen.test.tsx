import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderScreen, sharedScreen, type ScreenRequest } from '../../../../src/app/ssr/renderScreen'
import { SCREEN_DATA_ID } from '../../../../src/app/ssr/payload'
import { infiniteKey } from '../../../../src/app/ssr/screenData'
import { unstable_serialize } from 'swr/infinite'
import { visitorFetch } from '../../../../server/platform/screenRendering'
import { browserTransport, setTransport } from '../../../../src/lib/request'
import { createTestApp, json, loginAs, type TestApp } from '../../../server/helpers'

// The server's renderer of screens (what `vite build` bundles into dist/server/), against the real API: a
// screen comes with its data and the visitor's session, whatever needs a second round of data included, and
// never with another visitor's.
let test: TestApp

beforeAll(async () => {
  test = await createTestApp({ mode: 'demo' })
})
afterAll(async () => test.close())

const render = (url: string, cookie?: string, extra: Partial<ScreenRequest> = {}) =>
  renderScreen({
    url,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
    fetch: visitorFetch(test.app, { cookie, ip: '10.0.0.9' }),
    nowMs: Date.now(),
    dataBudgetMs: 5000,
    ...extra,
  })

async function rendered(url: string, cookie?: string) {
  const result = await render(url, cookie)
  if (!result.rendered) throw new Error(`not rendered: ${result.reason}`)
  return {
    ...result,
    data: JSON.parse(result.payload) as { fallback: Record<string, unknown>; shared: string[] },
  }
}

describe('renderScreen', () => {
  it('renders the product with its data, and the price that needs the product first (a second round)', async () => {
    const page = await rendered('/product?id=p-medical-million')
    expect(page.route).toBe('/product')
    expect(page.title).toBe('产品详情')
    expect(page.html).toContain('云禾百万医疗险（2026版）')
    expect(page.html).not.toContain('加载中')
    expect(page.html).toMatch(/试算保费.*¥<\/span>\d+/)
    expect(page.html).toContain('aria-busy="false"')
    expect(Object.keys(page.data.fallback)).toEqual(
      expect.arrayContaining(['/api/me', '/api/products/p-medical-million']),
    )
    expect(page.data.fallback['/api/me']).toBeNull()
    // Below the fold, a lazily loaded part is rendered too (not left to the browser with an error).
    expect(page.html).not.toContain('<!--$!-->')
  })

  it('asks for its data in-process whatever the request layer was last set to (a browser test in this worker)', async () => {
    setTransport(browserTransport)
    const page = await rendered('/product?id=p-medical-million')
    expect(page.html).toContain('云禾百万医疗险（2026版）')
  })

  it("renders a paged list with its first page (useSWRInfinite's fallback)", async () => {
    const page = await rendered('/shopping')
    expect(page.html).toContain('class="product-card')
    expect(Object.keys(page.data.fallback).some((key) => key.startsWith('$inf$'))).toBe(true)
  })

  it('lists the data whose answers read no session, which a logged-in visitor need not ask for again', async () => {
    const cookie = await loginAs(test.app, '13700002004')
    const page = await rendered('/user', cookie)
    const keys = Object.keys(page.data.fallback)
    // 我的 asks who is there (/api/me is fetched apart, never listed) and for their own overview: never shared.
    expect(keys).toContain('/api/me/overview')
    expect(page.data.shared).not.toContain('/api/me/overview')
    // The catalog is the same for whoever asks.
    const shop = await rendered('/shopping', cookie)
    const list = Object.keys(shop.data.fallback).filter((key) => key.startsWith('$inf$'))
    expect(list.length).toBeGreaterThan(0)
    expect(shop.data.shared).toEqual(expect.arrayContaining(list))
  })

  it("keys a paged list's data as useSWRInfinite does", () => {
    const getKey = (index: number) => ['/api/products', { sort: 'sales', page: index }] as const
    expect(infiniteKey(getKey(0))).toBe(unstable_serialize(getKey))
  })

  it('renders for the session of the request, and two visitors at once each see their own', async () => {
    const [a, b] = await Promise.all([loginAs(test.app, '13700002001'), loginAs(test.app, '13700002002')])
    for (const [cookie, nickname] of [
      [a, '甲用户'],
      [b, '乙用户'],
    ])
      await json(test.app, { method: 'PATCH', url: '/api/me', headers: { cookie }, body: { nickname } })
    const pages = await Promise.all(Array.from({ length: 6 }, (_, i) => rendered('/user', i % 2 ? b : a)))
    pages.forEach((page, i) => {
      expect(page.html).toContain(i % 2 ? '乙用户' : '甲用户')
      expect(page.html).not.toContain(i % 2 ? '甲用户' : '乙用户')
    })
    expect((await rendered('/user')).html).toContain('登录/注册')
  })

  it('keeps user data from ending the data block', async () => {
    const cookie = await loginAs(test.app, '13700002003')
    await json(test.app, {
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      body: { nickname: '</script><b>x' },
    })
    const page = await rendered('/user', cookie)
    expect(page.payload).not.toContain('</script>')
    expect((page.data.fallback['/api/me'] as { nickname: string }).nickname).toBe('</script><b>x')
    expect(page.html).toContain('&lt;/script&gt;&lt;b&gt;x')
    expect(SCREEN_DATA_ID).toBe('screen-data')
  })

  it('tells the catalog, config and published pages (the same for everyone) from screens of the visitor’s own', () => {
    const shared = ['/', '/shopping', '/productsSearch', '/activity/double12', '/springFestival']
    const own = [
      '/product?id=p-medical-million',
      '/user',
      '/orders',
      '/policy',
      '/studio-preview',
      '/no-such-screen',
    ]
    expect(shared.map(sharedScreen)).toEqual(shared.map(() => true))
    expect(own.map(sharedScreen)).toEqual(own.map(() => false))
  })

  it('renders the screens that say the run mode (the server has no HTML to read it from): login, 福利', async () => {
    const login = await rendered('/Login')
    expect(login.html).toContain('获取验证码')
    // The demo server says so on 福利, as the browser's first render will from the HTML's mode.
    const welfare = await rendered('/welfare')
    expect(welfare.html).toContain('data-testid="welfare-demo-note"')
  })

  it('leaves unknown paths to others', async () => {
    expect(await render('/no-such-screen')).toMatchObject({ rendered: false })
  })

  it('renders what it has when the data is late: the screen shows it loading', async () => {
    const slow: typeof fetch = (input, init) =>
      new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
        visitorFetch(test.app, { ip: '10.0.0.9' })(input, init),
      )
    const page = await render('/product?id=p-medical-million', undefined, { fetch: slow, dataBudgetMs: 100 })
    expect(page).toMatchObject({ rendered: true })
    if (page.rendered) expect(page.html).toContain('加载中')
  })
})
