import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { Buyer } from './ordersFlow'
import { readPdf } from './readPdf'

let test: TestApp
const clock = testClock()
let users = 0

const newBuyer = async () => {
  users += 1
  return new Buyer(
    test.app,
    await loginAs(test.app, `1370000${String(users).padStart(4, '0')}`, `10.0.7.${users}`),
  )
}

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
})
afterAll(async () => test.close())

describe('e-policy PDF', () => {
  it("downloads as a sealed PDF with the policy number, the parties' names and the clauses, for its owner only", async () => {
    const buyer = await newBuyer()
    const policy = await buyer.issuedPolicy()
    const response = await buyer.call('GET', `/api/policies/${policy.id}/epolicy.pdf`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toContain(`epolicy-${policy.policyNo}.pdf`)
    const bytes = response.rawPayload
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    // The embedded font is a subset: the whole Noto Sans SC file is 10 MB.
    expect(bytes.length).toBeLessThan(200_000)

    const { pages, linkedPages } = await readPdf(bytes)
    const first = pages[0].replace(/\s+/g, '')
    expect(first).toContain(policy.policyNo)
    expect(first).toContain(policy.holder.name)
    expect(first).toContain(policy.insured.name)
    expect(first).toContain(policy.holder.certNoMasked)
    expect(first).toContain('电子保单专用章')
    expect(first).toContain('经纪业务许可证')
    // Each clause listed on the first page links to its full text, on a page of its own.
    const clausePages = policy.clauses.map((clause) => {
      expect(first).toContain(`《${clause.title}》`)
      return pages.findIndex((page, i) => i > 0 && page.replace(/\s+/g, '').startsWith(`《${clause.title}》`))
    })
    expect(clausePages.every((i) => i > 0)).toBe(true)
    expect(linkedPages).toEqual(clausePages)

    const other = await newBuyer()
    const foreign = await other.call('GET', `/api/policies/${policy.id}/epolicy.pdf`)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ error: { message: '保单不存在' } })
    const anonymous = await test.app.inject({ method: 'GET', url: `/api/policies/${policy.id}/epolicy.pdf` })
    expect(anonymous.statusCode).toBe(401)
  })
})
