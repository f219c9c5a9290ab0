import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArticleDetail, ArticlePage, CategoryList } from '../../src/types/generated/api/content'
import { DEMO_CONTENT } from '../../server/db/seed/content'
import { createTestApp, type TestApp } from './helpers'

// Content: the seeded articles and videos by category, newest first page by page, one article with its body as
// the safe tree and its related products, and the video files served in ranges (a phone's player asks for them).
let test: TestApp
let distDir: string
const VIDEO = join(import.meta.dirname, '../../public/videos/content/v-claim.webm')

beforeAll(async () => {
  // A built app's folder: the SPA's page and one video, as `npm run build` copies public/ into dist/.
  distDir = mkdtempSync(join(tmpdir(), 'mall-content-'))
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>商城</title><div id="root"></div>')
  mkdirSync(join(distDir, 'videos/content'), { recursive: true })
  copyFileSync(VIDEO, join(distDir, 'videos/content/v-claim.webm'))
  test = await createTestApp({ distDir, screenRendering: false })
})
afterAll(async () => {
  await test.close()
  rmSync(distDir, { recursive: true, force: true })
})

const get = (url: string) => test.app.inject({ url })

describe('content', () => {
  it('lists the categories, 推荐 first, with their counts and which are 保险知识 topics', async () => {
    const res = await get('/api/content/categories')
    expect(res.statusCode).toBe(200)
    const { items } = res.json<CategoryList>()
    expect(items.map((c) => [c.code, c.name, c.topic])).toEqual([
      ['RECOMMEND', '推荐', false],
      ['KNOWLEDGE', '险种知识', true],
      ['RULES', '投保须知', true],
      ['CLAIM', '理赔指南', true],
      ['PLANNING', '家庭规划', true],
    ])
    expect(items.find((c) => c.code === 'RECOMMEND')?.count).toBe(
      DEMO_CONTENT.filter((c) => c.recommended).length,
    )
    expect(items.find((c) => c.code === 'RULES')?.count).toBe(3)
    expect(items.reduce((sum, c) => sum + (c.code === 'RECOMMEND' ? 0 : c.count), 0)).toBe(
      DEMO_CONTENT.length,
    )
  })

  it('pages a category newest first without repeats, and 推荐 holds the picks of every category', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const url: string = `/api/content/articles?category=KNOWLEDGE&limit=3${cursor ? `&cursor=${cursor}` : ''}`
      const page = (await get(url)).json<ArticlePage>()
      expect(page.items.every((a) => a.category === 'KNOWLEDGE' && a.categoryName === '险种知识')).toBe(true)
      seen.push(...page.items.map((a) => a.id))
      cursor = page.nextCursor
      pages += 1
    } while (cursor && pages < 10)
    const expected = DEMO_CONTENT.filter((c) => c.category === 'KNOWLEDGE')
      .sort((a, b) => a.daysAgo - b.daysAgo || b.id.localeCompare(a.id))
      .map((c) => c.id)
    expect(seen).toEqual(expected)
    expect(pages).toBe(Math.ceil(expected.length / 3))

    const picks = (await get('/api/content/articles?category=RECOMMEND&limit=50')).json<ArticlePage>()
    expect(new Set(picks.items.map((a) => a.category))).toEqual(
      new Set(['KNOWLEDGE', 'RULES', 'CLAIM', 'PLANNING']),
    )
    expect(picks.items[0].id).toBe('v-medical')
    const times = picks.items.map((a) => Date.parse(a.publishedAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })

  it('filters videos, each with its file and duration', async () => {
    const page = (await get('/api/content/articles?kind=video&limit=50')).json<ArticlePage>()
    expect(page.items.map((v) => v.id).sort()).toEqual(['v-accident', 'v-claim', 'v-critical', 'v-medical'])
    for (const video of page.items) {
      expect(video.video).toMatch(/^\/videos\/content\/v-[a-z]+\.webm$/)
      expect(video.durationSeconds).toBeGreaterThan(0)
      expect(statSync(join(import.meta.dirname, '../../public', video.video!)).size).toBeLessThan(300_000)
    }
    const articles = (await get('/api/content/articles?kind=article&limit=50')).json<ArticlePage>()
    expect(articles.items.every((a) => a.video === null && a.durationSeconds === null)).toBe(true)
    expect(articles.items).toHaveLength(DEMO_CONTENT.length - 4)
  })

  it('answers an article with its body as the safe tree and its related products as cards', async () => {
    const res = await get('/api/content/articles/a-medical-basics')
    expect(res.statusCode).toBe(200)
    const article = res.json<ArticleDetail>()
    expect(article).toMatchObject({
      title: '百万医疗险是什么？一篇看懂报销型保障',
      kind: 'article',
      categoryName: '险种知识',
    })
    expect(article.body).toContainEqual(expect.objectContaining({ tag: 'h2', children: ['保障什么'] }))
    expect(JSON.stringify(article.body)).not.toContain('##')
    expect(article.related.map((p) => p.id)).toEqual(['p-medical-million', 'p-medical-mid'])
    expect(article.related[0]).toMatchObject({ name: expect.any(String), minPremiumFen: expect.any(Number) })
  })

  it('answers an unknown article with a Chinese 404, and a malformed id or cursor with a 400', async () => {
    const missing = await get('/api/content/articles/a-no-such-article')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error).toMatchObject({ code: 'NOT_FOUND', message: '文章不存在' })
    expect((await get('/api/content/articles/%E4%BD%A0')).statusCode).toBe(400)
    const cursor = await get('/api/content/articles?cursor=bm9wZQ')
    expect(cursor.statusCode).toBe(400)
    expect(cursor.json().error.details).toEqual([{ field: 'cursor', message: '分页游标无效' }])
    expect((await get('/api/content/articles?category=NEWS')).statusCode).toBe(400)
  })

  it('serves a video in ranges, as a phone player asks for it', async () => {
    const size = statSync(VIDEO).size
    const part = await test.app.inject({
      url: '/videos/content/v-claim.webm',
      headers: { range: 'bytes=0-99' },
    })
    expect(part.statusCode).toBe(206)
    expect(part.headers['accept-ranges']).toBe('bytes')
    expect(part.headers['content-range']).toBe(`bytes 0-99/${size}`)
    expect(part.rawPayload).toHaveLength(100)
    expect(part.headers['content-type']).toMatch(/^video\/webm/)
    const whole = await test.app.inject({ url: '/videos/content/v-claim.webm' })
    expect(whole.statusCode).toBe(200)
    expect(whole.rawPayload).toHaveLength(size)
  })
})
