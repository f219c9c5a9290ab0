import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { checksumChar } from '../../../src/domain/certificate'
import type {
  PartnerApplication,
  PartnerOrder,
  PartnerQuote,
  PartnerQuoteRequest,
} from '../../../src/types/generated/api/partner'
import type { Payment } from '../../../src/types/generated/api/payment'
import type { AppOptions } from '../../../server/app'
import type { HuatingSandbox } from '../../../server/modules/partners/sandbox/service'
import type { Fault } from '../../../server/modules/partners/sandbox/faults'
import { createTestApp, json, loginAs, type TestApp } from '../helpers'

// Partner-product tests: an app with the sandbox partner (its own HTTP service), listening on 127.0.0.1 so the
// sandbox's signed callbacks reach it, with short timeouts; a buyer that quotes, applies and pays.

/** A valid resident ID number (GB 11643 checksum) for a birth date and a sequence (odd: male). */
export function residentId(birthday: string, sequence = '123'): string {
  const first17 = `110101${birthday.replaceAll('-', '')}${sequence}`
  return first17 + checksumChar(first17)
}

export const HOLDER_ID = residentId('1990-03-07', '851')

/** The travel product's trip in the tests (bought on 2026-11-25). */
export const TRIP = { destination: '云南', startDate: '2026-12-01', endDate: '2026-12-05' }

export interface PartnerTestApp extends TestApp {
  sandbox: HuatingSandbox
  /** Waits for background issue attempts and the sandbox's callbacks to be over. */
  settle(): Promise<void>
  faults(...faults: Fault[]): void
}

export async function createPartnerApp(options: Omit<AppOptions, 'database'> = {}): Promise<PartnerTestApp> {
  const test = await createTestApp({
    orderSweepMs: 0,
    ...options,
    partners: {
      sandbox: { issueDelayMs: 10 },
      huating: { timeoutMs: 300, retries: 1, retryDelayMs: 10 },
      ...options.partners,
    },
  })
  await test.app.listen({ host: '127.0.0.1', port: 0 })
  const sandbox = test.app.services.partnerConfig.sandbox
  if (!sandbox) throw new Error('the sandbox partner did not start')
  return {
    ...test,
    sandbox,
    async settle() {
      for (let i = 0; i < 3; i++) {
        await test.app.services.partnerIssuing.settled()
        await sandbox.idle()
      }
    },
    faults: (...faults) => sandbox.faults.set(faults),
  }
}

export function port(app: FastifyInstance): number {
  return (app.server.address() as AddressInfo).port
}

export function person(name = '张三', certNo = HOLDER_ID) {
  return {
    name,
    certType: 'CERT' as const,
    certNo,
    certTime: 0 as const,
    certStartDate: '2020-01-01',
    certEndDate: '2040-01-01',
    gender: 'M',
    birthday: '1990-03-07',
  }
}

/** A quote body for the product: the holder insuring himself, with an office job and (air) a flight. */
export function quoteBody(
  productId: string,
  overrides: Partial<PartnerQuoteRequest> = {},
): PartnerQuoteRequest {
  const holder = { ...person(), phone: '13800138000', occupationinfo: '0000001' }
  return {
    productId,
    holder,
    insured: { ...holder, relationType: '1', hasSocialInsurance: 'Y', occupationinfoText: '办公室人员' },
    product: { chargePeriodType: 'year' },
    ...(productId === 'ht-air' ? { flight: { flightNo: 'MU5101', date: '2026-12-01' } } : {}),
    ...(productId === 'ht-travel' ? { trip: TRIP } : {}),
    ...overrides,
  }
}

export class PartnerBuyer {
  private keys = 0

  constructor(
    readonly app: FastifyInstance,
    readonly cookie: string,
  ) {}

  static async login(app: FastifyInstance, phone = '13800138000', ip = '10.1.0.1') {
    return new PartnerBuyer(app, await loginAs(app, phone, ip))
  }

  call(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
    return json(this.app, { method, url, headers: { cookie: this.cookie, ...headers }, body })
  }

  quote(body: PartnerQuoteRequest) {
    return this.call('POST', '/api/partner/quotes', body)
  }

  async quoted(productId: string, overrides: Partial<PartnerQuoteRequest> = {}): Promise<PartnerQuote> {
    const res = await this.quote(quoteBody(productId, overrides))
    if (res.statusCode !== 200) throw new Error(`quote ${res.statusCode}: ${res.body}`)
    return res.json<PartnerQuote>()
  }

  apply(
    quoteId: string,
    healthAnswers: Record<string, boolean> = { hq1: false, hq2: false, hq3: false },
    key?: string,
  ) {
    return this.call(
      'POST',
      '/api/partner/applications',
      { quoteId, healthAnswers },
      { 'idempotency-key': key ?? `key-${++this.keys}-${Date.now()}` },
    )
  }

  async applied(
    productId: string,
    overrides: Partial<PartnerQuoteRequest> = {},
  ): Promise<PartnerApplication> {
    const quote = await this.quoted(productId, overrides)
    const res = await this.apply(quote.quoteId)
    if (res.statusCode !== 201) throw new Error(`application ${res.statusCode}: ${res.body}`)
    return res.json<PartnerApplication>()
  }

  /** Pays the order through the payment sandbox (capture → our callback → partner issuing starts). */
  async pay(orderId: string): Promise<void> {
    const started = await this.call('POST', `/api/orders/${orderId}/pay`, { channel: 'wechat' })
    if (started.statusCode !== 200) throw new Error(`pay ${started.statusCode}: ${started.body}`)
    const { paymentId } = started.json<Payment>()
    const simulated = await json(this.app, {
      method: 'POST',
      url: `/api/sandbox/payments/${paymentId}/simulate`,
      body: { outcome: 'SUCCEEDED' },
    })
    if (simulated.statusCode !== 200) throw new Error(`simulate ${simulated.statusCode}: ${simulated.body}`)
  }

  async partnerOrder(orderId: string): Promise<PartnerOrder> {
    const res = await this.call('GET', `/api/partner/orders/${orderId}`)
    if (res.statusCode !== 200) throw new Error(`partner order ${res.statusCode}: ${res.body}`)
    return res.json<PartnerOrder>()
  }

  async messages(): Promise<{ title: string; body: string }[]> {
    const res = await this.call('GET', '/api/messages?limit=50')
    return res.json<{ items: { title: string; body: string }[] }>().items
  }
}
