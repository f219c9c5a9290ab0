import { randomBytes } from 'node:crypto'

// The sandbox partner's own books (in memory, like a partner's database that we never see): its quotes, the
// applications it underwrote and what became of them. Issuing is idempotent by our request id.

export interface SandboxQuote {
  quoteNo: string
  productCode: string
  premium: string
}

export type ApplicationStatus = 'UNDERWRITTEN' | 'ISSUING' | 'ISSUED' | 'FAILED' | 'SURRENDERED'

export interface SandboxApplication {
  applyNo: string
  productCode: string
  premium: string
  status: ApplicationStatus
  issueRequestId: string | null
  policyNo: string | null
  errorCode: string | null
  surrenderRequestId: string | null
}

const compactDay = (now: Date) =>
  new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '')

export class SandboxLedger {
  readonly quotes = new Map<string, SandboxQuote>()
  readonly applications = new Map<string, SandboxApplication>()
  private serial = 0

  addQuote(productCode: string, premium: string): SandboxQuote {
    const quote = { quoteNo: `HTQ${randomBytes(8).toString('hex').toUpperCase()}`, productCode, premium }
    this.quotes.set(quote.quoteNo, quote)
    return quote
  }

  underwrite(quote: SandboxQuote): SandboxApplication {
    const application: SandboxApplication = {
      applyNo: `HTA${randomBytes(8).toString('hex').toUpperCase()}`,
      productCode: quote.productCode,
      premium: quote.premium,
      status: 'UNDERWRITTEN',
      issueRequestId: null,
      policyNo: null,
      errorCode: null,
      surrenderRequestId: null,
    }
    this.applications.set(application.applyNo, application)
    return application
  }

  nextPolicyNo(now: Date): string {
    this.serial += 1
    return `HT${compactDay(now)}${String(this.serial).padStart(8, '0')}`
  }

  byPolicyNo(policyNo: string): SandboxApplication | undefined {
    for (const application of this.applications.values())
      if (application.policyNo === policyNo) return application
    return undefined
  }
}
