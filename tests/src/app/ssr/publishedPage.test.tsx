import { describe, expect, it } from 'vitest'
import { renderScreen } from '../../../../src/app/ssr/renderScreen'
import { LIGHT_SHELL_TEMPLATE } from '../../../../src/page-config/screenHtml'
import {
  PUBLISHED_PAGE_DATA_ID,
  publishedPageText,
  readPublishedPage,
} from '../../../../src/page-config/publishedPageData'

// A page published through the studio, opened directly, is rendered by the server in the light shell (as a
// folder config page is at build time): it shows before any JavaScript, with its title, its blocks for the
// moment of the request and its compiled markdown, and carries its config for the light shell to boot with.
// A preview link and an unknown id are rendered as the screen (PublishedPageScreen) in the app.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const NOW = Date.parse('2026-11-25T10:00:00+08:00')
const config = {
  schemaVersion: 3,
  title: '春季健康节',
  schedule: {
    preheatAt: '2026-11-15T00:00:00+08:00',
    startAt: '2026-11-20T00:00:00+08:00',
    endAt: '2026-12-31T23:59:59+08:00',
    offlineAt: '2027-01-15T00:00:00+08:00',
    fallback: '/',
  },
  blocks: [
    { type: 'title', text: '健康生活 从春天开始' },
    { type: 'title', text: '预热中 敬请期待', showIn: ['preheat'] },
    { type: 'title', text: '活动火热进行中', showIn: ['live'] },
    { type: 'markdown', source: '## 活动规则' },
  ],
}
const markdown = { '## 活动规则': [{ tag: 'h2', children: ['活动规则'] }] }
// A launch page listing products from a data source.
const withProducts = {
  ...config,
  title: '双十二开抢',
  dataSources: { hot: { get: '/api/products', query: { tag: '热销', limit: 6 } } },
  blocks: [{ type: 'product-list', from: 'hot', title: '活动产品', layout: 'card' }],
}
const product = (id: string, name: string) => ({
  id,
  name,
  tagline: '保障说明',
  image: `/images/products/${id}.svg`,
  category: 'accident',
  tags: [],
  minPremiumFen: 9900,
  salesCount: 10,
  rating: 4.8,
  insurer: '云禾健康',
})

const api: typeof fetch = async (input) => {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
  if (url.pathname === '/api/pages/spring-health')
    return json(200, {
      id: 'spring-health',
      version: 3,
      publishedAt: '2026-11-20T00:00:00+08:00',
      config,
      markdown,
    })
  if (url.pathname === '/api/pages/spring-health/preview')
    return json(200, {
      id: 'spring-health',
      revision: 9,
      config,
      markdown,
      nowMs: Date.parse('2026-11-16T09:00:00+08:00'),
    })
  if (url.pathname === '/api/pages/launch')
    return json(200, { id: 'launch', version: 1, config: withProducts, markdown: {} })
  if (url.pathname === '/api/pages/launch-down')
    return json(200, {
      id: 'launch-down',
      version: 1,
      config: {
        ...withProducts,
        dataSources: { ...withProducts.dataSources, down: { get: '/api/nothing' } },
      },
      markdown: {},
    })
  if (url.pathname === '/api/products' && url.searchParams.get('tag') === '热销')
    return json(200, { items: [product('p-a', '安心意外险'), product('p-b', '百万医疗险')], total: 2 })
  if (url.pathname === '/api/me')
    return json(401, { error: { code: 'UNAUTHENTICATED', message: '请先登录' } })
  return json(404, { error: { code: 'PAGE_NOT_FOUND', message: '页面不存在' } })
}

const render = (url: string) =>
  renderScreen({ url, userAgent: 'Mozilla/5.0 (iPhone)', fetch: api, nowMs: NOW, dataBudgetMs: 5000 })

describe('server rendering of /activity/{id}', () => {
  it('renders the live version in the light shell with its title, blocks of the phase and markdown', async () => {
    const page = await render('/activity/spring-health')
    if (!page.rendered) throw new Error(page.reason)
    expect(page.route).toBe(LIGHT_SHELL_TEMPLATE)
    expect(page.title).toBe('春季健康节')
    expect(page.snapshot).toEqual({ pathname: '/activity/spring-health', nowMs: NOW })
    // Valid until the phase changes (the end of the live phase).
    expect(page.validFrom).toBe(Date.parse(config.schedule.startAt))
    expect(page.validUntil).toBe(Date.parse(config.schedule.endAt))
    expect(page.html).toContain('<div class="adm-nav-bar-title">春季健康节</div>')
    expect(page.html).toContain('健康生活 从春天开始')
    expect(page.html).toContain('活动火热进行中')
    expect(page.html).not.toContain('预热中 敬请期待')
    expect(page.html).toContain('活动规则')
    expect(page.html).not.toContain('<!--$!-->')
    expect(page.html).not.toContain('<script')
  })

  it('embeds the live version for the light shell to boot with, safe inside a data block', async () => {
    const page = await render('/activity/spring-health')
    if (!page.rendered) throw new Error(page.reason)
    const block = { id: PUBLISHED_PAGE_DATA_ID, textContent: page.payload }
    const doc = { getElementById: (id: string) => (id === block.id ? block : null) } as unknown as Document
    expect(readPublishedPage(doc)).toEqual({
      id: 'spring-health',
      version: 3,
      config,
      markdown,
      fallback: {},
    })
    const hostile = publishedPageText({
      id: 'x',
      version: 1,
      config: { schemaVersion: 3, title: '</script><b>', blocks: [{ type: 'spacer', height: 8 }] },
      markdown: {},
    })
    expect(hostile).not.toContain('<')
    expect(JSON.parse(hostile)).toMatchObject({ config: { title: '</script><b>' } })
    // An unreadable block is no published page: the browser starts the app instead.
    for (const text of ['', '{', '{"id":"x","version":"1","config":{}}', '{"id":"x","version":1}']) {
      block.textContent = text
      expect(readPublishedPage(doc)).toBeNull()
    }
  })

  it("renders a page's data sources as they answer now, and carries them for the browser to hydrate with", async () => {
    const page = await render('/activity/launch')
    if (!page.rendered) throw new Error(page.reason)
    // The products show in the HTML, not a loading skeleton.
    expect(page.html).toContain('安心意外险')
    expect(page.html).toContain('百万医疗险')
    expect(page.html).not.toContain('product-card-placeholder')
    expect(page.snapshot).toEqual({ pathname: '/activity/launch', nowMs: NOW, withData: true })
    const block = { id: PUBLISHED_PAGE_DATA_ID, textContent: page.payload }
    const doc = { getElementById: (id: string) => (id === block.id ? block : null) } as unknown as Document
    expect(readPublishedPage(doc)?.data?.hot.data).toMatchObject({ items: [{ id: 'p-a' }, { id: 'p-b' }] })
  })

  it('renders before its data when a data source fails (the browser asks again)', async () => {
    const page = await render('/activity/launch-down')
    if (!page.rendered) throw new Error(page.reason)
    expect(page.html).toContain('product-card-placeholder')
    expect(page.snapshot).toEqual({ pathname: '/activity/launch-down', nowMs: NOW })
    expect(JSON.parse(page.payload)).not.toHaveProperty('data')
  })

  it('renders the in-app layout (no title bar) under /app', async () => {
    const page = await render('/app/activity/spring-health')
    if (!page.rendered) throw new Error(page.reason)
    expect(page.route).toBe(LIGHT_SHELL_TEMPLATE)
    expect(page.snapshot).toEqual({ pathname: '/app/activity/spring-health', nowMs: NOW })
    expect(page.html).toContain('活动火热进行中')
    expect(page.html).not.toContain('adm-nav-bar-title')
  })

  it("renders a preview link's draft at its moment, with the badge", async () => {
    const page = await render('/activity/spring-health?preview=tok')
    if (!page.rendered) throw new Error(page.reason)
    expect(page.route).toBe('/activity/:id')
    expect(page.html).toContain('预览')
    expect(page.html).toContain('预热中 敬请期待')
    expect(page.html).not.toContain('活动火热进行中')
  })

  it('renders the not-found screen for an unknown id', async () => {
    const page = await render('/activity/nope')
    if (!page.rendered) throw new Error(page.reason)
    expect(page.route).toBe('/activity/:id')
    expect(page.html).toContain('您访问的页面不存在或已下线')
  })
})
