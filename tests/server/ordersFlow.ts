import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import type { Order, OrderApplication, OrderCreate } from '../../src/types/generated/api/order'
import type { Payment } from '../../src/types/generated/api/payment'
import type { Policy } from '../../src/types/generated/api/policy'
import { json } from './helpers'

// Drives the purchase gates through the real API, for the orders, payments and policies tests.

export const MEDICAL = 'p-medical-million'

import { holder, selfInsured } from '../fixtures/people'

export { CHILD_ID, HOLDER_ID, holder, selfInsured } from '../fixtures/people'

export class Buyer {
  constructor(
    readonly app: FastifyInstance,
    readonly cookie: string,
  ) {}

  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    return json(this.app, { method, url, headers: { cookie: this.cookie, ...headers }, body })
  }

  async startApplication(
    productId = MEDICAL,
    planCode = 'standard',
    coveragePeriod = '1y',
    paymentPeriod = 'single',
  ) {
    const res = await this.call('POST', '/api/applications', {
      productId,
      planCode,
      coveragePeriod,
      paymentPeriod,
      recordingNoticeAcknowledged: true,
    })
    if (res.statusCode !== 200) throw new Error(`application ${res.statusCode}: ${res.body}`)
    return res.json<OrderApplication>()
  }

  async confirmAll(application: OrderApplication) {
    for (const document of application.documents) {
      for (const action of ['open', 'confirm']) {
        const res = await this.call(
          'POST',
          `/api/applications/${application.id}/documents/${encodeURIComponent(document.id)}`,
          { action },
        )
        if (res.statusCode !== 200) throw new Error(`${action} ${document.id} ${res.statusCode}: ${res.body}`)
      }
    }
  }

  async answerHealth(applicationId: string, answer: 'yes' | 'no' = 'no', insuredRelation = '1') {
    const application = (
      await this.call('GET', `/api/applications/${applicationId}`)
    ).json<OrderApplication>()
    const product = (await this.call('GET', `/api/products/${application.productId}`)).json<{
      healthQuestions: { id: string }[]
    }>()
    return this.call('POST', `/api/applications/${applicationId}/health`, {
      insuredRelation,
      answers: product.healthQuestions.map((q, i) => ({ questionId: q.id, answer: i === 0 ? answer : 'no' })),
    })
  }

  /** Application with every gate passed, ready for POST /api/orders. */
  async readyApplication(productId = MEDICAL, planCode = 'standard', coveragePeriod = '1y') {
    const application = await this.startApplication(productId, planCode, coveragePeriod)
    await this.confirmAll(application)
    const health = await this.answerHealth(application.id)
    if (health.statusCode !== 200) throw new Error(`health ${health.statusCode}: ${health.body}`)
    return application
  }

  createOrder(body: Partial<OrderCreate> & { applicationId: string }) {
    return this.call('POST', '/api/orders', { holder, insured: selfInsured, ...body })
  }

  async order(productId = MEDICAL, extra: Partial<OrderCreate> = {}): Promise<Order> {
    const application = await this.readyApplication(productId)
    const res = await this.createOrder({ applicationId: application.id, ...extra })
    if (res.statusCode !== 200) throw new Error(`order ${res.statusCode}: ${res.body}`)
    return res.json<Order>()
  }

  async pay(orderId: string, channel = 'wechat'): Promise<Payment> {
    const res = await this.call('POST', `/api/orders/${orderId}/pay`, { channel })
    if (res.statusCode !== 200) throw new Error(`pay ${res.statusCode}: ${res.body}`)
    return res.json<Payment>()
  }

  /** A medical policy bought and paid through the sandbox: issued, with its points. */
  async issuedPolicy(): Promise<Policy> {
    const order = await this.order()
    const payment = await this.pay(order.id)
    await this.simulate(payment.paymentId, 'SUCCEEDED')
    const { policyId } = (await this.call('GET', `/api/orders/${order.id}`)).json<Order>()
    return (await this.call('GET', `/api/policies/${policyId}`)).json<Policy>()
  }

  simulate(paymentId: string, outcome: 'SUCCEEDED' | 'FAILED') {
    return json(this.app, {
      method: 'POST',
      url: `/api/sandbox/payments/${paymentId}/simulate`,
      body: { outcome },
    })
  }
}

/** A zero-premium gift product that mails a paper policy (no demo product is both). */
export async function insertGiftProduct(db: Kysely<DB>, id = 'p-test-gift'): Promise<string> {
  await db
    .insertInto('products')
    .values({
      id,
      name: '测试赠险（纸质保单）',
      tagline: '0元领取',
      image: '/images/products/gift.svg',
      category_code: 'accident',
      insurer_code: (await db.selectFrom('insurers').select('code').executeTakeFirstOrThrow()).code,
      tags: JSON.stringify(['赠险']),
      description: '赠险',
      age_min_years: 18,
      age_min_days: 0,
      age_max_years: 60,
      waiting_period_days: 0,
      cooling_off_days: 0,
      needs_address: true,
      health_questions: JSON.stringify([]),
      notice: '## 投保须知',
      coverage_periods: JSON.stringify(['30d']),
      payment_periods: JSON.stringify(['single']),
      sales_count: 0,
      rating_tenths: 45,
      min_premium_fen: 0,
      sort: 999,
    })
    .execute()
  await db
    .insertInto('product_plans')
    .values({
      product_id: id,
      code: 'gift',
      name: '赠送版',
      sort: 0,
      coverages: JSON.stringify([{ name: '意外身故/伤残', amountFen: 1_000_000, description: '' }]),
    })
    .execute()
  await db
    .insertInto('premium_rates')
    .values({
      product_id: id,
      plan_code: 'gift',
      age_min: 18,
      age_max: 60,
      gender: 'ANY',
      coverage_period: '30d',
      payment_period: 'single',
      social_insurance: 'ANY',
      premium_fen: 0,
    })
    .execute()
  return id
}
