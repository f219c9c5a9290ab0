import { createHash, createHmac } from 'node:crypto'

// Alibaba Cloud OpenAPI signature V3 (ACS3-HMAC-SHA256), as published in "V3 request structure and
// signature" (help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature):
//   CanonicalRequest = Method \n CanonicalURI \n CanonicalQueryString \n CanonicalHeaders \n
//                      SignedHeaders \n HashedRequestPayload
//   StringToSign     = "ACS3-HMAC-SHA256" \n hex(SHA256(CanonicalRequest))
//   Signature        = hex(HMAC-SHA256(AccessKeySecret, StringToSign))
// Pure functions only: the adapter signs with them and the test stand-in verifies with them, each
// from its own inputs (the stand-in from the raw HTTP request it received).

export const ACS3_ALGORITHM = 'ACS3-HMAC-SHA256'

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

/** x-acs-content-sha256 of an empty body. */
export const EMPTY_PAYLOAD_SHA256 = sha256Hex('')

/** RFC 3986: A-Z a-z 0-9 - _ . ~ stay, everything else is %XX of its UTF-8 bytes (space is %20). */
export function percentEncode(value: string): string {
  // encodeURIComponent also leaves ! ' ( ) * alone; the document wants them encoded.
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Parameters sorted by name (then value), name and value percent-encoded, joined with = and &. */
export function canonicalQueryString(params: ReadonlyArray<readonly [string, string]>): string {
  return [...params]
    .sort(([an, av], [bn, bv]) => byCodeUnits(an, bn) || byCodeUnits(av, bv))
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join('&')
}

/** The headers a request must sign: host, content-type and every x-acs-* header, lower-case and sorted. */
export function headersToSign(headerNames: Iterable<string>): string[] {
  const names = new Set<string>()
  for (const name of headerNames) {
    const lower = name.toLowerCase()
    if (lower === 'host' || lower === 'content-type' || lower.startsWith('x-acs-')) names.add(lower)
  }
  return [...names].sort(byCodeUnits)
}

export interface CanonicalRequestParts {
  method: string
  /** The encoded resource path; "/" for RPC-style APIs such as SendSms. */
  canonicalUri: string
  /** Decoded query parameters, in any order. */
  query: ReadonlyArray<readonly [string, string]>
  /** Header values by lower-case name; must hold every signed header. */
  headers: Readonly<Record<string, string>>
  /** Lower-case, sorted names of the signed headers. */
  signedHeaders: readonly string[]
  /** Hex SHA-256 of the raw body. */
  hashedPayload: string
}

export function canonicalRequest(parts: CanonicalRequestParts): string {
  const canonicalHeaders = parts.signedHeaders
    .map((name) => `${name}:${(parts.headers[name] ?? '').trim()}\n`)
    .join('')
  return [
    parts.method.toUpperCase(),
    parts.canonicalUri,
    canonicalQueryString(parts.query),
    canonicalHeaders,
    parts.signedHeaders.join(';'),
    parts.hashedPayload,
  ].join('\n')
}

export function stringToSign(canonical: string): string {
  return `${ACS3_ALGORITHM}\n${sha256Hex(canonical)}`
}

export function signature(accessKeySecret: string, toSign: string): string {
  return createHmac('sha256', accessKeySecret).update(toSign).digest('hex')
}

export function authorizationHeader(
  accessKeyId: string,
  signedHeaders: readonly string[],
  signatureHex: string,
): string {
  return `${ACS3_ALGORITHM} Credential=${accessKeyId},SignedHeaders=${signedHeaders.join(';')},Signature=${signatureHex}`
}

export interface ParsedAuthorization {
  algorithm: string
  accessKeyId: string
  signedHeaders: string[]
  signature: string
}

/** Splits an Authorization header; undefined when it is not "<algorithm> Credential=…,SignedHeaders=…,Signature=…". */
export function parseAuthorization(value: string | undefined): ParsedAuthorization | undefined {
  const match = /^(\S+) (.*)$/.exec(value?.trim() ?? '')
  if (!match) return undefined
  const fields = new Map<string, string>()
  for (const pair of match[2].split(',')) {
    const eq = pair.indexOf('=')
    if (eq > 0) fields.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
  }
  const accessKeyId = fields.get('Credential')
  const signedHeaders = fields.get('SignedHeaders')
  const signatureHex = fields.get('Signature')
  if (!accessKeyId || !signedHeaders || !signatureHex) return undefined
  return {
    algorithm: match[1],
    accessKeyId,
    signedHeaders: signedHeaders.split(';'),
    signature: signatureHex,
  }
}
