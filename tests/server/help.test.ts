import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { SIGN_IN_LADDER } from '../../src/domain/signIn'
import { ORDER_PAYMENT_WINDOW_MS } from '../../src/domain/order'
import type { ApiError } from '../../src/types/generated/api/common'
import type { FaqList, FaqQuestion } from '../../src/types/generated/api/help'
import { FAQ_FILE, loadFaq } from '../../server/modules/help/service'
import { createTestApp, type TestApp } from './helpers'

// The FAQ: a checked file, by category, searched in questions and answers, one question with its answer as the
// safe element tree; and the content says what the code does.
let test: TestApp

beforeAll(async () => {
  test = await createTestApp()
})
afterAll(async () => test.close())

const get = async <T>(url: string) => {
  const res = await test.app.inject({ method: 'GET', url })
  return { status: res.statusCode, body: res.json<T>() }
}

describe('GET /api/help/faq', () => {
  it('lists every question with the five categories and their counts', async () => {
    const { status, body } = await get<FaqList>('/api/help/faq')
    expect(status).toBe(200)
    expect(body.categories.map((c) => c.name)).toEqual(['投保', '支付', '保单', '理赔', '账户与积分'])
    expect(body.items.length).toBeGreaterThanOrEqual(20)
    expect(body.categories.reduce((n, c) => n + c.count, 0)).toBe(body.items.length)
    expect(body.categories.every((c) => c.count >= 3)).toBe(true)
  })

  it('filters by category and searches questions first, then answers (Chinese substrings)', async () => {
    const payment = (await get<FaqList>('/api/help/faq?category=payment')).body
    expect(payment.items.every((i) => i.category === 'payment')).toBe(true)
    expect(payment.items.length).toBe(payment.categories.find((c) => c.code === 'payment')?.count)

    const coolingOff = (await get<FaqList>(`/api/help/faq?q=${encodeURIComponent('犹豫期')}`)).body
    expect(coolingOff.items[0].question).toContain('犹豫期')
    // 犹豫期 also appears only in answers of other questions: those come after.
    const firstAnswerOnly = coolingOff.items.findIndex((i) => !i.question.includes('犹豫期'))
    expect(firstAnswerOnly).toBeGreaterThan(0)
    expect(coolingOff.items.slice(firstAnswerOnly).every((i) => !i.question.includes('犹豫期'))).toBe(true)

    const inCategory = (await get<FaqList>(`/api/help/faq?category=account&q=${encodeURIComponent('积分')}`))
      .body
    expect(inCategory.items.length).toBeGreaterThan(0)
    expect(inCategory.items.every((i) => i.category === 'account')).toBe(true)

    const none = (await get<FaqList>(`/api/help/faq?q=${encodeURIComponent('火星移民')}`)).body
    expect(none.items).toEqual([])
    // Whitespace only is no search; markdown marks are not matched.
    expect((await get<FaqList>('/api/help/faq?q=%20%20')).body.items.length).toBe(
      none.categories.reduce((n, c) => n + c.count, 0),
    )
    expect((await get<FaqList>('/api/help/faq?q=**')).body.items).toEqual([])
  })

  it('refuses a long search, an unknown category and control characters with 400 naming the field', async () => {
    const long = await get<ApiError>(`/api/help/faq?q=${encodeURIComponent('保'.repeat(31))}`)
    expect(long.status).toBe(400)
    expect(long.body.error.details?.[0].field).toBe('q')
    expect((await get<ApiError>('/api/help/faq?category=tax')).status).toBe(400)
    expect((await get<ApiError>('/api/help/faq?q=%00')).status).toBe(400)
  })
})

describe('GET /api/help/faq/:id', () => {
  it('answers one question as an element tree, with others of its category', async () => {
    const { status, body } = await get<FaqQuestion>('/api/help/faq/points-earn')
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: 'points-earn', category: 'account', categoryName: '账户与积分' })
    expect(JSON.stringify(body.answer)).toContain('"tag":"strong"')
    expect(body.related.length).toBeGreaterThan(0)
    expect(body.related.every((r) => r.category === 'account' && r.id !== 'points-earn')).toBe(true)
  })

  it('is a 404 for an unknown id and a 400 for a malformed one', async () => {
    const missing = await get<ApiError>('/api/help/faq/no-such-question')
    expect(missing.status).toBe(404)
    expect(missing.body.error.message).toBe('问题不存在')
    expect((await get<ApiError>('/api/help/faq/..%2Fetc')).status).toBe(400)
  })
})

describe('the FAQ content', () => {
  const content = loadFaq()
  const answer = (id: string) => content.items.find((i) => i.id === id)?.answer ?? ''

  it('states the rules as the code has them', () => {
    expect(answer('points-earn')).toContain(SIGN_IN_LADDER.join('、'))
    expect(answer('points-earn')).toContain('每1元获得1积分')
    expect(answer('payment-window')).toContain(`${ORDER_PAYMENT_WINDOW_MS / 60_000}分钟`)
  })

  it('stops start-up with the reason when the file is broken', () => {
    const dir = mkdtempSync(join(tmpdir(), 'faq-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const broken = JSON.parse(readFileSync(FAQ_FILE, 'utf8')) as { items: { id: string; category: string }[] }
    broken.items[1].id = broken.items[0].id
    writeFileSync(join(dir, 'dup.json'), JSON.stringify(broken))
    expect(() => loadFaq(join(dir, 'dup.json'))).toThrow(`question id "${broken.items[0].id}" appears twice`)
    broken.items[1].category = 'tax'
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(broken))
    expect(() => loadFaq(join(dir, 'bad.json'))).toThrow(/\/items\/1\/category/)
  })
})
