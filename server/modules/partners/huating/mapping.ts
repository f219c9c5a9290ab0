import type { CertificateType, Gender } from '../../../../src/domain/certificate'
import type { PartnerStatus } from '../../../../src/types/generated/api/partner'
import type { PartnerFlight, PartnerPerson, PartnerTrip } from '../adapter'
import type { HtPerson, HtQueryData } from './protocol'

// Our enums to 华汀's codes, in this one place: certificate types, genders, relations, social insurance,
// payment period, dates and amounts (fen ↔ yuan strings).

export const CERT_TYPE_CODES: Record<CertificateType, string> = {
  ID_CARD: '01',
  PASSPORT: '02',
  HK_MACAU_PASS: '04',
  TAIWAN_PASS: '05',
  HMT_RESIDENCE_PERMIT: '11',
  FOREIGN_PERMANENT_RESIDENCE: '12',
  // Not offered in partner flows (their API takes the six above); mapped for completeness.
  HOUSEHOLD_REGISTER: '03',
  BIRTH_CERTIFICATE: '07',
}

export const GENDER_CODES: Record<Gender, string> = { M: '1', F: '2' }

/** Ours (src/domain/applicant.ts RELATIONS: 1 本人, 2 配偶, 3 子女, 4 父母) to the partner's. */
export const RELATION_CODES: Record<string, string> = { '1': '00', '2': '01', '3': '02', '4': '03' }

export const SOCIAL_INSURANCE_CODES: Record<'Y' | 'N', string> = { Y: '1', N: '0' }

export const PAY_PERIOD_CODES: Record<'year' | 'single', string> = { year: 'Y', single: 'W' }

export const PARTNER_STATUSES: Record<HtQueryData['status'], PartnerStatus> = {
  UNDERWRITTEN: 'UNDERWRITTEN',
  ISSUING: 'ISSUING',
  ISSUED: 'ISSUED',
  FAILED: 'ISSUE_FAILED',
}

/** YYYY-MM-DD → YYYYMMDD */
export const toHtDate = (date: string) => date.replaceAll('-', '')

/** 9900 → "99.00" */
export function fenToYuan(fen: number): string {
  if (!Number.isInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`)
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
}

/** "99.00" → 9900, exactly (no floating point). */
export function yuanToFen(yuan: string): number {
  const match = /^(\d{1,9})\.(\d{2})$/.exec(yuan)
  if (!match) throw new RangeError(`not an amount in yuan: ${yuan}`)
  return Number(match[1]) * 100 + Number(match[2])
}

export function toHtPerson(person: PartnerPerson): HtPerson {
  const relation = person.relation === undefined ? undefined : RELATION_CODES[person.relation]
  if (person.relation !== undefined && !relation) throw new RangeError(`unknown relation: ${person.relation}`)
  return {
    name: person.name,
    idType: CERT_TYPE_CODES[person.certType],
    idNo: person.certNo,
    sex: GENDER_CODES[person.gender],
    birthDate: toHtDate(person.birthday),
    ...(person.phone ? { mobile: person.phone } : {}),
    ...(relation ? { relationToApplicant: relation } : {}),
    ...(person.socialInsurance ? { socialSecurity: SOCIAL_INSURANCE_CODES[person.socialInsurance] } : {}),
    ...(person.occupation
      ? { occupationCode: person.occupation.code, occupationClass: person.occupation.class }
      : {}),
  }
}

export const toHtFlight = (flight: PartnerFlight) => ({
  flightNo: flight.flightNo,
  flightDate: toHtDate(flight.date),
})

export const toHtTrip = (trip: PartnerTrip) => ({
  destination: trip.destination,
  departDate: toHtDate(trip.startDate),
  returnDate: toHtDate(trip.endDate),
})
