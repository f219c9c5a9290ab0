import type { FastifyReply, FastifyRequest } from 'fastify'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { etagMatches } from './renderCache'

// The consumer HTML the server sends (rendered screens, published pages, the build's HTML files told the server's
// mode) goes out compressed as the browser accepts: a home screen's 34 KB is about 8 KB, half a second less on a
// slow phone network. A render kept for everyone (renderCache.ts) and a built page (builtPageHtml.ts) are
// compressed once per encoding and kept with it, so a launch's visitors do not each pay for it. The build's other
// files are compressed at build time (scripts/precompressPlugin.ts).

export type HtmlEncoding = 'br' | 'gzip'

/** Smaller bodies go as they are: the encoding would save less than its own framing. */
const MIN_BYTES = 1024
/** Brotli's quality 5 gives most of quality 11's gain on HTML in about a millisecond per render. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }

/** The encoding to send in by `Accept-Encoding` (brotli first); null for none (also for q=0). */
export function htmlEncoding(acceptEncoding: string | string[] | undefined): HtmlEncoding | null {
  const weights = new Map<string, number>()
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    if (name) weights.set(name, q === undefined ? 1 : Number(q.slice(2)))
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null
}

function encode(body: string, encoding: HtmlEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body)
}

const kept = new WeakMap<object, Map<string, Buffer>>()

/** `body` in `encoding`, remembered for as long as `owner` (a kept render) lives, under `variant`. */
function encodedOnce(owner: object, variant: string, body: string, encoding: HtmlEncoding): Buffer {
  let forOwner = kept.get(owner)
  if (!forOwner) kept.set(owner, (forOwner = new Map()))
  const key = `${variant} ${encoding}`
  let encoded = forOwner.get(key)
  if (!encoded) forOwner.set(key, (encoded = encode(body, encoding)))
  return encoded
}

export interface HtmlAnswer {
  body: string
  /** The kept render the body comes from, and which of its forms it is: its encodings are made once. */
  keptAs?: { owner: object; variant: string }
  /** The representation's ETag (before its encoding is added), with a 304 when the request's matches. */
  etag?: string
}

/**
 * Sends HTML (its type and other headers already set) in the encoding the browser accepts. An ETag names the
 * encoding too (a strong validator differs per representation), and `Vary` adds Accept-Encoding.
 */
export async function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: HtmlAnswer,
): Promise<void> {
  const vary = reply.getHeader('Vary')
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
  const encoding =
    Buffer.byteLength(answer.body) >= MIN_BYTES ? htmlEncoding(request.headers['accept-encoding']) : null
  if (answer.etag) {
    const etag = encoding ? answer.etag.replace(/"$/, `-${encoding}"`) : answer.etag
    reply.header('ETag', etag)
    if (etagMatches(request.headers['if-none-match'], etag)) {
      await reply.code(304).send()
      return
    }
  }
  if (!encoding) {
    await reply.send(answer.body)
    return
  }
  const body = answer.keptAs
    ? encodedOnce(answer.keptAs.owner, answer.keptAs.variant, answer.body, encoding)
    : encode(answer.body, encoding)
  await reply.header('Content-Encoding', encoding).send(body)
}
