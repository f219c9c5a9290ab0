// The insurer's daily reconciliation file (docs/partner-reconciliation.md), written by the sandbox and read by
// the partner reconcile. One home for the format: a version line, a header line, one line per policy the
// insurer issued or surrendered that day, a trailer with the count. UTF-8 (a BOM is allowed), LF or CRLF.
//
//   #HTRECON,v1,20261125
//   保单号,投保单号,请求号,状态,保费(分),出单时间,退保时间,退保金额(分)
//   HT2026112500000001,HTA0123456789ABCDEF,issue-…,ISSUED,9900,2026-11-25T12:00:05.000+08:00,,
//   HT2026112500000002,HTAFEDCBA987654321,issue-…,SURRENDERED,500,2026-11-25T12:10:00.000+08:00,2026-11-25T13:00:00.000+08:00,500
//   #END,2
//
// A bad line is reported with its line number and skipped; nothing in a file makes the reader throw.

export const RECONCILIATION_FILE_VERSION = 'v1'
export const RECONCILIATION_HEADER = '保单号,投保单号,请求号,状态,保费(分),出单时间,退保时间,退保金额(分)'

export type InsurerPolicyStatus = 'ISSUED' | 'SURRENDERED'

/** One policy in the insurer's books. */
export interface InsurerRecord {
  policyNo: string
  applyNo: string
  /** Our issue request id (partner_orders.issue_request_id). */
  requestId: string
  status: InsurerPolicyStatus
  premiumFen: number
  issuedAt: string
  surrenderedAt: string | null
  surrenderRefundFen: number | null
}

export interface FileProblem {
  /** 1-based; 0 for the file as a whole. */
  line: number
  message: string
}

export interface ParsedFile {
  /** YYYYMMDD from the version line, null when it is missing or unreadable. */
  day: string | null
  records: InsurerRecord[]
  problems: FileProblem[]
}

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/
const FEN = /^\d{1,9}$/
const CODE = /^[A-Za-z0-9_-]{1,64}$/

/** An ISO time in Shanghai's offset (+08:00), as the insurer writes it. */
export function shanghaiIso(iso: string): string {
  const shifted = new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString()
  return `${shifted.slice(0, -1)}+08:00`
}

/** The file for `day` (YYYYMMDD) with these records (the writer: the sandbox). */
export function formatReconciliationFile(day: string, records: InsurerRecord[]): string {
  const lines = [`#HTRECON,${RECONCILIATION_FILE_VERSION},${day}`, RECONCILIATION_HEADER]
  for (const r of records)
    lines.push(
      [
        r.policyNo,
        r.applyNo,
        r.requestId,
        r.status,
        String(r.premiumFen),
        shanghaiIso(r.issuedAt),
        r.surrenderedAt ? shanghaiIso(r.surrenderedAt) : '',
        r.surrenderRefundFen === null ? '' : String(r.surrenderRefundFen),
      ].join(','),
    )
  lines.push(`#END,${records.length}`)
  return `${lines.join('\n')}\n`
}

/** Reads a file; every line that cannot be read is a problem with its line number, never an exception. */
export function parseReconciliationFile(text: string): ParsedFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  const problems: FileProblem[] = []
  const records: InsurerRecord[] = []
  let day: string | null = null
  const version = /^#HTRECON,(v\d+),(\d{8})$/.exec(lines[0] ?? '')
  if (!version) problems.push({ line: 1, message: '缺少版本行（应为 #HTRECON,v1,YYYYMMDD）' })
  else if (version[1] !== RECONCILIATION_FILE_VERSION)
    problems.push({ line: 1, message: `不支持的文件版本 ${version[1]}` })
  else day = version[2]
  if (lines[1] !== RECONCILIATION_HEADER) problems.push({ line: 2, message: '表头不符' })
  let trailer: number | null = null
  for (let i = 2; i < lines.length; i++) {
    const lineNo = i + 1
    const line = lines[i]
    const end = /^#END,(\d+)$/.exec(line)
    if (end) {
      trailer = Number(end[1])
      if (i !== lines.length - 1) problems.push({ line: lineNo, message: '结束行之后还有内容' })
      break
    }
    const record = parseLine(line)
    if (typeof record === 'string') problems.push({ line: lineNo, message: record })
    else records.push(record)
  }
  if (trailer === null) problems.push({ line: 0, message: '缺少结束行（文件可能不完整）' })
  else if (trailer !== records.length + problems.filter((p) => p.line > 2).length)
    problems.push({ line: 0, message: `结束行记录数 ${trailer} 与文件行数不符` })
  return { day, records, problems }
}

function parseLine(line: string): InsurerRecord | string {
  const f = line.split(',')
  if (f.length !== 8) return `应有 8 列，实有 ${f.length} 列`
  const [policyNo, applyNo, requestId, status, premium, issuedAt, surrenderedAt, refund] = f
  if (!CODE.test(policyNo)) return '保单号无效'
  if (!CODE.test(applyNo)) return '投保单号无效'
  if (!CODE.test(requestId)) return '请求号无效'
  if (status !== 'ISSUED' && status !== 'SURRENDERED') return `状态无效：${status.slice(0, 20)}`
  if (!FEN.test(premium)) return '保费(分)无效'
  if (!TIME.test(issuedAt) || Number.isNaN(Date.parse(issuedAt))) return '出单时间无效'
  const surrendered = status === 'SURRENDERED'
  if (surrendered ? !TIME.test(surrenderedAt) : surrenderedAt !== '') return '退保时间与状态不符'
  if (surrendered ? !FEN.test(refund) : refund !== '') return '退保金额与状态不符'
  return {
    policyNo,
    applyNo,
    requestId,
    status,
    premiumFen: Number(premium),
    issuedAt: new Date(issuedAt).toISOString(),
    surrenderedAt: surrendered ? new Date(surrenderedAt).toISOString() : null,
    surrenderRefundFen: surrendered ? Number(refund) : null,
  }
}
