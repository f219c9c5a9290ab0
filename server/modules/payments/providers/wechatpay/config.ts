import { readFileSync } from 'node:fs'
import { secureUrl } from '../../../../platform/secureUrl'
import {
  createPrivateKey,
  createPublicKey,
  createSecretKey,
  X509Certificate,
  type KeyObject,
} from 'node:crypto'

// WeChat Pay settings from the environment. Keys are read and parsed here, once, so a bad file fails at
// start-up and not at the first payment. Keys are held as KeyObjects: logging the config never prints them.

export const DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com'
export const DEFAULT_TIMEOUT_MS = 10_000
export const CALLBACK_PATH = '/api/payments/callback/wechatpay'

export interface WechatPayConfig {
  /** 直连商户号. */
  mchid: string
  /**
   * The APPID bound to the merchant for Native, H5 and JSAPI: the official account (公众号) whose openids
   * JSAPI pays with (wechat_bindings by this appid).
   */
  appid: string
  /** WECHATPAY_APP_APPID: the mobile app's APPID (移动应用), bound to the same merchant; null = no APP pay. */
  appAppid: string | null
  /** Serial of the merchant API certificate: serial_no of the Authorization header. */
  merchantSerialNo: string
  merchantPrivateKey: KeyObject
  /** The 32-byte APIv3 key as an AES-256 key. */
  apiV3Key: KeyObject
  /** Platform certificate serial or WeChat Pay public key id → public key; two during rotation. */
  platformKeys: ReadonlyMap<string, KeyObject>
  notifyUrl: string
  /** Without a trailing slash. */
  baseUrl: string
  timeoutMs: number
}

export type WechatPayConfigResult = { ok: true; config: WechatPayConfig } | { ok: false; problems: string[] }

type Env = Record<string, string | undefined>

function readFile(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

function loadPrivateKey(path: string, problems: string[]): KeyObject | null {
  const pem = readFile(path)
  if (pem === null) {
    problems.push(`WECHATPAY_PRIVATE_KEY_FILE: cannot read ${path}`)
    return null
  }
  try {
    const key = createPrivateKey(pem)
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0
    if (key.asymmetricKeyType === 'rsa' && bits >= 2048) return key
  } catch {
    // The parser's message is not reported: it could quote the file.
  }
  problems.push(`WECHATPAY_PRIVATE_KEY_FILE: ${path} is not a PEM RSA private key of at least 2048 bits`)
  return null
}

/** A platform key file holds a WeChat Pay public key (PUBLIC KEY PEM) or a platform certificate. */
function loadPlatformKey(serial: string, path: string, problems: string[]): KeyObject | null {
  const pem = readFile(path)
  if (pem === null) {
    problems.push(`WECHATPAY_PLATFORM_KEYS: cannot read ${path} (serial ${serial})`)
    return null
  }
  try {
    let key: KeyObject
    if (pem.includes('BEGIN CERTIFICATE')) {
      const cert = new X509Certificate(pem)
      if (cert.serialNumber.toUpperCase() !== serial.toUpperCase()) {
        problems.push(`WECHATPAY_PLATFORM_KEYS: ${path} is certificate ${cert.serialNumber}, not ${serial}`)
        return null
      }
      key = cert.publicKey
    } else {
      key = createPublicKey(pem)
    }
    if (key.asymmetricKeyType === 'rsa') return key
  } catch {
    // Reported below.
  }
  problems.push(
    `WECHATPAY_PLATFORM_KEYS: ${path} (serial ${serial}) is not a PEM RSA public key or certificate`,
  )
  return null
}

function parsePlatformKeys(value: string, problems: string[]): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>()
  for (const pair of value.split(',')) {
    const at = pair.indexOf('=')
    const serial = pair.slice(0, at).trim()
    const path = pair.slice(at + 1).trim()
    if (at < 0 || !serial || !path) {
      problems.push(`WECHATPAY_PLATFORM_KEYS: "${pair.trim()}" is not serial=/path/to/key.pem`)
    } else if (keys.has(serial)) {
      problems.push(`WECHATPAY_PLATFORM_KEYS: serial ${serial} is listed twice`)
    } else {
      const key = loadPlatformKey(serial, path, problems)
      if (key) keys.set(serial, key)
    }
  }
  return keys
}

export function wechatPayConfigFromEnv(env: Env): WechatPayConfigResult {
  const problems: string[] = []
  const required = (name: string): string => {
    const value = env[name]?.trim()
    if (!value) problems.push(`${name} is not set`)
    return value ?? ''
  }
  const mchid = required('WECHATPAY_MCHID')
  const appid = required('WECHATPAY_APPID')
  const merchantSerialNo = required('WECHATPAY_MERCHANT_SERIAL_NO')
  const privateKeyFile = required('WECHATPAY_PRIVATE_KEY_FILE')
  const apiV3KeyText = env.WECHATPAY_APIV3_KEY ?? ''
  if (!apiV3KeyText) problems.push('WECHATPAY_APIV3_KEY is not set')
  const platformKeysText = required('WECHATPAY_PLATFORM_KEYS')
  const notifyUrlText = required('WECHATPAY_NOTIFY_URL')
  const appAppid = env.WECHATPAY_APP_APPID?.trim() || null
  // An APPID is wx + 16 letters or digits; a mistyped one would fail only at the first app payment.
  if (appAppid && !/^wx[0-9A-Za-z]{16}$/.test(appAppid))
    problems.push('WECHATPAY_APP_APPID: must look like wx followed by 16 letters or digits')
  else if (appAppid && appAppid === appid)
    problems.push("WECHATPAY_APP_APPID: must be the mobile app's APPID, not WECHATPAY_APPID")

  const merchantPrivateKey = privateKeyFile ? loadPrivateKey(privateKeyFile, problems) : null
  let apiV3Key: KeyObject | null = null
  if (apiV3KeyText) {
    const bytes = Buffer.from(apiV3KeyText, 'utf8')
    if (bytes.length === 32) apiV3Key = createSecretKey(bytes)
    else problems.push(`WECHATPAY_APIV3_KEY must be exactly 32 bytes (it is ${bytes.length})`)
  }
  const platformKeys = platformKeysText
    ? parsePlatformKeys(platformKeysText, problems)
    : new Map<string, KeyObject>()

  const notifyUrl = notifyUrlText ? secureUrl('WECHATPAY_NOTIFY_URL', notifyUrlText, problems) : null
  // WeChat refuses notify URLs with a query; the path is our callback route.
  if (notifyUrl && (notifyUrl.search || notifyUrl.hash || !notifyUrl.pathname.endsWith(CALLBACK_PATH))) {
    problems.push(`WECHATPAY_NOTIFY_URL: must end with ${CALLBACK_PATH} and carry no query`)
  }
  const baseUrl = secureUrl(
    'WECHATPAY_BASE_URL',
    env.WECHATPAY_BASE_URL?.trim() || DEFAULT_BASE_URL,
    problems,
  )

  let timeoutMs = DEFAULT_TIMEOUT_MS
  const timeoutText = env.WECHATPAY_TIMEOUT_MS?.trim()
  if (timeoutText) {
    timeoutMs = Number(timeoutText)
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 120_000) {
      problems.push('WECHATPAY_TIMEOUT_MS: must be an integer number of milliseconds, 1 to 120000')
    }
  }

  if (problems.length > 0 || !merchantPrivateKey || !apiV3Key || !notifyUrl || !baseUrl) {
    return { ok: false, problems }
  }
  return {
    ok: true,
    config: {
      mchid,
      appid,
      appAppid,
      merchantSerialNo,
      merchantPrivateKey,
      apiV3Key,
      platformKeys,
      notifyUrl: notifyUrl.href,
      baseUrl: baseUrl.href.replace(/\/+$/, ''),
      timeoutMs,
    },
  }
}
