import { describe, expect, it } from 'vitest'
import {
  checksumChar,
  maskCertificateNumber,
  maskName,
  parseCompactDate,
  shanghaiDate,
  validateCertificate,
  validatePersonName,
} from '../../src/domain/certificate'
import { isValidPhone, maskPhone } from '../../src/domain/phone'

// Valid numbers below were computed by hand with GB 11643 MOD 11-2 (weights 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2,
// check chars 10X98765432); 11010519491231002X is the standard's own example.
const TODAY = '2026-11-22'

describe('resident ID (居民身份证)', () => {
  it('accepts valid numbers and derives birth date and gender from them', () => {
    expect(validateCertificate('ID_CARD', '110101199003078515', TODAY)).toEqual({
      ok: true,
      number: '110101199003078515',
      birthDate: '1990-03-07',
      gender: 'M',
    })
    expect(validateCertificate('ID_CARD', '11010519491231002x', TODAY)).toEqual({
      ok: true,
      number: '11010519491231002X',
      birthDate: '1949-12-31',
      gender: 'F',
    })
    expect(validateCertificate('ID_CARD', '440306201006150024', TODAY)).toMatchObject({
      ok: true,
      birthDate: '2010-06-15',
      gender: 'F',
    })
    // 29 February of a leap year is a real birthday.
    expect(validateCertificate('ID_CARD', '310115200802290038', TODAY)).toMatchObject({
      ok: true,
      birthDate: '2008-02-29',
      gender: 'M',
    })
  })

  it('rejects a wrong check character', () => {
    expect(validateCertificate('ID_CARD', '110101199003078514', TODAY)).toEqual({
      ok: false,
      reason: '身份证号校验位不正确，请核对',
    })
    expect(validateCertificate('ID_CARD', '110105194912310021', TODAY).ok).toBe(false)
  })

  it('rejects impossible and future birth dates, even with a matching checksum', () => {
    expect(validateCertificate('ID_CARD', '110101199002301236', TODAY)).toEqual({
      ok: false,
      reason: '身份证号中的出生日期不正确',
    })
    expect(validateCertificate('ID_CARD', '110101209901011239', TODAY)).toEqual({
      ok: false,
      reason: '身份证号中的出生日期晚于今天',
    })
  })

  it('rejects wrong length and characters, and numbers of other certificate types', () => {
    for (const bad of [
      '',
      '11010119900307851',
      '1101011990030785155',
      '11010119900307851A',
      '1101011990O3078515',
    ]) {
      expect(validateCertificate('ID_CARD', bad, TODAY).ok, bad).toBe(false)
    }
    expect(validateCertificate('ID_CARD', '810000199408230021', TODAY)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('证件类型'),
    })
  })

  it('computes the check character', () => {
    expect(checksumChar('11010519491231002')).toBe('X')
    expect(checksumChar('11010119900307851')).toBe('5')
    expect(() => checksumChar('123')).toThrow()
  })
})

describe('other certificates', () => {
  it('HK/Macau/Taiwan residence permit: 810000/820000/830000 prefix plus the same checksum', () => {
    expect(validateCertificate('HMT_RESIDENCE_PERMIT', '810000199408230021', TODAY)).toMatchObject({
      ok: true,
      birthDate: '1994-08-23',
      gender: 'F',
    })
    expect(validateCertificate('HMT_RESIDENCE_PERMIT', '820000200002290013', TODAY)).toMatchObject({
      ok: true,
      gender: 'M',
    })
    expect(validateCertificate('HMT_RESIDENCE_PERMIT', '830000198511110043', TODAY).ok).toBe(true)
    expect(validateCertificate('HMT_RESIDENCE_PERMIT', '830000198511110044', TODAY).ok).toBe(false)
    expect(validateCertificate('HMT_RESIDENCE_PERMIT', '110101199003078515', TODAY).ok).toBe(false)
  })

  it('foreigner permanent residence card: 2023 (18 digits from 9, checksum) and 2017 (3 letters + 12 digits)', () => {
    expect(validateCertificate('FOREIGN_PERMANENT_RESIDENCE', '931156199001011236', TODAY)).toMatchObject({
      ok: true,
      birthDate: '1990-01-01',
    })
    expect(validateCertificate('FOREIGN_PERMANENT_RESIDENCE', '931156199001011237', TODAY).ok).toBe(false)
    expect(validateCertificate('FOREIGN_PERMANENT_RESIDENCE', 'usa123456789012', TODAY)).toEqual({
      ok: true,
      number: 'USA123456789012',
    })
    expect(validateCertificate('FOREIGN_PERMANENT_RESIDENCE', 'US1234567890123', TODAY).ok).toBe(false)
    expect(validateCertificate('FOREIGN_PERMANENT_RESIDENCE', '110101199003078515', TODAY).ok).toBe(false)
  })

  it('HK/Macau pass: H or M then 8 or 10 digits', () => {
    for (const ok of ['H12345678', 'M1234567890', 'h12345678'])
      expect(validateCertificate('HK_MACAU_PASS', ok, TODAY).ok, ok).toBe(true)
    for (const bad of ['C12345678', 'H1234567', 'H123456789', 'H12345678901'])
      expect(validateCertificate('HK_MACAU_PASS', bad, TODAY).ok, bad).toBe(false)
  })

  it('Taiwan pass: 8 digits or 10 letters/digits', () => {
    for (const ok of ['12345678', 'A123456789', '1234567890'])
      expect(validateCertificate('TAIWAN_PASS', ok, TODAY).ok, ok).toBe(true)
    for (const bad of ['1234567', '123456789', 'A1234567-9'])
      expect(validateCertificate('TAIWAN_PASS', bad, TODAY).ok, bad).toBe(false)
  })

  it('passport: 5-17 letters or digits with at least one digit', () => {
    for (const ok of ['E12345678', 'EA1234567', 'X1234'])
      expect(validateCertificate('PASSPORT', ok, TODAY).ok, ok).toBe(true)
    for (const bad of ['ABCDEFG', 'E12', 'E1234 5678', 'E'.repeat(10) + '1'.repeat(8)])
      expect(validateCertificate('PASSPORT', bad, TODAY).ok, bad).toBe(false)
  })
})

describe('helpers', () => {
  it('phone numbers: ^1[3-9]\\d{9}$', () => {
    expect(isValidPhone('13800000000')).toBe(true)
    expect(isValidPhone('19912345678')).toBe(true)
    for (const bad of ['12800000000', '1380000000', '138000000000', '+8613800000000'])
      expect(isValidPhone(bad), bad).toBe(false)
  })

  it('masks phone, certificate number and name for display', () => {
    expect(maskPhone('13800000000')).toBe('138****0000')
    expect(maskCertificateNumber('110101199003078515')).toBe('1101**********8515')
    expect(maskCertificateNumber('H1234567')).toBe('H******7')
    expect(maskName('张三')).toBe('*三')
    expect(maskName('欧阳娜娜')).toBe('*阳娜娜')
  })

  it('validates legal names', () => {
    expect(validatePersonName(' 张三 ')).toEqual({ ok: true, name: '张三' })
    expect(validatePersonName('阿卜杜·热合曼').ok).toBe(true)
    expect(validatePersonName('张').ok).toBe(false)
    expect(validatePersonName('张3').ok).toBe(false)
  })

  it('computes calendar dates in Asia/Shanghai', () => {
    expect(shanghaiDate(new Date('2026-11-21T16:30:00Z'))).toBe('2026-11-22')
    expect(parseCompactDate('20260229')).toBeNull()
    expect(parseCompactDate('20240229')).toBe('2024-02-29')
  })
})
