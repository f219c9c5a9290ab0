// Policyholder and insured rules (docs/architecture.md), run by /infoFill and again by POST /api/orders.
// Built on certificate.ts (numbers, names, phones) and age.ts / pricing.ts (周岁 and the plan's age limits).
import { addYears, ageOn, compareIsoDates, isIsoDate } from './age'
import {
  CERTIFICATE_TYPES,
  MINOR_CERTIFICATE_TYPES,
  validateCertificate,
  validatePersonName,
  type CertificateType,
} from './certificate'
import { isValidPhone } from './phone'
import { quotePremium, type PricingProduct, type QuoteResult } from './pricing'
import { HOLDER_MIN_AGE, RELATIONS, SELF_RELATION } from './relations'

// The relation codes and the holder's age live in relations.ts; the purchase flow's modules import them from here.
export { HOLDER_MIN_AGE, RELATIONS, relationName, SELF_RELATION, type RelationCode } from './relations'

export interface PersonInput {
  name: string
  certType: string
  certNo: string
  /** 0 = the certificate has an end date; 1 = valid long-term. */
  certTime: number
  certStartDate: string
  certEndDate: string
  gender: string
  birthday: string
}

export interface InsuredInput extends PersonInput {
  relationType: string
  hasSocialInsurance: string
  phone: string
  email: string
}

export interface FieldError {
  /** Path of the field in the order body, e.g. "insured.certNo". */
  field: string
  message: string
}

/**
 * Whether someone of this relation to the buyer can be of an age the product covers, before anyone is typed: the
 * buyer (本人) is an adult, and so is a spouse; a parent is older than the buyer, a child younger (the buyer's
 * 周岁 `selfAge` when known, else at least 18). A children's product (0 to 17) fits only 子女.
 */
export function relationCanFit(
  relation: string,
  product: Pick<PricingProduct, 'ageMin' | 'ageMax'>,
  selfAge: number | null,
): boolean {
  switch (relation) {
    case SELF_RELATION:
    case '2':
      return product.ageMax >= HOLDER_MIN_AGE
    case '4':
      return product.ageMax >= Math.max(HOLDER_MIN_AGE, selfAge ?? 0)
    case '3':
      return selfAge === null || product.ageMin.years <= selfAge
    default:
      return false
  }
}
/** A parent is at least this many years older than the child (birthdays compared): anything less is a typo. */
export const PARENT_MIN_AGE_GAP = 16

/** Legal marriage age by gender (民法典 art. 1047, 2021): men 22, women 20. */
export const MARRIAGE_MIN_AGE: Readonly<Record<'M' | 'F', number>> = { M: 22, F: 20 }

type Dated = Pick<PersonInput, 'birthday' | 'gender'>

/**
 * Why the insured cannot be the holder's 子女 / 父母 / 配偶 (RELATIONS codes 3, 4, 2), or null: a child is at least
 * PARENT_MIN_AGE_GAP years younger than the holder, a parent as much older, and spouses both of marriage age on
 * `onDate` (the cover's first day). Shared by the forms and the server's partner quote.
 */
export function relationError(
  relation: string,
  holder: Dated,
  insured: Dated,
  onDate: string,
): string | null {
  if (!isIsoDate(holder.birthday) || !isIsoDate(insured.birthday) || !isIsoDate(onDate)) return null
  const atLeastGapOlder = (parent: string, child: string) =>
    compareIsoDates(addYears(parent, PARENT_MIN_AGE_GAP), child) <= 0
  switch (relation) {
    case '3':
      return atLeastGapOlder(holder.birthday, insured.birthday)
        ? null
        : `子女应比投保人至少小${PARENT_MIN_AGE_GAP}岁，请核对出生日期或与投保人关系`
    case '4':
      return atLeastGapOlder(insured.birthday, holder.birthday)
        ? null
        : `父母应比投保人至少大${PARENT_MIN_AGE_GAP}岁，请核对出生日期或与投保人关系`
    case '2': {
      for (const [who, person] of [
        ['配偶', insured],
        ['投保人', holder],
      ] as const) {
        const min = person.gender === 'M' || person.gender === 'F' ? MARRIAGE_MIN_AGE[person.gender] : 20
        if (ageOn(person.birthday, onDate) < min)
          return `关系为配偶时，${who}须达法定婚龄（男${MARRIAGE_MIN_AGE.M}周岁、女${MARRIAGE_MIN_AGE.F}周岁）`
      }
      return null
    }
    default:
      return null
  }
}

/** A resident ID valid long-term is issued only from this age on. */
export const LONG_TERM_ID_MIN_AGE = 46

/**
 * How long a resident ID issued at an age is valid (居民身份证法 art. 5): under 16 five years, 16 to 25 ten,
 * 26 to 45 twenty, from 46 long-term (null).
 */
export function idValidityYears(ageAtIssue: number): 5 | 10 | 20 | null {
  if (ageAtIssue < 16) return 5
  if (ageAtIssue < 26) return 10
  if (ageAtIssue < LONG_TERM_ID_MIN_AGE) return 20
  return null
}

/** A certificate with no validity period (户口簿, 出生证明): no dates asked. */
export const hasValidityPeriod = (certType: string) =>
  !(MINOR_CERTIFICATE_TYPES as readonly string[]).includes(certType)

/**
 * The end date a resident ID issued on `startDate` has (certTime 1 = long-term), when the birth date is known:
 * the form fills it in, so a buyer picks one date, not two.
 */
export function idValidityFor(
  birthday: string,
  startDate: string,
): Pick<PersonInput, 'certTime' | 'certEndDate'> | null {
  if (!isIsoDate(birthday) || !isIsoDate(startDate) || compareIsoDates(startDate, birthday) < 0) return null
  const years = idValidityYears(ageOn(birthday, startDate))
  return years === null
    ? { certTime: 1, certEndDate: '' }
    : { certTime: 0, certEndDate: addYears(startDate, years) }
}
/** Death cover caps for minors (fen): under 10 -> 20万, 10 to 17 -> 50万. */
export const MINOR_DEATH_COVER_LIMITS = [
  { belowAge: 10, maxFen: 20_000_000 },
  { belowAge: 18, maxFen: 50_000_000 },
] as const

const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/

export function isCertificateType(value: string): value is CertificateType {
  return CERTIFICATE_TYPES.some((t) => t.type === value)
}

/** What a certificate number tells about its holder (resident IDs and permits carry birth date and gender). */
export function derivedFromCertificate(certType: string, certNo: string, today: string) {
  if (!isCertificateType(certType)) return null
  const check = validateCertificate(certType, certNo, today)
  return check.ok && check.birthDate && check.gender
    ? { birthday: check.birthDate, gender: check.gender }
    : null
}

/** Field errors of one person: name, certificate, birth date, gender, validity dates. */
export function validatePerson(person: PersonInput, prefix: string, today: string): FieldError[] {
  const errors: FieldError[] = []
  const add = (field: string, message: string) => errors.push({ field: `${prefix}.${field}`, message })

  const name = validatePersonName(person.name)
  if (!name.ok) add('name', name.reason)

  if (!isCertificateType(person.certType)) add('certType', '请选择证件类型')
  else if (
    !hasValidityPeriod(person.certType) &&
    isIsoDate(person.birthday) &&
    ageOn(person.birthday, today) >= HOLDER_MIN_AGE
  )
    add('certType', '户口簿、出生证明仅适用于未满18周岁的被保险人，请选择其他证件')
  else {
    const check = validateCertificate(person.certType, person.certNo, today)
    if (!check.ok) add('certNo', check.reason)
    else if (check.birthDate && check.gender) {
      // Derived from the number and locked: a different value means the form was bypassed.
      if (person.birthday !== check.birthDate) add('birthday', '出生日期与证件号码不一致')
      if (person.gender !== check.gender) add('gender', '性别与证件号码不一致')
    }
  }

  if (!isIsoDate(person.birthday)) add('birthday', '请选择出生日期')
  else if (compareIsoDates(person.birthday, today) > 0) add('birthday', '出生日期不能晚于今天')
  if (person.gender !== 'M' && person.gender !== 'F') add('gender', '请选择性别')

  if (hasValidityPeriod(person.certType)) errors.push(...validateCertValidity(person, prefix, today))
  return errors
}

/**
 * A certificate's validity: started, not expired, and for a resident ID a period that fits the age it was issued
 * at (5, 10 or 20 years, long-term only from 46). The form and the partner quote (server) both run it.
 */
export function validateCertValidity(
  person: Pick<PersonInput, 'certType' | 'certTime' | 'certStartDate' | 'certEndDate' | 'birthday'>,
  prefix: string,
  today: string,
): FieldError[] {
  const errors: FieldError[] = []
  const add = (field: string, message: string) => errors.push({ field: `${prefix}.${field}`, message })
  if (!isIsoDate(person.certStartDate)) add('certStartDate', '请选择证件有效期起始日期')
  else {
    if (compareIsoDates(person.certStartDate, today) > 0)
      add('certStartDate', '证件有效期起始日期不能晚于今天')
    if (isIsoDate(person.birthday) && compareIsoDates(person.certStartDate, person.birthday) < 0)
      add('certStartDate', '证件有效期起始日期不能早于出生日期')
  }
  if (person.certTime === 1) {
    const age = isIsoDate(person.birthday) ? ageOn(person.birthday, today) : -1
    if (person.certType !== 'ID_CARD') add('certTime', '该证件不能选择长期有效，请填写截止日期')
    else if (age >= 0 && age < LONG_TERM_ID_MIN_AGE)
      add('certTime', `长期有效的身份证仅签发给${LONG_TERM_ID_MIN_AGE}周岁及以上人员`)
  } else if (person.certTime === 0) {
    if (!isIsoDate(person.certEndDate)) add('certEndDate', '请选择证件有效期截止日期')
    else if (compareIsoDates(person.certEndDate, today) <= 0)
      add('certEndDate', '证件已过期，请更新证件后再投保')
    else if (
      isIsoDate(person.certStartDate) &&
      compareIsoDates(person.certEndDate, person.certStartDate) <= 0
    )
      add('certEndDate', '截止日期应晚于起始日期')
    else if (person.certType === 'ID_CARD' && isIsoDate(person.certStartDate)) {
      // A resident ID is valid 5, 10 or 20 years (or long-term) by the age it was issued at.
      const expected = idValidityFor(person.birthday, person.certStartDate)
      const years = [5, 10, 20].find((n) => addYears(person.certStartDate, n) === person.certEndDate)
      if (years === undefined) add('certEndDate', '身份证有效期应为5年、10年、20年或长期，请核对起止日期')
      else if (expected && expected.certEndDate !== person.certEndDate) {
        const age = ageOn(person.birthday, person.certStartDate)
        add(
          'certEndDate',
          expected.certTime === 1
            ? `${age}周岁时签发的身份证为长期有效，请选择长期有效`
            : `${age}周岁时签发的身份证有效期为${idValidityYears(age)}年，截止日期应为${expected.certEndDate}`,
        )
      }
    }
  } else add('certTime', '请选择证件有效期类型')
  return errors
}

export function validateHolder(holder: PersonInput, today: string): FieldError[] {
  const errors = validatePerson(holder, 'holder', today)
  if (
    isIsoDate(holder.birthday) &&
    ageOn(holder.birthday, today) < HOLDER_MIN_AGE &&
    !errors.some((e) => e.field === 'holder.birthday')
  )
    errors.push({ field: 'holder.birthday', message: `投保人须年满${HOLDER_MIN_AGE}周岁` })
  return errors
}

/** Same person: 本人 means the insured is the policyholder. */
function samePerson(a: PersonInput, b: PersonInput): boolean {
  return a.certType === b.certType && a.certNo.trim().toUpperCase() === b.certNo.trim().toUpperCase()
}

/** The insured's fields as they must be for 本人: copied from the holder. */
export function insuredFromHolder(holder: PersonInput, insured: InsuredInput): InsuredInput {
  return {
    ...insured,
    name: holder.name,
    certType: holder.certType,
    certNo: holder.certNo,
    certTime: holder.certTime,
    certStartDate: holder.certStartDate,
    certEndDate: holder.certEndDate,
    gender: holder.gender,
    birthday: holder.birthday,
    relationType: SELF_RELATION,
  }
}

export function validateInsured(
  insured: InsuredInput,
  holder: PersonInput,
  today: string,
  /** The cover's first day (ages count on it); tomorrow when not given. */
  effectiveDate?: string,
): FieldError[] {
  const errors = validatePerson(insured, 'insured', today)
  const add = (field: string, message: string) => errors.push({ field: `insured.${field}`, message })
  if (!RELATIONS.some((r) => r.code === insured.relationType))
    add('relationType', '请选择被保险人与投保人的关系')
  else if (insured.relationType === SELF_RELATION) {
    if (!samePerson(holder, insured) || insured.name.trim() !== holder.name.trim())
      add('relationType', '关系为本人时，被保险人信息须与投保人一致')
  } else if (samePerson(holder, insured)) add('relationType', '被保险人与投保人为同一人，关系请选择本人')
  else {
    const wrong = relationError(insured.relationType, holder, insured, effectiveDate ?? today)
    if (wrong) add('relationType', wrong)
  }
  if (insured.hasSocialInsurance !== 'Y' && insured.hasSocialInsurance !== 'N')
    add('hasSocialInsurance', '请选择有无社保')
  if (!isValidPhone(insured.phone.trim())) add('phone', '请输入正确的11位手机号')
  if (insured.email.trim() && !EMAIL_PATTERN.test(insured.email.trim())) add('email', '邮箱格式不正确')
  return errors
}

/** The plan's death cover: coverages whose name says 身故. */
export function deathCoverFen(coverages: readonly { name: string; amountFen: number }[]): number {
  return coverages.filter((c) => c.name.includes('身故')).reduce((sum, c) => sum + c.amountFen, 0)
}

/** The minor death-cover cap for an age on the effective date, or null for adults. */
export function minorDeathCoverLimitFen(age: number): number | null {
  return MINOR_DEATH_COVER_LIMITS.find((l) => age < l.belowAge)?.maxFen ?? null
}

export interface ApplicationCheckInput {
  holder: PersonInput
  insured: InsuredInput
  product: PricingProduct
  planCode: string
  coveragePeriod: string
  paymentPeriod: string
  /** Death cover of the plan being bought (fen). */
  planDeathCoverFen: number
  /** Death cover the insured already has with us (fen), counted against the minor cap. */
  existingDeathCoverFen?: number
  /** Today and the policy effective date, Asia/Shanghai. */
  today: string
  effectiveDate: string
}

export type ApplicationCheck =
  { ok: true; quote: Extract<QuoteResult, { ok: true }> } | { ok: false; errors: FieldError[] }

/** Every rule at once: both persons, the plan's age limits on the effective date, the minor death-cover cap. */
export function checkApplication(input: ApplicationCheckInput): ApplicationCheck {
  const errors = [
    ...validateHolder(input.holder, input.today),
    ...validateInsured(input.insured, input.holder, input.today, input.effectiveDate),
  ]
  if (errors.length > 0) return { ok: false, errors }
  const { insured } = input
  const quote = quotePremium(input.product, {
    planCode: input.planCode,
    birthDate: insured.birthday,
    gender: insured.gender as 'M' | 'F',
    coveragePeriod: input.coveragePeriod,
    paymentPeriod: input.paymentPeriod,
    socialInsurance: insured.hasSocialInsurance as 'Y' | 'N',
    effectiveDate: input.effectiveDate,
  })
  if (!quote.ok) {
    const field =
      quote.field === 'birthDate' || quote.field === 'age' ? 'insured.birthday' : `product.${quote.field}`
    return { ok: false, errors: [{ field, message: quote.message }] }
  }
  const cap = minorDeathCoverLimitFen(quote.age)
  const total = input.planDeathCoverFen + (input.existingDeathCoverFen ?? 0)
  if (cap !== null && input.planDeathCoverFen > 0 && total > cap) {
    const capText = `${cap / 1_000_000}万元`
    return {
      ok: false,
      errors: [
        {
          field: 'insured.birthday',
          message: `未满${quote.age < 10 ? 10 : 18}周岁的被保险人身故保险金累计不得超过${capText}，请选择保额较低的计划`,
        },
      ],
    }
  }
  return { ok: true, quote }
}
