import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

// 华汀's request signature, used both ways (our calls to the partner, its callbacks to us): HMAC-SHA256 with the
// shared secret over five lines (method, path, Unix-seconds timestamp, nonce, exact body), hex in X-Ht-Signature.
// Its answers to our calls are signed the same way, with the method line RESPONSE, the request's path and the
// request's nonce: an answer cannot be forged, nor replayed to another call.

export const SIGNATURE_HEADERS = {
  timestamp: 'x-ht-timestamp',
  nonce: 'x-ht-nonce',
  signature: 'x-ht-signature',
} as const

/** The method line of a signed answer. */
export const ANSWER_METHOD = 'RESPONSE'

/** A signed message older or newer than this is refused (replays; clock skew). */
export const SIGNATURE_MAX_AGE_MS = 5 * 60 * 1000

export interface SignedParts {
  method: string
  path: string
  timestamp: string
  nonce: string
  body: string
}

export function signatureOf(secret: string, parts: SignedParts): string {
  const message = [parts.method.toUpperCase(), parts.path, parts.timestamp, parts.nonce, parts.body].join(
    '\n',
  )
  return createHmac('sha256', secret).update(message).digest('hex')
}

/** The three signature headers of a request, callback or answer (with the request's nonce) sent now. */
export function signHeaders(
  secret: string,
  method: string,
  path: string,
  body: string,
  now: Date,
  nonce: string = randomBytes(12).toString('hex'),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000))
  return {
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.nonce]: nonce,
    [SIGNATURE_HEADERS.signature]: signatureOf(secret, { method, path, timestamp, nonce, body }),
  }
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'mismatch' }

/** Checks the headers of a signed message: present, fresh, and signed with one of the secrets. */
export function verifySignature(
  secrets: readonly string[],
  request: { method: string; path: string; headers: Record<string, string | undefined>; body: string },
  now: Date,
): SignatureCheck {
  const timestamp = request.headers[SIGNATURE_HEADERS.timestamp]
  const nonce = request.headers[SIGNATURE_HEADERS.nonce]
  const signature = request.headers[SIGNATURE_HEADERS.signature]
  if (!timestamp || !nonce || !signature || !/^\d{1,13}$/.test(timestamp))
    return { ok: false, reason: 'missing' }
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > SIGNATURE_MAX_AGE_MS)
    return { ok: false, reason: 'stale' }
  const given = Buffer.from(signature, 'utf8')
  for (const secret of secrets) {
    const expected = Buffer.from(
      signatureOf(secret, {
        method: request.method,
        path: request.path,
        timestamp,
        nonce,
        body: request.body,
      }),
      'utf8',
    )
    if (expected.length === given.length && timingSafeEqual(expected, given)) return { ok: true }
  }
  return { ok: false, reason: 'mismatch' }
}
