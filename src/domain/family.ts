// Family members a user keeps to buy insurance for (docs/server.md, docs/architecture.md). Pure; used by the UI and the server.
// Built on certificate.ts (names, numbers, phones) and applicant.ts (relation codes of the purchase flow).
import { ageOn, compareIsoDates, isIsoDate } from './age'
import { derivedFromCertificate, HOLDER_MIN_AGE, isCertificateType, type FieldError } from './applicant'
import { validateCertificate, validatePersonName } from './certificate'
import { isValidPhone } from './phone'
import type { FamilyMemberInput } from '../types/generated/api/family'

/** Relations to the user: the purchase flow's relationType codes (without 本人), plus 其他. */
export const FAMILY_RELATIONS = [
  { code: '2', name: '配偶' },
  { code: '3', name: '子女' },
  { code: '4', name: '父母' },
  { code: '5', name: '其他' },
] as const
export type FamilyRelationCode = (typeof FAMILY_RELATIONS)[number]['code']
export const OTHER_RELATION: FamilyRelationCode = '5'

/** How many family members one user may keep. */
export const FAMILY_MEMBER_LIMIT = 20

export function familyRelationName(code: string): string {
  return FAMILY_RELATIONS.find((r) => r.code === code)?.name ?? '其他'
}

export { canBeInsured } from './relations'

/** A member's fields as the form and the server check them: the API input with phone '' when not given. */
export type FamilyMemberFields = Required<FamilyMemberInput>

export const FAMILY_FIELD_LABELS: Record<keyof FamilyMemberFields, string> = {
  name: '姓名',
  relation: '与本人关系',
  certType: '证件类型',
  certNo: '证件号码',
  birthday: '出生日期',
  gender: '性别',
  phone: '手机号',
}

/** The form's text as stored: trimmed, spaces in names collapsed, certificate numbers upper-case. */
export function normalizeFamilyMember(input: FamilyMemberFields): FamilyMemberFields {
  return {
    name: input.name.trim().replace(/\s+/g, ' '),
    relation: input.relation.trim(),
    certType: input.certType.trim(),
    certNo: input.certNo.trim().toUpperCase(),
    birthday: input.birthday.trim(),
    gender: input.gender.trim(),
    phone: input.phone.trim(),
  }
}

/**
 * Field errors of one family member (field = the input's key, message = Chinese, shown under the field).
 * Birth date and gender are derived from resident IDs and permits and must match them.
 */
export function validateFamilyMember(input: FamilyMemberFields, today: string): FieldError[] {
  const member = normalizeFamilyMember(input)
  const errors: FieldError[] = []
  const add = (field: keyof FamilyMemberFields, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message })
  }

  const name = validatePersonName(member.name)
  if (!name.ok) add('name', name.reason)
  if (!FAMILY_RELATIONS.some((r) => r.code === member.relation)) add('relation', '请选择与本人的关系')

  if (!isCertificateType(member.certType)) add('certType', '请选择证件类型')
  else {
    const check = validateCertificate(member.certType, member.certNo, today)
    if (!check.ok) add('certNo', check.reason)
    else {
      const derived = derivedFromCertificate(member.certType, member.certNo, today)
      if (derived && member.birthday !== derived.birthday) add('birthday', '出生日期与证件号码不一致')
      if (derived && member.gender !== derived.gender) add('gender', '性别与证件号码不一致')
    }
  }

  if (!isIsoDate(member.birthday)) add('birthday', '请选择出生日期')
  else if (compareIsoDates(member.birthday, today) > 0) add('birthday', '出生日期不能晚于今天')
  else if (member.relation === '2' && ageOn(member.birthday, today) < HOLDER_MIN_AGE)
    add('relation', `配偶须年满${HOLDER_MIN_AGE}周岁`)
  if (member.gender !== 'M' && member.gender !== 'F') add('gender', '请选择性别')
  if (member.phone && !isValidPhone(member.phone)) add('phone', '请输入正确的11位手机号')
  return errors
}
