// Campaign forms and gifts to collect (领取, issue 14; a coupon's status and validity: coupons.ts): the rules the form block shows as you type and the server
// applies again. Fields come from a whitelist (name, phone, certificate, date, select, region, agreement), each
// checked with the shared rules of certificate.ts and age.ts. Pure; used by the UI and the server.
import { isIsoDate } from './age'
import {
  certificateChoices,
  isCertificateValue,
  type FieldValue,
  type FormFieldSpec,
} from './campaignFormFields'
import { validateCertificate, validatePersonName, type CertificateType } from './certificate'
import { isValidPhone } from './phone'

export {
  certificateChoices,
  isCertificateValue,
  type CertificateValue,
  type FieldValue,
  type FormFieldSpec,
} from './campaignFormFields'

export interface FieldProblem {
  /** "fields.<key>" (the path in the request body). */
  field: string
  message: string
}

/** An entry of a campaign counts for eligibility ("used a calculator this week") this many days. */
export const ENTRY_FRESH_DAYS = 7

/** A region or detail typed by hand: at least this long. */
const REGION_MIN = 2
const TEXT_MAX = 60

const isEmpty = (value: FieldValue | undefined) =>
  value === undefined ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (isCertificateValue(value) && value.number.trim() === '')

/** Why one field's value is not acceptable (null when it is). `today` is YYYY-MM-DD in Asia/Shanghai. */
export function fieldProblem(
  field: FormFieldSpec,
  value: FieldValue | undefined,
  today: string,
): string | null {
  if (field.kind === 'agreement') return value === true ? null : `请勾选${field.label.replace(/^我已/, '')}`
  if (isEmpty(value)) return field.optional ? null : fieldMissing(field)
  switch (field.kind) {
    case 'name': {
      if (typeof value !== 'string') return '请输入姓名'
      const name = validatePersonName(value)
      return name.ok ? null : name.reason
    }
    case 'phone':
      return typeof value === 'string' && isValidPhone(value.trim()) ? null : '请输入正确的11位手机号'
    case 'certificate': {
      if (!isCertificateValue(value)) return '请选择证件类型并输入证件号码'
      const choice = certificateChoices(field).find((c) => c.type === value.type)
      if (!choice) return '请选择证件类型'
      const check = validateCertificate(choice.type, value.number, today)
      return check.ok ? null : check.reason
    }
    case 'date':
      return typeof value === 'string' && isIsoDate(value) ? null : `请选择${field.label}`
    case 'select':
      return typeof value === 'string' && field.options?.includes(value) ? null : `请选择${field.label}`
    case 'region':
      return typeof value === 'string' && value.trim().length >= REGION_MIN && value.trim().length <= TEXT_MAX
        ? null
        : `请填写${field.label}（${REGION_MIN}至${TEXT_MAX}个字）`
  }
}

function fieldMissing(field: FormFieldSpec): string {
  switch (field.kind) {
    case 'date':
    case 'select':
      return `请选择${field.label}`
    case 'certificate':
      return '请输入证件号码'
    default:
      return `请填写${field.label}`
  }
}

/** The value as it is stored: trimmed, certificate numbers upper-cased, unknown keys left out. */
function normalized(field: FormFieldSpec, value: FieldValue | undefined): FieldValue | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string') {
    const text = value.trim()
    return field.kind === 'name' ? text.replace(/\s+/g, ' ') : text
  }
  if (isCertificateValue(value)) return { type: value.type, number: value.number.trim().toUpperCase() }
  return value
}

export type FormCheck =
  { ok: true; values: Record<string, FieldValue> } | { ok: false; problems: FieldProblem[] }

/** Every field at once; a key the form does not have is refused too (the server names it). */
export function checkForm(
  fields: readonly FormFieldSpec[],
  values: Readonly<Record<string, FieldValue | undefined>>,
  today: string,
): FormCheck {
  const problems: FieldProblem[] = []
  const known = new Set(fields.map((f) => f.key))
  for (const key of Object.keys(values))
    if (!known.has(key)) problems.push({ field: `fields.${key}`, message: '表单中没有这一项' })
  const out: Record<string, FieldValue> = {}
  for (const field of fields) {
    const problem = fieldProblem(field, values[field.key], today)
    if (problem) problems.push({ field: `fields.${field.key}`, message: problem })
    const value = normalized(field, values[field.key])
    if (value !== undefined && !isEmpty(value)) out[field.key] = value
  }
  return problems.length ? { ok: false, problems } : { ok: true, values: out }
}

/** The first field of a kind (a gift policy reads its person from these). */
export const fieldOfKind = (fields: readonly FormFieldSpec[], kind: FormFieldSpec['kind']) =>
  fields.find((f) => f.kind === kind)

export interface GiftPerson {
  name: string
  certType: CertificateType
  certNo: string
  birthday: string
  gender: 'M' | 'F'
  phone: string
}

/**
 * The person a gift policy covers (policyholder and insured alike), from a checked form: the certificate must
 * tell birth date and gender (resident ID, residence permit, the 2023 permanent residence card).
 */
export function giftPersonOf(
  fields: readonly FormFieldSpec[],
  values: Record<string, FieldValue>,
  today: string,
): { ok: true; person: GiftPerson } | { ok: false; problem: FieldProblem } {
  const name = fieldOfKind(fields, 'name')
  const cert = fieldOfKind(fields, 'certificate')
  const phone = fieldOfKind(fields, 'phone')
  const certValue = cert ? values[cert.key] : undefined
  if (!name || !cert || !phone || !isCertificateValue(certValue))
    return { ok: false, problem: { field: 'fields', message: '领取赠险须填写姓名、证件和手机号' } }
  const check = validateCertificate(certValue.type as CertificateType, certValue.number, today)
  if (!check.ok || !check.birthDate || !check.gender)
    return {
      ok: false,
      problem: {
        field: `fields.${cert.key}`,
        message: '领取赠险请使用可识别出生日期的证件（居民身份证、港澳台居民居住证等）',
      },
    }
  return {
    ok: true,
    person: {
      name: String(values[name.key]),
      certType: certValue.type as CertificateType,
      certNo: check.number,
      birthday: check.birthDate,
      gender: check.gender,
      phone: String(values[phone.key]),
    },
  }
}

/** One certificate, one gift per campaign: the unique key of a collection (领取). */
export const personKey = (person: { certType: string; certNo: string }) =>
  `${person.certType}:${person.certNo.toUpperCase()}`
