// Mainland mobile numbers: a module of its own, since the session code every page loads checks one
// (src/features/member/session.ts) and should not bring the certificate rules with it.

export const PHONE_PATTERN = /^1[3-9]\d{9}$/

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone)
}

/** 13800000000 -> 138****0000 */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone
}
