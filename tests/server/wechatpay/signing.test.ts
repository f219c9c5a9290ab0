import { createCipheriv, createSecretKey, generateKeyPairSync, randomBytes, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  buildAuthorization,
  decryptResource,
  encryptResource,
  requestMessage,
  signMessage,
  verificationMessage,
  verifySignature,
} from '../../../server/modules/payments/providers/wechatpay/signing'
import { beijingTime } from '../../../server/modules/payments/providers/wechatpay/provider'

// Known answers from WeChat Pay's documents, and cross-checks against node:crypto used directly, so the
// adapter and the stand-in cannot agree on a mistake.

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })

describe('wechatpay signing', () => {
  it('builds the request message of the documented example (GET /v3/certificates)', () => {
    expect(
      requestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', ''),
    ).toBe('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n')
  })

  it('builds an Authorization header that verifies over the five-line message', () => {
    const body = '{"mchid":"1900009191"}'
    const header = buildAuthorization({
      mchid: '1900009191',
      serialNo: 'ABC123',
      privateKey,
      method: 'POST',
      pathAndQuery: '/v3/pay/transactions/out-trade-no/pay_1/close',
      body,
      timestamp: 1554208460,
      nonce: 'N1',
    })
    expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true)
    const params = Object.fromEntries(
      [...header.matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as const),
    )
    expect(params).toMatchObject({
      mchid: '1900009191',
      nonce_str: 'N1',
      timestamp: '1554208460',
      serial_no: 'ABC123',
    })
    const message = `POST\n/v3/pay/transactions/out-trade-no/pay_1/close\n1554208460\nN1\n${body}\n`
    expect(
      verify('RSA-SHA256', Buffer.from(message), publicKey, Buffer.from(params.signature, 'base64')),
    ).toBe(true)
  })

  it('verifies answers by Wechatpay-Serial, over the exact body; an empty body is a lone newline', () => {
    expect(verificationMessage('1554209980', 'c5ac', '').toString()).toBe('1554209980\nc5ac\n\n')
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const keys = new Map([
      ['OLD', other.publicKey],
      ['NEW', publicKey],
    ])
    const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=abc"}'
    const signature = signMessage(privateKey, `1554209980\nnonce\n${body}\n`)
    const headers = { timestamp: '1554209980', nonce: 'nonce', signature, serial: 'NEW' }
    expect(verifySignature(keys, headers, body)).toBe(true)
    expect(verifySignature(keys, headers, Buffer.from(body))).toBe(true)
    expect(verifySignature(keys, { ...headers, serial: 'OLD' }, body)).toBe(false)
    expect(verifySignature(keys, { ...headers, serial: 'NONE' }, body)).toBe(false)
    expect(verifySignature(keys, headers, `${body} `)).toBe(false)
    expect(verifySignature(keys, { ...headers, nonce: 'other' }, body)).toBe(false)
    expect(verifySignature(keys, { ...headers, signature: 'WECHATPAY/SIGNTEST/abc' }, body)).toBe(false)
    expect(verifySignature(keys, { ...headers, signature: null }, body)).toBe(false)
  })

  it('decrypts AEAD_AES_256_GCM as documented: base64(ciphertext || 16-byte tag), nonce and associated_data', () => {
    const keyText = '0123456789abcdef0123456789ABCDEF'
    const key = createSecretKey(Buffer.from(keyText))
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyText), Buffer.from('a1b2c3d4e5f6'))
    cipher.setAAD(Buffer.from('transaction'))
    const data = Buffer.concat([
      cipher.update('{"out_trade_no":"pay_1"}'),
      cipher.final(),
      cipher.getAuthTag(),
    ])
    const resource = {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: data.toString('base64'),
      nonce: 'a1b2c3d4e5f6',
      associated_data: 'transaction',
    }
    expect(decryptResource(key, resource)).toBe('{"out_trade_no":"pay_1"}')
    expect(() => decryptResource(key, { ...resource, associated_data: 'refund' })).toThrow()
    expect(() => decryptResource(key, { ...resource, nonce: 'a1b2c3d4e5f7' })).toThrow()
    expect(() => decryptResource(createSecretKey(randomBytes(32)), resource)).toThrow()
    expect(() => decryptResource(key, { ...resource, algorithm: 'AES_128_CBC' })).toThrow()

    const sealed = encryptResource(key, '支付成功', 'refund')
    expect(sealed.nonce).toHaveLength(12)
    expect(decryptResource(key, sealed)).toBe('支付成功')
  })

  it('writes time_expire in RFC 3339 Beijing time', () => {
    expect(beijingTime(new Date('2026-11-22T04:05:06.789Z'))).toBe('2026-11-22T12:05:06+08:00')
    expect(beijingTime(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01T04:00:00+08:00')
  })
})
