import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Order, OrderApplication } from '../../src/types/generated/api/order'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { Buyer, CHILD_ID, holder, MEDICAL, selfInsured } from './ordersFlow'

// One app per file (a fresh database costs seconds); every test buys as a new user.
let test: TestApp
const clock = testClock() // starts 2026-11-22 12:00 Asia/Shanghai
let buyer: Buyer
let users = 0

const newBuyer = async () => {
  users += 1
  return new Buyer(
    test.app,
    await loginAs(test.app, `1380000${String(users).padStart(4, '0')}`, `10.0.1.${users}`),
  )
}
const shanghai = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().replace('Z', '+08:00')

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
})
afterAll(async () => test.close())
beforeEach(async () => {
  buyer = await newBuyer()
})

describe('purchase gates', () => {
  it('refuses to start without the recorded-sales acknowledgement, and needs login', async () => {
    const body = {
      productId: MEDICAL,
      planCode: 'standard',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      recordingNoticeAcknowledged: false,
    }
    const res = await buyer.call('POST', '/api/applications', body)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('RECORDING_NOTICE_REQUIRED')
    const anonymous = await test.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: { ...body, recordingNoticeAcknowledged: true },
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('lists 投保须知 and every clause, none confirmed, and confirms only what was opened', async () => {
    const application = await buyer.startApplication()
    expect(application.documents[0]).toMatchObject({
      id: 'notice',
      kind: 'notice',
      title: '投保须知',
      openedAt: null,
      confirmedAt: null,
    })
    expect(application.documents.filter((d) => d.kind === 'clause').length).toBeGreaterThan(0)
    expect(application.documents.every((d) => d.confirmedAt === null)).toBe(true)

    const early = await buyer.call('POST', `/api/applications/${application.id}/documents/notice`, {
      action: 'confirm',
    })
    expect(early.statusCode).toBe(409)
    expect(early.json().error).toMatchObject({
      code: 'DOCUMENT_NOT_OPENED',
      message: '请先打开阅读《投保须知》再确认',
    })

    await buyer.call('POST', `/api/applications/${application.id}/documents/notice`, { action: 'open' })
    const openedAt = shanghai(clock.now())
    clock.advance(20_000)
    const confirmed = await buyer.call('POST', `/api/applications/${application.id}/documents/notice`, {
      action: 'confirm',
    })
    const notice = confirmed.json<OrderApplication>().documents[0]
    expect(notice.openedAt).toBe(openedAt)
    expect(notice.confirmedAt).toBe(shanghai(clock.now()))
  })

  it('confirms every document with one 我已阅读并同意, keeping what was and was not opened, and the order records it', async () => {
    const application = await buyer.startApplication()
    const clause = application.documents.find((d) => d.kind === 'clause')!
    await buyer.call(
      'POST',
      `/api/applications/${application.id}/documents/${encodeURIComponent(clause.id)}`,
      {
        action: 'open',
      },
    )
    const openedAt = shanghai(clock.now())
    clock.advance(30_000)
    const refused = await buyer.call('POST', `/api/applications/${application.id}/documents`, {
      agreed: false,
    })
    expect(refused.statusCode).toBe(400)
    const all = await buyer.call('POST', `/api/applications/${application.id}/documents`, { agreed: true })
    expect(all.statusCode, all.body).toBe(200)
    const documents = all.json<OrderApplication>().documents
    expect(documents.every((d) => d.confirmedAt === shanghai(clock.now()))).toBe(true)
    expect(documents.find((d) => d.id === clause.id)?.openedAt).toBe(openedAt)
    expect(documents.find((d) => d.id === 'notice')?.openedAt).toBeNull()

    expect((await buyer.answerHealth(application.id)).statusCode).toBe(200)
    const order = await buyer.createOrder({ applicationId: application.id })
    expect(order.statusCode, order.body).toBe(200)
    const consents = order.json<Order>().consents
    expect(consents.find((c) => c.document === 'notice')).toMatchObject({ openedAt: null })
    expect(consents.find((c) => c.document === clause.id)).toMatchObject({ openedAt })
  })

  it('will not take health answers or an order before every document is confirmed', async () => {
    const application = await buyer.startApplication()
    const health = await buyer.answerHealth(application.id)
    expect(health.statusCode).toBe(409)
    expect(health.json().error.code).toBe('NOTICE_NOT_CONFIRMED')
    const order = await buyer.createOrder({ applicationId: application.id })
    expect(order.statusCode).toBe(409)
    expect(order.json().error.code).toBe('NOTICE_NOT_CONFIRMED')
  })

  it('cannot skip the health notification, and a "yes" stops the insured until answered again', async () => {
    const application = await buyer.startApplication()
    await buyer.confirmAll(application)
    const skipped = await buyer.createOrder({ applicationId: application.id })
    expect(skipped.statusCode).toBe(409)
    expect(skipped.json().error).toMatchObject({ code: 'HEALTH_NOT_PASSED', message: '请先完成健康告知' })

    const yes = await buyer.answerHealth(application.id, 'yes')
    expect(yes.json()).toMatchObject({ passed: false, application: { health: { passed: false } } })
    const stopped = await buyer.createOrder({ applicationId: application.id })
    expect(stopped.statusCode).toBe(409)
    expect(stopped.json().error.code).toBe('HEALTH_NOT_PASSED')

    // 重新选择: answered again, all "no".
    expect((await buyer.answerHealth(application.id, 'no')).json().passed).toBe(true)
    expect((await buyer.createOrder({ applicationId: application.id })).statusCode).toBe(200)
  })

  it('requires every health question answered', async () => {
    const application = await buyer.startApplication()
    await buyer.confirmAll(application)
    const res = await buyer.call('POST', `/api/applications/${application.id}/health`, {
      insuredRelation: '1',
      answers: [{ questionId: 'hq1', answer: 'no' }],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('ANSWERS_INCOMPLETE')
  })

  it('ties the health notification to the insured it was made for', async () => {
    const application = await buyer.readyApplication() // answered for 本人
    const child = {
      ...selfInsured,
      name: '张小花',
      certNo: CHILD_ID,
      birthday: '2020-02-29',
      gender: 'F',
      relationType: '3',
    }
    const res = await buyer.createOrder({ applicationId: application.id, insured: child })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.code).toBe('HEALTH_NOT_PASSED')
  })
})

describe('POST /api/orders', () => {
  it('prices on the server and ignores a tampered price', async () => {
    const application = await buyer.readyApplication()
    const quote = await buyer.call('POST', '/api/quotes', {
      productId: MEDICAL,
      planCode: 'standard',
      birthDate: holder.birthday,
      gender: 'M',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      socialInsurance: 'Y',
    })
    const serverPrice = quote.json<{ premiumFen: number }>().premiumFen
    expect(serverPrice).toBeGreaterThan(100)

    const createdAt = clock.now()
    const res = await buyer.createOrder({ applicationId: application.id, displayedPremiumFen: 1 })
    expect(res.statusCode).toBe(200)
    const order = res.json<Order>()
    expect(order).toMatchObject({
      status: 'PENDING_PAYMENT',
      premiumFen: serverPrice,
      productId: MEDICAL,
      planCode: 'standard',
      coolingOffDays: 15,
      createdAt: shanghai(createdAt),
      expiresAt: shanghai(new Date(createdAt.getTime() + 30 * 60_000)),
      holder: { name: '张三', certNo: holder.certNo },
    })
    expect(order.consents.map((c) => c.document)).toEqual(application.documents.map((d) => d.id))
    expect(order.consents.every((c) => c.openedAt && c.confirmedAt)).toBe(true)
  })

  it('rejects a wrong ID number with the field named in Chinese', async () => {
    const application = await buyer.readyApplication()
    const res = await buyer.createOrder({
      applicationId: application.id,
      holder: { ...holder, certNo: '110101199003078516' },
      insured: { ...selfInsured, certNo: '110101199003078516' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      code: 'INVALID_APPLICATION',
      message: '身份证号校验位不正确，请核对',
    })
    expect(res.json().error.details).toContainEqual({
      field: 'holder.certNo',
      message: '身份证号校验位不正确，请核对',
    })
  })

  it('rejects a policyholder under 18 and 本人 that is not the holder', async () => {
    const application = await buyer.readyApplication()
    const minorHolder = { ...holder, name: '张小花', certNo: CHILD_ID, birthday: '2020-02-29', gender: 'F' }
    const res = await buyer.createOrder({
      applicationId: application.id,
      holder: minorHolder,
      insured: { ...selfInsured, ...minorHolder },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.details).toContainEqual({
      field: 'holder.birthday',
      message: '投保人须年满18周岁',
    })

    const other = await buyer.createOrder({
      applicationId: application.id,
      insured: { ...selfInsured, name: '李四' },
    })
    expect(other.statusCode).toBe(400)
    expect(other.json().error.details[0].field).toBe('insured.relationType')
  })

  it('rejects unknown fields and bad types as 400 naming the field', async () => {
    const application = await buyer.readyApplication()
    const res = await buyer.createOrder({
      applicationId: application.id,
      holder: { ...holder, certTime: 2 as 0 },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('INVALID_INPUT')
  })

  it('makes one order of one application even when submitted twice', async () => {
    const application = await buyer.readyApplication()
    const [a, b] = await Promise.all([
      buyer.createOrder({ applicationId: application.id }),
      buyer.createOrder({ applicationId: application.id }),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    expect((await buyer.call('GET', '/api/orders')).json<{ items: Order[] }>().items).toHaveLength(1)
  })
})

describe('orders', () => {
  it('closes an unpaid order after 30 minutes; paying it then fails with ORDER_CLOSED', async () => {
    const order = await buyer.order()
    clock.advance(29 * 60_000)
    expect((await buyer.call('GET', `/api/orders/${order.id}`)).json<Order>().status).toBe('PENDING_PAYMENT')
    clock.advance(60_000)
    expect((await buyer.call('GET', `/api/orders/${order.id}`)).json<Order>().status).toBe('CLOSED')
    const pay = await buyer.call('POST', `/api/orders/${order.id}/pay`, { channel: 'wechat' })
    expect(pay.statusCode).toBe(409)
    expect(pay.json().error.code).toBe('ORDER_CLOSED')
  })

  it('lists by status tabs and cancels a pending order once', async () => {
    const first = await buyer.order()
    await buyer.order()
    const cancelled = await buyer.call('POST', `/api/orders/${first.id}/cancel`)
    expect(cancelled.json<Order>().status).toBe('CLOSED')
    const again = await buyer.call('POST', `/api/orders/${first.id}/cancel`)
    expect(again.statusCode).toBe(409)
    const unpaid = await buyer.call('GET', '/api/orders?status=PENDING_PAYMENT,PAY_FAILED')
    expect(unpaid.json<{ items: Order[] }>().items).toHaveLength(1)
    const closed = await buyer.call('GET', '/api/orders?status=CLOSED')
    expect(closed.json<{ items: Order[] }>().items.map((o) => o.id)).toEqual([first.id])
    const bad = await buyer.call('GET', '/api/orders?status=LOST')
    expect(bad.statusCode).toBe(400)
  })

  it('never shows or lets another user touch an order or application', async () => {
    const order = await buyer.order()
    const application = await buyer.startApplication()
    const other = await newBuyer()
    expect((await other.call('GET', `/api/orders/${order.id}`)).statusCode).toBe(404)
    expect((await other.call('POST', `/api/orders/${order.id}/pay`, { channel: 'wechat' })).statusCode).toBe(
      404,
    )
    expect((await other.call('POST', `/api/orders/${order.id}/cancel`)).statusCode).toBe(404)
    expect((await other.call('GET', `/api/applications/${application.id}`)).statusCode).toBe(404)
    expect((await other.call('GET', '/api/orders')).json<{ items: Order[] }>().items).toEqual([])
  })
})

describe('OpenAPI', () => {
  it('publishes the purchase routes with their schemas', async () => {
    const doc = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>
    }>()
    for (const path of [
      '/api/applications',
      '/api/applications/{id}/health',
      '/api/orders',
      '/api/orders/{id}/pay',
      '/api/payments/callback/{provider}',
      '/api/policies/shared',
    ]) {
      expect(doc.paths[path], path).toBeDefined()
    }
    expect(doc.paths['/api/orders'].post.requestBody).toBeDefined()
  })
})
