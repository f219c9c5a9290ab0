import { LOGIN_AGREEMENTS, type AgreementDocument, type AgreementKey } from '../../config/agreements'
import { isValidPhone } from '../../domain/phone'

/**
 * The login screen's consent boxes. PIPL art. 29 asks for a separate consent to processing sensitive
 * personal information, so that authorization has a box of its own; the service agreement and the privacy
 * policy share one. The server still records a consent per document: every key of a ticked box is sent.
 */
export const CONSENT_BOXES: readonly (readonly AgreementDocument[])[] = [
  LOGIN_AGREEMENTS.filter((doc) => doc.key !== 'sensitive'),
  LOGIN_AGREEMENTS.filter((doc) => doc.key === 'sensitive'),
]

/** The agreements of the ticked boxes, as POST /api/auth/login takes them. */
export function consentedAgreements(ticked: readonly boolean[]): AgreementKey[] {
  return CONSENT_BOXES.flatMap((docs, i) => (ticked[i] ? docs.map((doc) => doc.key) : []))
}

/**
 * Why a (partly typed) phone number is not valid, '' when nothing is wrong (yet). `complete`: the user left
 * the field or asked for a code, so a short number is a mistake rather than typing in progress.
 */
export function phoneProblem(phone: string, complete: boolean): string {
  if (phone === '') return complete ? '请输入手机号' : ''
  // Mainland mobile numbers start with 1 and a second digit 3–9 (docs/architecture.md): say so as soon as it shows.
  if (!/^1([3-9]\d{0,9})?$/.test(phone)) return '手机号格式不正确'
  if (phone.length < 11) return complete ? '请输入11位手机号' : ''
  return isValidPhone(phone) ? '' : '手机号格式不正确'
}
