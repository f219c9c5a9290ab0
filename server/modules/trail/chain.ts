import { createHash } from 'node:crypto'
import type { ChainCheck, TrailRecordData } from '../../../src/types/generated/api/trail'

// The trail's tamper evidence: each record's hash is SHA-256 of the previous record's hash and this record's
// canonical JSON (keys sorted, so jsonb's own key order does not matter). Changing, removing or reordering any
// record, or dropping the last one (the trail keeps the chain's end), breaks the check.

export interface ChainedFields {
  seq: number
  at: Date
  clientAt: Date | null
  source: 'server' | 'browser'
  kind: string
  data: TrailRecordData
  eventId: string | null
}

/** JSON with every object's keys sorted and undefined members left out: one text per value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
}

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')

export function recordHash(prevHash: string, record: ChainedFields): string {
  return sha256(
    `${prevHash}\n${canonicalJson({
      seq: record.seq,
      at: record.at.toISOString(),
      clientAt: record.clientAt?.toISOString() ?? null,
      source: record.source,
      kind: record.kind,
      data: record.data,
      eventId: record.eventId,
    })}`,
  )
}

/** Recomputes the chain over the records in order and compares it with the stored hashes and the trail's end. */
export function verifyChain(
  records: readonly (ChainedFields & { prevHash: string; hash: string })[],
  head: { seq: number; hash: string },
): ChainCheck {
  let prev = ''
  for (const [index, record] of records.entries()) {
    const broken = (message: string): ChainCheck => ({
      ok: false,
      records: records.length,
      brokenAtSeq: record.seq,
      message,
    })
    if (record.seq !== index + 1) return broken(`第 ${index + 1} 条记录缺失或顺序被改动`)
    if (record.prevHash !== prev) return broken(`第 ${record.seq} 条记录与前一条记录不衔接`)
    if (recordHash(prev, record) !== record.hash) return broken(`第 ${record.seq} 条记录的内容被改动`)
    prev = record.hash
  }
  if (head.seq !== records.length || head.hash !== prev)
    return {
      ok: false,
      records: records.length,
      brokenAtSeq: records.length + 1,
      message: `记录共 ${head.seq} 条，现存 ${records.length} 条：末尾的记录被删除或改动`,
    }
  return {
    ok: true,
    records: records.length,
    brokenAtSeq: null,
    message: `${records.length} 条记录的哈希链校验通过`,
  }
}
