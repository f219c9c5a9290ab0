// Settings for Alibaba Cloud SMS (dysmsapi), read from the environment.

export interface AliyunSmsConfig {
  accessKeyId: string
  accessKeySecret: string
  /** The approved signature (短信签名) shown in the message. */
  signName: string
  /** The approved login-code template; it must take one variable, ${code}. */
  templateCode: string
  /** The approved policy-lookup template (one variable, ${code}); without it /scratch cannot send codes. */
  lookupTemplateCode?: string
  /** The approved campaign-form verification template (one variable, ${code}); without it forms cannot verify phones. */
  formTemplateCode?: string
  /**
   * The approved policy-issued notice (variables ${product}, ${policyNo} and ${link}); without it an issued policy
   * is told in the message center only.
   */
  policyTemplateCode?: string
  /** Origin of the gateway, without a trailing slash. */
  endpoint: string
  timeoutMs: number
}

export const DEFAULT_ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com'
export const DEFAULT_ALIYUN_SMS_TIMEOUT_MS = 5000

export type AliyunSmsConfigResult = { ok: true; config: AliyunSmsConfig } | { ok: false; problems: string[] }

type Env = Record<string, string | undefined>

const REQUIRED = {
  accessKeyId: 'ALIYUN_SMS_ACCESS_KEY_ID',
  accessKeySecret: 'ALIYUN_SMS_ACCESS_KEY_SECRET',
  signName: 'ALIYUN_SMS_SIGN_NAME',
  templateCode: 'ALIYUN_SMS_TEMPLATE_CODE',
} as const

// Plain http would expose the signed request (and the phone number); only a local stand-in may use it.
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost'])

function endpointFrom(value: string, problems: string[]): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    problems.push('ALIYUN_SMS_ENDPOINT must be a URL such as https://dysmsapi.aliyuncs.com')
    return ''
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) {
    problems.push('ALIYUN_SMS_ENDPOINT must use https (http only for 127.0.0.1 or localhost)')
  }
  if (
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== '/' && url.pathname !== '')
  ) {
    problems.push('ALIYUN_SMS_ENDPOINT must be an origin only (no path, query or credentials)')
  }
  return url.origin
}

function timeoutFrom(value: string | undefined, problems: string[]): number {
  if (value === undefined || value.trim() === '') return DEFAULT_ALIYUN_SMS_TIMEOUT_MS
  const n = Number(value)
  if (!Number.isInteger(n) || n < 100 || n > 60000) {
    problems.push('ALIYUN_SMS_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000')
  }
  return n
}

/** Reads the ALIYUN_SMS_* variables; lists every missing or invalid one (never echoing the secret). */
export function aliyunSmsConfigFromEnv(env: Env = process.env): AliyunSmsConfigResult {
  const problems: string[] = []
  const read = (name: string): string => {
    const value = env[name]?.trim() ?? ''
    if (!value) problems.push(`${name} is not set`)
    return value
  }
  const accessKeyId = read(REQUIRED.accessKeyId)
  const accessKeySecret = read(REQUIRED.accessKeySecret)
  const signName = read(REQUIRED.signName)
  const templateCode = read(REQUIRED.templateCode)
  const endpoint = endpointFrom(env.ALIYUN_SMS_ENDPOINT?.trim() || DEFAULT_ALIYUN_SMS_ENDPOINT, problems)
  const timeoutMs = timeoutFrom(env.ALIYUN_SMS_TIMEOUT_MS, problems)
  const lookupTemplateCode = env.ALIYUN_SMS_LOOKUP_TEMPLATE_CODE?.trim() || undefined
  const formTemplateCode = env.ALIYUN_SMS_FORM_TEMPLATE_CODE?.trim() || undefined
  const policyTemplateCode = env.ALIYUN_SMS_POLICY_TEMPLATE_CODE?.trim() || undefined
  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    config: {
      accessKeyId,
      accessKeySecret,
      signName,
      templateCode,
      ...(lookupTemplateCode ? { lookupTemplateCode } : {}),
      ...(formTemplateCode ? { formTemplateCode } : {}),
      ...(policyTemplateCode ? { policyTemplateCode } : {}),
      endpoint,
      timeoutMs,
    },
  }
}
