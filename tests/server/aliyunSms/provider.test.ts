import { randomBytes } from 'node:crypto'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SmsSendError } from '../../../server/modules/auth/sms/provider'
import {
  aliyunSmsConfigFromEnv,
  DEFAULT_ALIYUN_SMS_ENDPOINT,
  type AliyunSmsConfig,
} from '../../../server/modules/auth/sms/aliyun/config'
import { AliyunSmsProvider } from '../../../server/modules/auth/sms/aliyun/provider'
import {
  authorizationHeader,
  canonicalQueryString,
  canonicalRequest,
  EMPTY_PAYLOAD_SHA256,
  headersToSign,
  percentEncode,
  signature,
  stringToSign,
} from '../../../server/modules/auth/sms/aliyun/signing'
import { startAliyunSmsStandIn, type AliyunSmsStandIn } from './standIn'

const PHONE = '13800000000'

function configFor(standIn: AliyunSmsStandIn, env: Record<string, string> = {}): AliyunSmsConfig {
  const result = aliyunSmsConfigFromEnv({ ...standIn.env, ...env })
  if (!result.ok) throw new Error(result.problems.join('; '))
  return result.config
}

/** Runs the send and returns the SmsSendError it must throw. */
async function refusal(send: Promise<void>): Promise<SmsSendError> {
  const error: unknown = await send.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SmsSendError)
  return error as SmsSendError
}

describe('V3 signature (ACS3-HMAC-SHA256)', () => {
  // The worked example of Alibaba Cloud's "V3 request structure and signature" document: RunInstances
  // on ecs.cn-shanghai with AccessKey YourAccessKeyId / YourAccessKeySecret.
  const example = (nonce: string, date: string) => {
    const headers = {
      host: 'ecs.cn-shanghai.aliyuncs.com',
      'x-acs-action': 'RunInstances',
      'x-acs-version': '2014-05-26',
      'x-acs-date': date,
      'x-acs-signature-nonce': nonce,
      'x-acs-content-sha256': EMPTY_PAYLOAD_SHA256,
    }
    const signedHeaders = headersToSign(Object.keys(headers))
    const canonical = canonicalRequest({
      method: 'POST',
      canonicalUri: '/',
      query: [
        ['RegionId', 'cn-shanghai'],
        ['ImageId', 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd'],
      ],
      headers,
      signedHeaders,
      hashedPayload: EMPTY_PAYLOAD_SHA256,
    })
    return authorizationHeader(
      'YourAccessKeyId',
      signedHeaders,
      signature('YourAccessKeySecret', stringToSign(canonical)),
    )
  }

  it('reproduces the signatures published by Alibaba Cloud', () => {
    expect(example('3156853299f313e23d1673dc12e1703d', '2023-10-26T10:22:32Z')).toBe(
      'ACS3-HMAC-SHA256 Credential=YourAccessKeyId,' +
        'SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,' +
        'Signature=06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0',
    )
    expect(example('d410180a5abf7fe235dd9b74aca91fc0', '2023-10-26T09:01:01Z')).toMatch(
      /,Signature=e521358f7776c97df52e6b2891a8bc73026794a071b50c3323388c4e0df64804$/,
    )
  })

  it('percent-encodes as RFC 3986 and sorts parameters by name', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29')
    expect(percentEncode('国')).toBe('%E5%9B%BD')
    expect(
      canonicalQueryString([
        ['TemplateParam', '{"code":"1"}'],
        ['PhoneNumbers', '138'],
      ]),
    ).toBe('PhoneNumbers=138&TemplateParam=%7B%22code%22%3A%221%22%7D')
  })
})

describe('AliyunSmsProvider against the dysmsapi stand-in', () => {
  let standIn: AliyunSmsStandIn

  beforeEach(async () => {
    ;({ standIn } = await startAliyunSmsStandIn())
  })
  afterEach(async () => {
    vi.restoreAllMocks()
    await standIn.close()
  })

  it('sends the login code with a signature the stand-in verifies', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const provider = new AliyunSmsProvider(configFor(standIn))
    expect(provider.name).toBe('aliyun')

    await provider.sendLoginCode(PHONE, '123456', '【国恒保险】您的登录验证码是123456')

    expect(standIn.rejected).toEqual([])
    expect(standIn.sent).toHaveLength(1)
    expect(standIn.sent[0]).toMatchObject({
      phone: PHONE,
      signName: '国恒保险',
      templateCode: standIn.templateCode,
      templateParam: { code: '123456' },
    })
    expect(standIn.lastCodeFor(PHONE)).toBe('123456')

    // The request on the wire: POST / with the parameters in the query and an empty body.
    const [input, init] = fetchSpy.mock.calls[0]
    const url = new URL(String(input))
    expect(init?.method).toBe('POST')
    expect(init?.body).toBeUndefined()
    expect(url.pathname).toBe('/')
    expect([...url.searchParams.keys()]).toEqual([
      'PhoneNumbers',
      'SignName',
      'TemplateCode',
      'TemplateParam',
    ])
    const headers = init?.headers as Record<string, string>
    expect(headers['x-acs-action']).toBe('SendSms')
    expect(headers['x-acs-version']).toBe('2017-05-25')
    expect(headers['x-acs-date']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(headers['x-acs-signature-nonce']).toMatch(/^[0-9a-f]{32}$/)
    expect(headers.authorization).toMatch(
      new RegExp(
        `^ACS3-HMAC-SHA256 Credential=${standIn.accessKeyId},` +
          'SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,' +
          'Signature=[0-9a-f]{64}$',
      ),
    )
  })

  it('sends a policy lookup code with its own template, and offers none without one', async () => {
    expect(new AliyunSmsProvider(configFor(standIn)).sendLookupCode).toBeUndefined()
    const provider = new AliyunSmsProvider(
      configFor(standIn, { ALIYUN_SMS_LOOKUP_TEMPLATE_CODE: standIn.lookupTemplateCode }),
    )
    await provider.sendLookupCode?.(PHONE, '654321', 'msg')
    expect(standIn.sent.map((m) => [m.templateCode, m.templateParam])).toEqual([
      [standIn.lookupTemplateCode, { code: '654321' }],
    ])
  })

  it('texts an issued policy with its own template and variables, and offers none without one', async () => {
    expect(new AliyunSmsProvider(configFor(standIn)).sendPolicyIssued).toBeUndefined()
    const provider = new AliyunSmsProvider(
      configFor(standIn, { ALIYUN_SMS_POLICY_TEMPLATE_CODE: standIn.policyTemplateCode }),
    )
    const params = {
      product: '百万医疗',
      policyNo: 'GH2026112200000001',
      link: 'https://mall.example.com/p?t=1',
    }
    await provider.sendPolicyIssued?.(PHONE, params, 'msg')
    expect(standIn.sent.map((m) => [m.templateCode, m.templateParam])).toEqual([
      [standIn.policyTemplateCode, params],
    ])
  })

  it('is refused with a wrong AccessKey secret, without leaking the secret or the phone', async () => {
    const wrongSecret = randomBytes(15).toString('base64url')
    const provider = new AliyunSmsProvider(configFor(standIn, { ALIYUN_SMS_ACCESS_KEY_SECRET: wrongSecret }))

    const error = await refusal(provider.sendLoginCode(PHONE, '123456', 'msg'))

    expect(error.reason).toMatch(/SignatureDoesNotMatch \(HTTP 400/)
    expect(error.rateLimited).toBe(false)
    expect(standIn.rejected).toEqual([{ code: 'SignatureDoesNotMatch', status: 400 }])
    expect(standIn.sent).toEqual([])
    for (const text of [error.message, error.reason, error.stack ?? '']) {
      expect(text).not.toContain(wrongSecret)
      expect(text).not.toContain(standIn.accessKeySecret)
      expect(text).not.toContain(PHONE)
    }
    expect(error.reason).toContain('138****0000')
  })

  it('is refused with an unknown AccessKey id or a clock 20 minutes off', async () => {
    const unknownId = new AliyunSmsProvider(configFor(standIn, { ALIYUN_SMS_ACCESS_KEY_ID: 'LTAIunknown' }))
    expect((await refusal(unknownId.sendLoginCode(PHONE, '1', 'm'))).reason).toContain(
      'InvalidAccessKeyId.NotFound',
    )
    const late = new AliyunSmsProvider(configFor(standIn), () => new Date(Date.now() - 20 * 60 * 1000))
    expect((await refusal(late.sendLoginCode(PHONE, '1', 'm'))).reason).toContain('InvalidTimeStamp.Expired')
    expect(standIn.sent).toEqual([])
  })

  it('rejects a replayed, tampered or re-dated copy of a genuine request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await new AliyunSmsProvider(configFor(standIn)).sendLoginCode(PHONE, '123456', 'msg')
    const [input, init] = fetchSpy.mock.calls[0]
    const genuineUrl = String(input)
    const genuineHeaders = init?.headers as Record<string, string>
    fetchSpy.mockRestore()

    const replay = async (url: string, extra: RequestInit = {}, headers: Record<string, string> = {}) => {
      const response = await fetch(url, {
        method: 'POST',
        ...extra,
        headers: { ...genuineHeaders, ...headers },
      })
      return { status: response.status, code: ((await response.json()) as { Code: string }).Code }
    }
    const tamperedUrl = new URL(genuineUrl)
    tamperedUrl.searchParams.set('TemplateParam', '{"code":"000000"}')
    const otherPhone = new URL(genuineUrl)
    otherPhone.searchParams.set('PhoneNumbers', '13900000000')

    expect(await replay(genuineUrl)).toEqual({ status: 400, code: 'SignatureNonceUsed' })
    expect(await replay(tamperedUrl.toString())).toEqual({ status: 400, code: 'SignatureDoesNotMatch' })
    expect(await replay(otherPhone.toString())).toEqual({ status: 400, code: 'SignatureDoesNotMatch' })
    // A body the signature did not cover (its SHA-256 is not the signed x-acs-content-sha256).
    const body = new TextEncoder().encode('PhoneNumbers=13900000000')
    expect(await replay(genuineUrl, { body })).toEqual({ status: 400, code: 'SignatureDoesNotMatch' })
    // A content-type header that was not signed.
    expect(
      await replay(genuineUrl, { body }, { 'content-type': 'application/x-www-form-urlencoded' }),
    ).toEqual({ status: 400, code: 'IncompleteSignature' })
    // A fresh date and nonce do not help without the secret.
    expect(
      await replay(
        genuineUrl,
        {},
        {
          'x-acs-date': new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
          'x-acs-signature-nonce': randomBytes(16).toString('hex'),
        },
      ),
    ).toEqual({ status: 400, code: 'SignatureDoesNotMatch' })

    expect(standIn.sent).toHaveLength(1)
    expect(standIn.lastCodeFor(PHONE)).toBe('123456')
  })

  it('checks required parameters and signed headers of correctly signed requests', async () => {
    // Signs independently of the adapter, to reach the checks behind the signature.
    const send = async (params: [string, string][], leaveUnsigned?: string) => {
      const url = new URL(standIn.endpoint)
      const headers: Record<string, string> = {
        host: url.host,
        'x-acs-action': 'SendSms',
        'x-acs-version': '2017-05-25',
        'x-acs-date': new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        'x-acs-signature-nonce': randomBytes(16).toString('hex'),
        'x-acs-content-sha256': EMPTY_PAYLOAD_SHA256,
      }
      const signedHeaders = headersToSign(Object.keys(headers)).filter((h) => h !== leaveUnsigned)
      const canonical = canonicalRequest({
        method: 'POST',
        canonicalUri: '/',
        query: params,
        headers,
        signedHeaders,
        hashedPayload: EMPTY_PAYLOAD_SHA256,
      })
      const { host: _host, ...sent } = headers
      const response = await fetch(`${standIn.endpoint}/?${canonicalQueryString(params)}`, {
        method: 'POST',
        headers: {
          ...sent,
          authorization: authorizationHeader(
            standIn.accessKeyId,
            signedHeaders,
            signature(standIn.accessKeySecret, stringToSign(canonical)),
          ),
        },
      })
      return { status: response.status, code: ((await response.json()) as { Code: string }).Code }
    }
    const all: [string, string][] = [
      ['PhoneNumbers', PHONE],
      ['SignName', standIn.signName],
      ['TemplateCode', standIn.templateCode],
      ['TemplateParam', '{"code":"654321"}'],
    ]

    expect(await send(all.slice(1))).toEqual({ status: 400, code: 'MissingPhoneNumbers' })
    expect(await send(all.filter(([n]) => n !== 'TemplateCode'))).toEqual({
      status: 400,
      code: 'MissingTemplateCode',
    })
    expect(await send([...all.slice(0, 3), ['TemplateParam', '{"code":654321}']])).toEqual({
      status: 200,
      code: 'isv.INVALID_JSON_PARAM',
    })
    expect(await send(all, 'x-acs-signature-nonce')).toEqual({ status: 400, code: 'IncompleteSignature' })
    expect(standIn.sent).toEqual([])
    expect(await send(all)).toEqual({ status: 200, code: 'OK' })
    expect(standIn.lastCodeFor(PHONE)).toBe('654321')
  })

  it('maps the gateway flow-control codes to rateLimited', async () => {
    const provider = new AliyunSmsProvider(configFor(standIn))
    standIn.limitPhone(PHONE)
    const business = await refusal(provider.sendLoginCode(PHONE, '123456', 'msg'))
    expect(business.rateLimited).toBe(true)
    expect(business.reason).toContain('isv.BUSINESS_LIMIT_CONTROL')

    standIn.limitPhone('13700000000', 'isv.DAY_LIMIT_CONTROL')
    const day = await refusal(provider.sendLoginCode('13700000000', '123456', 'msg'))
    expect(day.rateLimited).toBe(true)
    expect(day.reason).toContain('isv.DAY_LIMIT_CONTROL')

    // Other business refusals are failures, not rate limits.
    const otherTemplate = new AliyunSmsProvider(configFor(standIn, { ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1' }))
    const template = await refusal(otherTemplate.sendLoginCode('13600000000', '1', 'm'))
    expect(template.rateLimited).toBe(false)
    expect(template.reason).toContain('isv.SMS_TEMPLATE_ILLEGAL')
    expect(standIn.sent).toEqual([])
  })
})

describe('AliyunSmsProvider when the gateway misbehaves', () => {
  const servers: Server[] = []
  const listen = async (handler: RequestListener): Promise<string> => {
    const server = createServer(handler)
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
  const config = (endpoint: string): AliyunSmsConfig => ({
    accessKeyId: 'LTAIid',
    accessKeySecret: 'secret-never-shown',
    signName: '国恒保险',
    templateCode: 'SMS_1',
    endpoint,
    timeoutMs: 200,
  })

  it('gives up after the timeout', async () => {
    const endpoint = await listen(() => {}) // never answers
    const started = Date.now()
    const error = await refusal(new AliyunSmsProvider(config(endpoint)).sendLoginCode(PHONE, '1', 'm'))
    expect(error.reason).toBe('Alibaba Cloud SMS did not answer within 200 ms')
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('reports an unreachable endpoint', async () => {
    const endpoint = await listen(() => {})
    await new Promise((resolve) => servers.pop()!.close(resolve)) // the port is now closed
    const error = await refusal(new AliyunSmsProvider(config(endpoint)).sendLoginCode(PHONE, '1', 'm'))
    expect(error.reason).toBe('network error reaching Alibaba Cloud SMS (ECONNREFUSED)')
    expect(error.rateLimited).toBe(false)
  })

  it('refuses an answer that is not the gateway JSON', async () => {
    const endpoint = await listen((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end(`<html>bad gateway ${PHONE}</html>`)
    })
    const error = await refusal(new AliyunSmsProvider(config(endpoint)).sendLoginCode(PHONE, '1', 'm'))
    expect(error.reason).toBe('unexpected answer from Alibaba Cloud SMS (HTTP 502)')
  })
})

describe('aliyunSmsConfigFromEnv', () => {
  const full = {
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAIid',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'TOP-SECRET-VALUE',
    ALIYUN_SMS_SIGN_NAME: '国恒保险',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
  }

  it('names every missing variable', () => {
    const result = aliyunSmsConfigFromEnv({ ALIYUN_SMS_SIGN_NAME: '  ' })
    expect(result).toEqual({
      ok: false,
      problems: [
        'ALIYUN_SMS_ACCESS_KEY_ID is not set',
        'ALIYUN_SMS_ACCESS_KEY_SECRET is not set',
        'ALIYUN_SMS_SIGN_NAME is not set',
        'ALIYUN_SMS_TEMPLATE_CODE is not set',
      ],
    })
  })

  it('defaults the endpoint and timeout', () => {
    expect(aliyunSmsConfigFromEnv(full)).toEqual({
      ok: true,
      config: {
        accessKeyId: 'LTAIid',
        accessKeySecret: 'TOP-SECRET-VALUE',
        signName: '国恒保险',
        templateCode: 'SMS_1',
        endpoint: DEFAULT_ALIYUN_SMS_ENDPOINT,
        timeoutMs: 5000,
      },
    })
  })

  it('allows plain http only on the loopback host', () => {
    const endpoint = (value: string) => {
      const result = aliyunSmsConfigFromEnv({ ...full, ALIYUN_SMS_ENDPOINT: value })
      return result.ok ? result.config.endpoint : result.problems.join('; ')
    }
    expect(endpoint('http://127.0.0.1:4567')).toBe('http://127.0.0.1:4567')
    expect(endpoint('http://localhost:4567/')).toBe('http://localhost:4567')
    expect(endpoint('https://dysmsapi.ap-southeast-1.aliyuncs.com')).toBe(
      'https://dysmsapi.ap-southeast-1.aliyuncs.com',
    )
    expect(endpoint('http://dysmsapi.aliyuncs.com')).toMatch(/ALIYUN_SMS_ENDPOINT must use https/)
    expect(endpoint('https://dysmsapi.aliyuncs.com/api?x=1')).toMatch(/must be an origin only/)
    expect(endpoint('dysmsapi.aliyuncs.com')).toMatch(/ALIYUN_SMS_ENDPOINT must be a URL/)
  })

  it('reads an optional timeout and never echoes the secret', () => {
    const ok = aliyunSmsConfigFromEnv({ ...full, ALIYUN_SMS_TIMEOUT_MS: '2500' })
    expect(ok.ok && ok.config.timeoutMs).toBe(2500)
    const bad = aliyunSmsConfigFromEnv({
      ...full,
      ALIYUN_SMS_TIMEOUT_MS: 'soon',
      ALIYUN_SMS_ENDPOINT: 'ftp://x',
    })
    expect(bad.ok).toBe(false)
    const problems = bad.ok ? '' : bad.problems.join('\n')
    expect(problems).toMatch(/ALIYUN_SMS_TIMEOUT_MS/)
    expect(problems).toMatch(/ALIYUN_SMS_ENDPOINT/)
    expect(problems).not.toContain('TOP-SECRET-VALUE')
  })
})
