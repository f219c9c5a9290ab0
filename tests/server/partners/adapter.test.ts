import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  PartnerRejected,
  PartnerUnavailable,
  type PartnerPerson,
} from '../../../server/modules/partners/adapter'
import { maskForLog, type CallLog, type CallRecord } from '../../../server/modules/partners/callLog'
import { HuatingAdapter } from '../../../server/modules/partners/huating/adapter'
import { htErrorText } from '../../../server/modules/partners/huating/errors'
import {
  CERT_TYPE_CODES,
  fenToYuan,
  toHtPerson,
  yuanToFen,
} from '../../../server/modules/partners/huating/mapping'
import { signHeaders, verifySignature } from '../../../server/modules/partners/huating/signing'
import { HuatingSandbox } from '../../../server/modules/partners/sandbox/service'
import { HOLDER_ID } from './partnerFlow'

// The adapter's parts on their own: the mapping of our enums to 华汀's codes, amounts, signatures, the log's
// masking, and the HTTP adapter against the sandbox partner (no app, no database).

const SECRET = 'adapter-test-secret-0123456789abcdef'

const holder: PartnerPerson = {
  name: '张三',
  certType: 'ID_CARD',
  certNo: HOLDER_ID,
  gender: 'M',
  birthday: '1990-03-07',
  phone: '13800138000',
}

describe('mapping to 华汀 codes', () => {
  it('maps certificate types, genders, relations, social insurance and dates in one place', () => {
    expect(CERT_TYPE_CODES).toEqual({
      ID_CARD: '01',
      PASSPORT: '02',
      HOUSEHOLD_REGISTER: '03',
      HK_MACAU_PASS: '04',
      TAIWAN_PASS: '05',
      HMT_RESIDENCE_PERMIT: '11',
      FOREIGN_PERMANENT_RESIDENCE: '12',
      BIRTH_CERTIFICATE: '07',
    })
    expect(
      toHtPerson({
        ...holder,
        gender: 'F',
        certType: 'PASSPORT',
        relation: '4',
        socialInsurance: 'N',
        occupation: { code: '0600002', class: 3 },
      }),
    ).toEqual({
      name: '张三',
      idType: '02',
      idNo: HOLDER_ID,
      sex: '2',
      birthDate: '19900307',
      mobile: '13800138000',
      relationToApplicant: '03',
      socialSecurity: '0',
      occupationCode: '0600002',
      occupationClass: 3,
    })
    expect(toHtPerson({ ...holder, relation: '1', socialInsurance: 'Y' })).toMatchObject({
      relationToApplicant: '00',
      socialSecurity: '1',
      sex: '1',
    })
    expect(() => toHtPerson({ ...holder, relation: '9' })).toThrow(RangeError)
  })

  it('converts fen and yuan strings exactly', () => {
    expect(fenToYuan(9900)).toBe('99.00')
    expect(fenToYuan(100)).toBe('1.00')
    expect(fenToYuan(29905)).toBe('299.05')
    expect(yuanToFen('299.05')).toBe(29905)
    expect(yuanToFen('0.10')).toBe(10)
    expect(() => yuanToFen('1.5')).toThrow(RangeError)
    expect(() => fenToYuan(1.5)).toThrow(RangeError)
  })

  it('has a Chinese text for each of the partner error codes, and a general one for unknown codes', () => {
    expect(htErrorText('E2001')).toBe('很抱歉，被保险人未通过保险公司核保')
    expect(htErrorText('E2002')).toBe('被保险人的职业不在本产品承保范围内')
    expect(htErrorText('X000')).toBe('保险公司暂时无法处理，请稍后重试')
  })
})

describe('signatures', () => {
  const now = new Date('2026-11-25T04:00:00.000Z')
  const request = (headers: Record<string, string>, body = '{"a":1}') => ({
    method: 'POST',
    path: '/p',
    headers,
    body,
  })

  it('accepts its own signature (also with the previous secret) and refuses changes and stale ones', () => {
    const headers = signHeaders(SECRET, 'POST', '/p', '{"a":1}', now)
    expect(verifySignature([SECRET], request(headers), now)).toEqual({ ok: true })
    expect(verifySignature(['new-secret', SECRET], request(headers), now)).toEqual({ ok: true })
    expect(verifySignature([SECRET], request(headers, '{"a":2}'), now)).toEqual({
      ok: false,
      reason: 'mismatch',
    })
    expect(verifySignature([SECRET], { ...request(headers), path: '/q' }, now).ok).toBe(false)
    expect(verifySignature([SECRET], request(headers), new Date(now.getTime() + 5 * 60_000 + 1000))).toEqual({
      ok: false,
      reason: 'stale',
    })
    expect(verifySignature([SECRET], request({}), now)).toEqual({ ok: false, reason: 'missing' })
  })
})

describe('the call log', () => {
  it('masks certificate numbers, phones and names and drops secrets, at any depth', () => {
    const masked = maskForLog({
      applicant: { name: '张三丰', idNo: HOLDER_ID, mobile: '13800138000' },
      list: [{ certNo: HOLDER_ID }],
      secret: 'x',
      signature: 'y',
      premium: '99.00',
    })
    expect(masked).toEqual({
      applicant: { name: '*三丰', idNo: '1101**********8515', mobile: '138****8000' },
      list: [{ certNo: '1101**********8515' }],
      premium: '99.00',
    })
  })
})

describe('HuatingAdapter against the sandbox partner', () => {
  let sandbox: HuatingSandbox | null = null
  afterEach(async () => sandbox?.close())

  const records: CallRecord[] = []
  const log: CallLog = { record: async (call) => void records.push(call) }

  async function adapterWith(secret = SECRET, timeoutMs = 300) {
    sandbox = await HuatingSandbox.start({ secret: SECRET })
    return new HuatingAdapter(
      { url: sandbox.url, secret, timeoutMs, retries: 2, retryDelayMs: 5 },
      log,
      () => new Date(),
    )
  }

  const quoteInput = {
    productType: '02YW0001',
    chargePeriodType: 'year' as const,
    holder,
    insured: { ...holder, relation: '1', socialInsurance: 'Y' as const },
  }

  it('quotes and underwrites, in fen', async () => {
    const adapter = await adapterWith()
    const quote = await adapter.quote(quoteInput)
    expect(quote.premiumFen).toBe(9900)
    const underwritten = await adapter.underwrite({
      ...quoteInput,
      requestId: 'r1',
      partnerQuoteNo: quote.partnerQuoteNo,
      premiumFen: 9900,
    })
    expect(underwritten.underwritingNo).toMatch(/^HTA/)
    // The same request again (a retry after a lost answer) is the same application.
    const again = await adapter.underwrite({
      ...quoteInput,
      requestId: 'r1',
      partnerQuoteNo: quote.partnerQuoteNo,
      premiumFen: 9900,
    })
    expect(again.underwritingNo).toBe(underwritten.underwritingNo)
  })

  it('cancels an underwriting by our request id; a cancelled one cannot be issued; an unknown one is NOT_FOUND', async () => {
    const adapter = await adapterWith()
    const quote = await adapter.quote(quoteInput)
    const { underwritingNo } = await adapter.underwrite({
      ...quoteInput,
      requestId: 'r-cancel',
      partnerQuoteNo: quote.partnerQuoteNo,
      premiumFen: 9900,
    })
    const cancel = { requestId: 'c1', underwriteRequestId: 'r-cancel' }
    expect(await adapter.cancel(cancel)).toEqual({ status: 'CANCELLED' })
    expect(await adapter.cancel(cancel)).toEqual({ status: 'CANCELLED' })
    expect(await adapter.cancel({ requestId: 'c2', underwriteRequestId: 'r-none' })).toEqual({
      status: 'NOT_FOUND',
    })
    const issued = await adapter
      .issue({ requestId: 'i1', underwritingNo, premiumFen: 9900, paidAt: new Date() })
      .catch((e: unknown) => e)
    expect(issued).toMatchObject({ code: 'E3005', reason: '投保单已撤销，请重新投保' })
  })

  it('a request signed with another secret: the partner refuses it (E1001), and its answer does not verify for us', async () => {
    const adapter = await adapterWith('some-other-secret-0123456789abcdef')
    records.length = 0
    const error = await adapter.quote(quoteInput).catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'malformed' })
    expect(records[0]).toMatchObject({ outcome: 'malformed', httpStatus: 401 })
    expect(JSON.stringify(records[0].response)).toContain('E1001')
  })

  it('an answer not signed by the partner for this request is not believed: retried (idempotent calls)', async () => {
    const adapter = await adapterWith()
    const quote = await adapter.quote(quoteInput)
    sandbox!.faults.set([{ mode: 'badSignature', times: 1 }])
    records.length = 0
    // Query is idempotent: the forged answer is logged, the second attempt is believed.
    const asked = await adapter.query('HTA-none').catch((e: unknown) => e)
    expect(asked).toBeInstanceOf(PartnerRejected)
    expect(records.map((r) => [r.operation, r.outcome, r.attempt])).toEqual([
      ['query', 'malformed', 1],
      ['query', 'rejected', 2],
    ])
    expect(records[0].response).toMatchObject({ signature: 'mismatch' })
    // Underwriting is retried with the same request id: the forged answer is not believed, the retry gets the
    // partner's answer about the one application it made.
    sandbox!.faults.set([{ mode: 'badSignature', operations: ['underwrite'], times: 1 }])
    records.length = 0
    const underwritten = await adapter.underwrite({
      ...quoteInput,
      requestId: 'r-forged',
      partnerQuoteNo: quote.partnerQuoteNo,
      premiumFen: 9900,
    })
    expect(records.map((r) => [r.operation, r.outcome, r.attempt])).toEqual([
      ['underwrite', 'malformed', 1],
      ['underwrite', 'ok', 2],
    ])
    const made = [...sandbox!.ledger.applications.values()].filter(
      (a) => a.underwriteRequestId === 'r-forged',
    )
    expect(made.map((a) => a.applyNo)).toEqual([underwritten.underwritingNo])
  })

  it("an answer replayed to another request (another request's nonce) is not believed", async () => {
    const adapter = await adapterWith()
    const original = globalThis.fetch
    // A man in the middle answering with a genuine answer to an earlier request.
    let kept: Response | null = null
    globalThis.fetch = async (input, init) => {
      const response = await original(input, init)
      if (!kept) {
        kept = response.clone()
        return response
      }
      return kept.clone()
    }
    try {
      await adapter.quote(quoteInput)
      records.length = 0
      await expect(adapter.quote(quoteInput)).rejects.toMatchObject({ kind: 'malformed' })
      expect(records[0].response).toMatchObject({ signature: 'for another request' })
    } finally {
      globalThis.fetch = original
    }
  })

  it('timeouts: an idempotent call (query, underwriting by its request id) is tried 1 + retries times', async () => {
    const adapter = await adapterWith(SECRET, 100)
    sandbox!.faults.set([{ mode: 'timeout', delayMs: 400 }])
    records.length = 0
    await expect(adapter.query('HTA0')).rejects.toBeInstanceOf(PartnerUnavailable)
    expect(records.map((r) => [r.operation, r.outcome, r.attempt])).toEqual([
      ['query', 'timeout', 1],
      ['query', 'timeout', 2],
      ['query', 'timeout', 3],
    ])
    records.length = 0
    const error = await adapter
      .underwrite({ ...quoteInput, requestId: 'r2', partnerQuoteNo: 'HTQ', premiumFen: 9900 })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'timeout' })
    expect(records.map((r) => [r.operation, r.requestId, r.attempt])).toEqual([
      ['underwrite', 'r2', 1],
      ['underwrite', 'r2', 2],
      ['underwrite', 'r2', 3],
    ])
  })

  it("an unknown application is the partner's E3002 in Chinese", async () => {
    const adapter = await adapterWith()
    const error = await adapter
      .issue({ requestId: 'r3', underwritingNo: 'HTA-none', premiumFen: 100, paidAt: new Date() })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PartnerRejected)
    expect((error as PartnerRejected).reason).toBe('保险公司未找到该投保单')
  })
})

describe("the sandbox partner's books", () => {
  it('outlive a restart: an issue accepted before it is carried out after it, policy numbers go on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ht-ledger-'))
    const ledgerFile = join(dir, 'partner-sandbox.json')
    // Its callbacks go nowhere (a closed port): only its books are looked at.
    const NOWHERE = 'http://127.0.0.1:9/none'
    const noLog: CallLog = { record: async () => undefined }
    const adapterFor = (sandbox: HuatingSandbox) =>
      new HuatingAdapter(
        { url: sandbox.url, secret: SECRET, timeoutMs: 1000, retries: 0, retryDelayMs: 5 },
        noLog,
        () => new Date(),
      )
    const input = {
      productType: '02YW0001',
      chargePeriodType: 'year' as const,
      holder,
      insured: { ...holder, relation: '1', socialInsurance: 'Y' as const },
    }
    try {
      // The first life: one policy issued, one application accepted for issuing when the server stops.
      let sandbox = await HuatingSandbox.start({
        secret: SECRET,
        ledgerFile,
        issueDelayMs: 10,
        callbackUrl: NOWHERE,
      })
      let adapter = adapterFor(sandbox)
      const issueOne = async (requestId: string) => {
        const quote = await adapter.quote(input)
        const { underwritingNo } = await adapter.underwrite({
          ...input,
          requestId,
          partnerQuoteNo: quote.partnerQuoteNo,
          premiumFen: 9900,
        })
        await adapter.issue({ requestId, underwritingNo, premiumFen: 9900, paidAt: new Date() })
        return underwritingNo
      }
      const first = await issueOne('r-before')
      await sandbox.idle()
      sandbox.issueDelayMs = 60_000
      const waiting = await issueOne('r-pending')
      expect((await adapter.query(waiting)).status).toBe('ISSUING')
      await sandbox.close()

      sandbox = await HuatingSandbox.start({
        secret: SECRET,
        ledgerFile,
        issueDelayMs: 10,
        callbackUrl: NOWHERE,
      })
      adapter = adapterFor(sandbox)
      await sandbox.idle()
      const before = await adapter.query(first)
      const after = await adapter.query(waiting)
      expect(before).toMatchObject({ status: 'ISSUED' })
      expect(after).toMatchObject({ status: 'ISSUED' })
      expect(Number(after.partnerPolicyNo!.slice(-8))).toBe(Number(before.partnerPolicyNo!.slice(-8)) + 1)
      await sandbox.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
