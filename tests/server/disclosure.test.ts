import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Disclosure } from '../../src/types/generated/api/disclosure'
import { createTestApp, type TestApp } from './helpers'
import { MEDICAL } from './ordersFlow'

let test: TestApp

beforeAll(async () => {
  test = await createTestApp()
})
afterAll(async () => test.close())

const get = (url: string) => test.app.inject({ method: 'GET', url })

describe('service and disclosure', () => {
  it("names the intermediary and the product's insurer with licences, hotlines and the complaint channel", async () => {
    const response = await get(`/api/disclosure?productId=${MEDICAL}`)
    expect(response.statusCode).toBe(200)
    const { platform, insurer } = response.json<Disclosure>()
    expect(platform).toMatchObject({
      name: '国恒保险经纪有限公司（演示）',
      licenceNo: expect.stringMatching(/^\d{15}$/),
      regulatorHotline: '12378',
      onlineServicePath: '/service',
    })
    const product = (await get(`/api/products/${MEDICAL}`)).json<{ insurerCode: string }>()
    expect(insurer).toMatchObject({
      code: product.insurerCode,
      name: expect.stringContaining('保险股份有限公司'),
      licenceNo: expect.stringMatching(/^\d{6}$/),
      creditCode: expect.stringMatching(/^[0-9A-HJ-NPQRTUWXY]{18}$/),
      hotline: expect.stringMatching(/^[0-9-]+$/),
      solvency: { comprehensiveRatioPct: expect.any(Number), riskRating: expect.any(String) },
    })
  })

  it('gives every insurer of the catalog a disclosure', async () => {
    const insurers = (await get('/api/insurers')).json<{ items: { code: string }[] }>().items
    const rows = await test.db.db.selectFrom('insurer_disclosures').select('insurer_code').execute()
    expect(rows.map((r) => r.insurer_code).sort()).toEqual(insurers.map((i) => i.code).sort())
  })

  it('answers the platform alone without a product, and 404 in Chinese for an unknown one', async () => {
    expect((await get('/api/disclosure')).json<Disclosure>().insurer).toBeNull()
    const missing = await get('/api/disclosure?productId=p-none')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ error: { message: '产品不存在' } })
  })
})
