import type { PartnerOperation } from '../tables'

// Failure modes a test (or a demo) switches on through the sandbox's admin endpoint:
//   timeout           answers only after `delayMs` (longer than our PARTNER_TIMEOUT_MS)
//   refuse            refuses underwriting (E2001); on issue, accepts and then calls back ISSUE_FAILED
//   duplicateCallback delivers each issuing callback `copies` times at once (same event id)
//   malformed         answers HTTP 200 with a body that is not the partner's envelope
//   down              drops the connection without an answer
//   badSignature      answers with a signature made with another secret (a forged or tampered answer)
//   reprice           underwrites at another premium than the quote's: `premiumFen` (default: twice the quote's)
//   slow              answers after `delayMs` (default 100), below our timeout: the call succeeds, slowly
//   serverError       answers HTTP `status` (default 503) with a body, as a partner's overloaded gateway does
//   loseCallback      issues, but never delivers the issuing callback (only a query learns the outcome)
//   holdCallback      issues, and holds the callback until released (POST /__sandbox/callbacks/release)
//   lateCallback      issues, and delivers the callback only `delayMs` (default 1000) later
// A fault applies to the listed operations (all when none) for the next `times` calls (always when absent).

export const FAULT_MODES = [
  'timeout',
  'refuse',
  'duplicateCallback',
  'malformed',
  'down',
  'badSignature',
  'reprice',
  'slow',
  'serverError',
  'loseCallback',
  'holdCallback',
  'lateCallback',
] as const
export type FaultMode = (typeof FAULT_MODES)[number]

export interface Fault {
  mode: FaultMode
  operations?: PartnerOperation[]
  times?: number
  delayMs?: number
  copies?: number
  /** reprice: the underwritten premium. */
  premiumFen?: number
  /** serverError's HTTP status (500..599). */
  status?: number
}

export class Faults {
  private active: Fault[] = []

  set(faults: Fault[]): void {
    this.active = faults.map((f) => ({ ...f }))
  }

  add(fault: Fault): void {
    this.active.push({ ...fault })
  }

  clear(): void {
    this.active = []
  }

  list(): Fault[] {
    return this.active.map((f) => ({ ...f }))
  }

  /** The first fault for this operation (and mode, when given), counting one use of it. */
  take(operation: PartnerOperation, mode?: FaultMode): Fault | null {
    const index = this.active.findIndex(
      (f) =>
        (!mode || f.mode === mode) &&
        (!f.operations || f.operations.includes(operation)) &&
        (f.times === undefined || f.times > 0),
    )
    if (index < 0) return null
    const fault = this.active[index]
    if (fault.times !== undefined) {
      fault.times -= 1
      if (fault.times === 0) this.active.splice(index, 1)
    }
    return { ...fault }
  }
}

export function isFault(value: unknown): value is Fault {
  if (typeof value !== 'object' || value === null) return false
  const f = value as Record<string, unknown>
  const operations = ['quote', 'underwrite', 'issue', 'query', 'surrender', 'cancel']
  return (
    FAULT_MODES.includes(f.mode as FaultMode) &&
    (f.operations === undefined ||
      (Array.isArray(f.operations) && f.operations.every((o) => operations.includes(o as string)))) &&
    (f.times === undefined || (Number.isInteger(f.times) && (f.times as number) > 0)) &&
    (f.delayMs === undefined || (Number.isInteger(f.delayMs) && (f.delayMs as number) >= 0)) &&
    (f.copies === undefined || (Number.isInteger(f.copies) && (f.copies as number) >= 1)) &&
    (f.premiumFen === undefined || (Number.isInteger(f.premiumFen) && (f.premiumFen as number) > 0)) &&
    (f.status === undefined ||
      (Number.isInteger(f.status) && (f.status as number) >= 500 && (f.status as number) <= 599))
  )
}
