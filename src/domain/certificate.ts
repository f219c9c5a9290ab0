// Certificates (identity documents) and phone numbers: docs/architecture.md. Pure; used by UI and server.

import type { CertificateType } from './certificateTypes'

export { CERTIFICATE_TYPES, MINOR_CERTIFICATE_TYPES, type CertificateType } from './certificateTypes'

export type Gender = 'M' | 'F'

export type CertificateCheck =
  { ok: true; number: string; birthDate?: string; gender?: Gender } | { ok: false; reason: string }

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const CHECK_CHARS = '10X98765432'
const HMT_PREFIXES: Record<string, string> = { '810000': '香港', '820000': '澳门', '830000': '台湾' }

/** GB 11643 MOD 11-2 check character of the first 17 digits. */
export function checksumChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new TypeError('checksumChar needs exactly 17 digits')
  let sum = 0
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]
  return CHECK_CHARS[sum % 11]
}

/** "YYYYMMDD" -> "YYYY-MM-DD" when it is a real calendar date, else null. */
export function parseCompactDate(text: string): string | null {
  if (!/^\d{8}$/.test(text)) return null
  const year = Number(text.slice(0, 4))
  const month = Number(text.slice(4, 6))
  const day = Number(text.slice(6, 8))
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`
}

/** Today's calendar date in Asia/Shanghai (UTC+8, no DST) as YYYY-MM-DD. */
export function shanghaiDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10)
}

/** An 18-character number with the MOD 11-2 checksum and a birth date (positions 7-14) not in the future. */
function checkEighteen(raw: string, today: string, label: string): CertificateCheck {
  const number = raw.toUpperCase()
  if (!/^\d{17}[\dX]$/.test(number)) return { ok: false, reason: `${label}应为18位，最后一位可为数字或X` }
  const birthDate = parseCompactDate(number.slice(6, 14))
  if (!birthDate || birthDate < '1900-01-01') return { ok: false, reason: `${label}中的出生日期不正确` }
  if (birthDate > today) return { ok: false, reason: `${label}中的出生日期晚于今天` }
  if (checksumChar(number.slice(0, 17)) !== number[17])
    return { ok: false, reason: `${label}校验位不正确，请核对` }
  const gender: Gender = Number(number[16]) % 2 === 1 ? 'M' : 'F'
  return { ok: true, number, birthDate, gender }
}

/**
 * Checks a certificate number for its type. `today` (YYYY-MM-DD, Asia/Shanghai) bounds birth dates.
 * Resident IDs, residence permits and the 2023 permanent residence card yield birth date and gender.
 */
export function validateCertificate(
  type: CertificateType,
  input: string,
  today: string = shanghaiDate(),
): CertificateCheck {
  const raw = input.trim()
  if (!raw) return { ok: false, reason: '请输入证件号码' }
  switch (type) {
    case 'ID_CARD': {
      const result = checkEighteen(raw, today, '身份证号')
      if (result.ok && (HMT_PREFIXES[raw.slice(0, 6)] || raw.startsWith('9'))) {
        return { ok: false, reason: '该号码不是居民身份证号，请选择对应的证件类型' }
      }
      if (result.ok && !/^[1-6]\d{5}/.test(raw)) return { ok: false, reason: '身份证号的地区码不正确' }
      return result
    }
    case 'HMT_RESIDENCE_PERMIT': {
      if (!HMT_PREFIXES[raw.slice(0, 6)])
        return { ok: false, reason: '港澳台居民居住证号码应以810000、820000或830000开头' }
      return checkEighteen(raw, today, '居住证号码')
    }
    case 'FOREIGN_PERMANENT_RESIDENCE': {
      const upper = raw.toUpperCase()
      // 2017 edition: three letters (nationality) + 12 digits.
      if (/^[A-Z]{3}\d{12}$/.test(upper)) return { ok: true, number: upper }
      if (!upper.startsWith('9'))
        return {
          ok: false,
          reason: '永久居留身份证号码应为以9开头的18位（2023版）或3位字母加12位数字（2017版）',
        }
      return checkEighteen(upper, today, '永久居留身份证号码')
    }
    case 'HK_MACAU_PASS': {
      const upper = raw.toUpperCase()
      return /^[HM](\d{8}|\d{10})$/.test(upper)
        ? { ok: true, number: upper }
        : { ok: false, reason: '港澳通行证号码应为H或M开头加8位或10位数字' }
    }
    case 'TAIWAN_PASS': {
      const upper = raw.toUpperCase()
      return /^(\d{8}|[A-Z0-9]{10})$/.test(upper)
        ? { ok: true, number: upper }
        : { ok: false, reason: '台湾通行证号码应为8位数字或10位字母数字' }
    }
    case 'HOUSEHOLD_REGISTER': {
      // The child's page of the 户口簿 shows the same citizen ID number an ID card would.
      const result = validateCertificate('ID_CARD', raw, today)
      return result.ok
        ? result
        : { ok: false, reason: result.reason.replace('身份证号', '户口簿上的身份证号') }
    }
    case 'BIRTH_CERTIFICATE': {
      const upper = raw.toUpperCase()
      return /^[A-Z]\d{9}$/.test(upper)
        ? { ok: true, number: upper }
        : { ok: false, reason: '出生证明编号应为1位字母加9位数字' }
    }
    case 'PASSPORT': {
      const upper = raw.toUpperCase()
      return /^[A-Z0-9]{5,17}$/.test(upper) && /\d/.test(upper)
        ? { ok: true, number: upper }
        : { ok: false, reason: '护照号码应为5至17位字母或数字' }
    }
  }
}

/** 110101199003078515 -> 1101**********8515: keeps the first 4 and last 4 characters. */
export function maskCertificateNumber(number: string): string {
  if (number.length <= 8)
    return `${number.slice(0, 1)}${'*'.repeat(Math.max(0, number.length - 2))}${number.slice(-1)}`
  return `${number.slice(0, 4)}${'*'.repeat(number.length - 8)}${number.slice(-4)}`
}

/** 张三丰 -> *三丰; a name of one character stays as it is. */
export function maskName(name: string): string {
  const chars = Array.from(name)
  return chars.length <= 1 ? name : `*${chars.slice(1).join('')}`
}

/** A person's legal name: 2-30 characters of Chinese or Latin letters, with · or spaces between parts. */
export function validatePersonName(
  input: string,
): { ok: true; name: string } | { ok: false; reason: string } {
  const name = input.trim().replace(/\s+/g, ' ')
  if (Array.from(name).length < 2) return { ok: false, reason: '请输入真实姓名（至少2个字）' }
  if (Array.from(name).length > 30) return { ok: false, reason: '姓名不能超过30个字' }
  if (!/^[\u4e00-\u9fa5A-Za-z]+([·• ][\u4e00-\u9fa5A-Za-z]+)*$/u.test(name)) {
    return { ok: false, reason: '姓名只能包含汉字、字母和间隔号·' }
  }
  return { ok: true, name }
}
