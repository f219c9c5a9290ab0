import { ApiError } from './errors'

// Cursor pages over an identity `seq` (newest first): the cursor is the last row's seq, as digits in base64url
// JSON. A forged or broken cursor is a 400 naming the field, and SQL never sees a value it would refuse.

const invalidCursor = () =>
  new ApiError(400, 'INVALID_CURSOR', '分页游标（cursor）无效，请从第一页重新加载', [
    { field: 'cursor', message: '分页游标无效' },
  ])

/** The seq (a bigint, as digits) a cursor carries. */
export function decodeSeqCursor(text: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  const s = (parsed as { s?: unknown } | null)?.s
  if (typeof s !== 'string' || !/^[1-9]\d{0,17}$/.test(s)) throw invalidCursor()
  return s
}

export const encodeSeqCursor = (seq: string): string =>
  Buffer.from(JSON.stringify({ s: seq })).toString('base64url')
