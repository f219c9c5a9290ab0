import { describe, expect, it } from 'vitest'
import { renderScreen } from '../../../../src/app/ssr/renderScreen'

// A page published through the studio is rendered by the server like a screen: it shows before any
// JavaScript, with its title, its blocks for the moment of the request and its compiled markdown.

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
  if (url.pathname === '/api/me')
    return json(401, { error: { code: 'UNAUTHENTICATED', message: '请先登录' } })
  return json(404, { error: { code: 'PAGE_NOT_FOUND', message: '页面不存在' } })
}

const render = (url: string) =>
  renderScreen({ url, userAgent: 'Mozilla/5.0 (iPhone)', fetch: api, nowMs: NOW, dataBudgetMs: 5000 })

describe('server rendering of /activity/{id}', () => {
  it('renders the live version with its title, blocks of the phase and markdown', async () => {
    const page = await render('/activity/spring-health')
    if (!page.rendered) throw new Error(page.reason)
    expect(page.route).toBe('/activity/:id')
    expect(page.html).toContain('<div class="adm-nav-bar-title">春季健康节</div>')
    expect(page.html).toContain('健康生活 从春天开始')
    expect(page.html).toContain('活动火热进行中')
    expect(page.html).not.toContain('预热中 敬请期待')
    expect(page.html).toContain('活动规则')
    expect(page.html).not.toContain('<!--$!-->')
  })

  it("renders a preview link's draft at its moment, with the badge", async () => {
    const page = await render('/activity/spring-health?preview=tok')
    if (!page.rendered) throw new Error(page.reason)
    expect(page.html).toContain('预览')
    expect(page.html).toContain('预热中 敬请期待')
    expect(page.html).not.toContain('活动火热进行中')
  })

  it('renders the not-found screen for an unknown id', async () => {
    const page = await render('/activity/nope')
    if (!page.rendered) throw new Error(page.reason)
    expect(page.html).toContain('您访问的页面不存在或已下线')
  })
})
