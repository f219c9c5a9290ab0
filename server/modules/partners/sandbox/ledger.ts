import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

// The sandbox partner's own books (like a partner's database that we never see): its quotes, the applications it
// underwrote and what became of them. Underwriting, issuing and cancelling are idempotent by our request id. With a file (the demo server's
// data folder), the books outlive a restart, as a real partner's do; tests keep them in memory.

/** Quotes kept (the oldest go first): a quote is asked for on every change of the form. */
const MAX_QUOTES = 1000

export interface SandboxQuote {
  quoteNo: string
  productCode: string
  premium: string
}

export type ApplicationStatus = 'UNDERWRITTEN' | 'ISSUING' | 'ISSUED' | 'FAILED' | 'SURRENDERED' | 'CANCELLED'

export interface SandboxApplication {
  applyNo: string
  productCode: string
  premium: string
  status: ApplicationStatus
  issueRequestId: string | null
  policyNo: string | null
  errorCode: string | null
  surrenderRequestId: string | null
  /** When it was issued and surrendered (ISO; absent in books written before they were kept). */
  issuedAt?: string | null
  surrenderedAt?: string | null
  /** Our underwriting request's id: the same request asked again answers this application. */
  underwriteRequestId?: string | null
}

const compactDay = (now: Date) =>
  new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '')

interface LedgerFile {
  quotes: SandboxQuote[]
  applications: SandboxApplication[]
  serial: number
}

export class SandboxLedger {
  readonly quotes = new Map<string, SandboxQuote>()
  readonly applications = new Map<string, SandboxApplication>()
  private serial = 0

  constructor(private readonly file: string | null = null) {
    if (!file || !existsSync(file)) return
    // Books that cannot be read start empty: the sandbox stands in for a partner, and the job queries it.
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as LedgerFile
      for (const quote of saved.quotes) this.quotes.set(quote.quoteNo, quote)
      for (const application of saved.applications) this.applications.set(application.applyNo, application)
      this.serial = saved.serial
    } catch {
      this.quotes.clear()
      this.applications.clear()
    }
  }

  /** Writes the books (whole, then renamed over the old file, so a crash never leaves half of them). */
  save(): void {
    if (!this.file) return
    const books: LedgerFile = {
      quotes: [...this.quotes.values()],
      applications: [...this.applications.values()],
      serial: this.serial,
    }
    mkdirSync(dirname(this.file), { recursive: true })
    writeFileSync(`${this.file}.tmp`, JSON.stringify(books))
    renameSync(`${this.file}.tmp`, this.file)
  }

  addQuote(productCode: string, premium: string): SandboxQuote {
    const quote = { quoteNo: `HTQ${randomBytes(8).toString('hex').toUpperCase()}`, productCode, premium }
    this.quotes.set(quote.quoteNo, quote)
    if (this.quotes.size > MAX_QUOTES) this.quotes.delete(this.quotes.keys().next().value!)
    return quote
  }

  /** `premium`: the underwritten premium when it is not the quote's (a re-price). */
  underwrite(
    quote: SandboxQuote,
    underwriteRequestId: string | null = null,
    premium = quote.premium,
  ): SandboxApplication {
    const application: SandboxApplication = {
      applyNo: `HTA${randomBytes(8).toString('hex').toUpperCase()}`,
      productCode: quote.productCode,
      premium,
      status: 'UNDERWRITTEN',
      issueRequestId: null,
      policyNo: null,
      errorCode: null,
      surrenderRequestId: null,
      underwriteRequestId,
    }
    this.applications.set(application.applyNo, application)
    return application
  }

  nextPolicyNo(now: Date): string {
    this.serial += 1
    return `HT${compactDay(now)}${String(this.serial).padStart(8, '0')}`
  }

  byUnderwriteRequest(requestId: string): SandboxApplication | undefined {
    for (const application of this.applications.values())
      if (application.underwriteRequestId === requestId) return application
    return undefined
  }

  byPolicyNo(policyNo: string): SandboxApplication | undefined {
    for (const application of this.applications.values())
      if (application.policyNo === policyNo) return application
    return undefined
  }
}
