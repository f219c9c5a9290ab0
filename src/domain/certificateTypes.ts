// The certificate (identity document) types a form offers, apart from their rules (certificate.ts): a form shows
// the choices before anything is checked, so a page can load the checks when it first needs them.

/** Our own certificate types; partners' codes are mapped at their edge. */
export type CertificateType =
  | 'ID_CARD' // 居民身份证
  | 'HMT_RESIDENCE_PERMIT' // 港澳台居民居住证
  | 'FOREIGN_PERMANENT_RESIDENCE' // 外国人永久居留身份证
  | 'HK_MACAU_PASS' // 港澳居民来往内地通行证
  | 'TAIWAN_PASS' // 台湾居民来往大陆通行证
  | 'PASSPORT' // 护照
  | 'HOUSEHOLD_REGISTER' // 户口簿 (a child's page carries the citizen ID number)
  | 'BIRTH_CERTIFICATE' // 出生医学证明

/** Certificates of children without an ID card: for an insured under 18 only, and with no validity period. */
export const MINOR_CERTIFICATE_TYPES: readonly CertificateType[] = ['HOUSEHOLD_REGISTER', 'BIRTH_CERTIFICATE']

export const CERTIFICATE_TYPES: readonly { type: CertificateType; name: string; minorsOnly?: true }[] = [
  { type: 'ID_CARD', name: '居民身份证' },
  { type: 'HMT_RESIDENCE_PERMIT', name: '港澳台居民居住证' },
  { type: 'FOREIGN_PERMANENT_RESIDENCE', name: '外国人永久居留身份证' },
  { type: 'HK_MACAU_PASS', name: '港澳居民来往内地通行证' },
  { type: 'TAIWAN_PASS', name: '台湾居民来往大陆通行证' },
  { type: 'PASSPORT', name: '护照' },
  { type: 'HOUSEHOLD_REGISTER', name: '户口簿', minorsOnly: true },
  { type: 'BIRTH_CERTIFICATE', name: '出生证明', minorsOnly: true },
]
