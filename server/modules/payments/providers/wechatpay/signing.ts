import { createCipheriv, createDecipheriv, randomBytes, sign, verify, type KeyObject } from 'node:crypto'

// WeChat Pay API v3 signatures and resource encryption, as pay.weixin.qq.com documents them (签名生成,
// 签名验证, 证书和回调报文解密). Pure functions: no I/O, no clock.

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048'
export const AEAD_ALGORITHM = 'AEAD_AES_256_GCM'
const TAG_BYTES = 16

/** A random nonce: 32 upper-case hex characters, like the documented example. */
export function newNonce(): string {
  return randomBytes(16).toString('hex').toUpperCase()
}

/** The request message: five lines, each ending in \n, the last one too (GET bodies are empty). */
export function requestMessage(
  method: string,
  pathAndQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`
}

/** The response/callback message: three lines; an empty body (204) leaves a lone \n. Bytes, so the exact body is covered. */
export function verificationMessage(timestamp: string, nonce: string, body: string | Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`), Buffer.from(body), Buffer.from('\n')])
}

/** SHA256withRSA (PKCS#1 v1.5), base64. */
export function signMessage(privateKey: KeyObject, message: string | Buffer): string {
  return sign('sha256', Buffer.from(message), privateKey).toString('base64')
}

export interface AuthorizationInput {
  mchid: string
  serialNo: string
  privateKey: KeyObject
  method: string
  /** Path plus query of the absolute URL, exactly as sent. */
  pathAndQuery: string
  body: string
  /** Unix seconds. */
  timestamp: number
  nonce: string
}

/** The Authorization header value of a merchant request. */
export function buildAuthorization(input: AuthorizationInput): string {
  const timestamp = String(input.timestamp)
  const message = requestMessage(input.method, input.pathAndQuery, timestamp, input.nonce, input.body)
  const signature = signMessage(input.privateKey, message)
  return (
    `${AUTH_SCHEME} mchid="${input.mchid}",nonce_str="${input.nonce}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${input.serialNo}"`
  )
}

/** The Wechatpay-* headers of a response or callback. */
export interface WechatpaySignatureHeaders {
  timestamp: string | undefined | null
  nonce: string | undefined | null
  signature: string | undefined | null
  serial: string | undefined | null
}

/**
 * True when the signature verifies with the platform key whose serial (certificate serial or public key id)
 * matches Wechatpay-Serial. An unknown serial is false: during rotation the map holds both keys.
 */
export function verifySignature(
  keys: ReadonlyMap<string, KeyObject>,
  headers: WechatpaySignatureHeaders,
  body: string | Buffer,
): boolean {
  const { timestamp, nonce, signature, serial } = headers
  if (!timestamp || !nonce || !signature || !serial) return false
  if (!/^\d{1,12}$/.test(timestamp) || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false
  const key = keys.get(serial)
  if (!key) return false
  try {
    return verify(
      'sha256',
      verificationMessage(timestamp, nonce, body),
      key,
      Buffer.from(signature, 'base64'),
    )
  } catch {
    return false
  }
}

/** An encrypted resource of a callback (or of the certificate download). */
export interface EncryptedResource {
  algorithm: string
  ciphertext: string
  nonce: string
  associated_data: string
  original_type?: string
}

/** AEAD_AES_256_GCM decryption with the APIv3 key; base64 ciphertext ends with the 16-byte tag. Throws when it does not authenticate. */
export function decryptResource(apiV3Key: KeyObject, resource: EncryptedResource): string {
  if (resource.algorithm !== AEAD_ALGORITHM) throw new Error(`unsupported algorithm ${resource.algorithm}`)
  const data = Buffer.from(resource.ciphertext, 'base64')
  if (data.length <= TAG_BYTES) throw new Error('ciphertext too short')
  const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(resource.nonce))
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES))
  decipher.setAAD(Buffer.from(resource.associated_data))
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8')
}

/** The inverse of decryptResource, for the test stand-in. The nonce is 12 characters, as WeChat sends them. */
export function encryptResource(
  apiV3Key: KeyObject,
  plaintext: string,
  associatedData: string,
  nonce: string = randomBytes(6).toString('hex'),
): EncryptedResource {
  const cipher = createCipheriv('aes-256-gcm', apiV3Key, Buffer.from(nonce))
  cipher.setAAD(Buffer.from(associatedData))
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return {
    algorithm: AEAD_ALGORITHM,
    ciphertext: data.toString('base64'),
    nonce,
    associated_data: associatedData,
  }
}
