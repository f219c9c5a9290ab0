// Coverage and payment period codes of the catalog (ProductDetail.coveragePeriods / paymentPeriods).
// Coverage: "30d" days, "6m" months, "1y"/"20y" years, "to70" until the insured's 70th birthday, "life" whole life.
// Payment: "single" one payment, "10" ten yearly payments, "to60" yearly until age 60.

export type CoveragePeriod =
  { kind: 'days' | 'months' | 'years'; count: number } | { kind: 'toAge'; age: number } | { kind: 'life' }

export type PaymentPeriod =
  { kind: 'single' } | { kind: 'years'; count: number } | { kind: 'toAge'; age: number }

export function parseCoveragePeriod(code: string): CoveragePeriod | null {
  if (code === 'life') return { kind: 'life' }
  const unit = /^([1-9]\d{0,2})([dmy])$/.exec(code)
  if (unit)
    return { kind: unit[2] === 'd' ? 'days' : unit[2] === 'm' ? 'months' : 'years', count: Number(unit[1]) }
  const toAge = /^to([1-9]\d{0,2})$/.exec(code)
  return toAge ? { kind: 'toAge', age: Number(toAge[1]) } : null
}

export function parsePaymentPeriod(code: string): PaymentPeriod | null {
  if (code === 'single') return { kind: 'single' }
  if (/^[1-9]\d{0,2}$/.test(code)) return { kind: 'years', count: Number(code) }
  const toAge = /^to([1-9]\d{0,2})$/.exec(code)
  return toAge ? { kind: 'toAge', age: Number(toAge[1]) } : null
}

/** "20y" -> "20年", "to70" -> "保至70周岁", "life" -> "终身". Unknown codes are shown as they are. */
export function coveragePeriodLabel(code: string): string {
  const period = parseCoveragePeriod(code)
  if (!period) return code
  switch (period.kind) {
    case 'life':
      return '终身'
    case 'toAge':
      return `保至${period.age}周岁`
    case 'days':
      return `${period.count}天`
    case 'months':
      return `${period.count}个月`
    case 'years':
      return `${period.count}年`
  }
}

/** "single" -> "一次交清", "10" -> "10年交", "to60" -> "交至60周岁". */
export function paymentPeriodLabel(code: string): string {
  const period = parsePaymentPeriod(code)
  if (!period) return code
  if (period.kind === 'single') return '一次交清'
  return period.kind === 'years' ? `${period.count}年交` : `交至${period.age}周岁`
}

/** How often the quoted premium is paid: once, or once a year. */
export function premiumCadenceLabel(paymentPeriod: string): string {
  return parsePaymentPeriod(paymentPeriod)?.kind === 'single' ? '' : '/年'
}

/** How a partner insurer is asked to charge a payment period: once (一次交清) or yearly. */
export const chargePeriodOf = (paymentPeriod: string): 'single' | 'year' =>
  parsePaymentPeriod(paymentPeriod)?.kind === 'single' ? 'single' : 'year'
