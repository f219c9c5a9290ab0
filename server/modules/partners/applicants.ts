import { ageOn, compareIsoDates, coverStartDate, isIsoDate } from '../../../src/domain/age'
import {
  HOLDER_MIN_AGE,
  relationError,
  SELF_RELATION,
  validateCertValidity,
} from '../../../src/domain/applicant'
import {
  validateCertificate,
  validatePersonName,
  type CertificateType,
  type Gender,
} from '../../../src/domain/certificate'
import { isValidPhone } from '../../../src/domain/phone'
import { normalizeFlightNo, validateFlight } from '../../../src/domain/flight'
import { findOccupation, occupationRefused } from '../../../src/domain/occupation'
import { tripLimitDays, validateTrip } from '../../../src/domain/trip'
import type { Insured, Person, PartnerQuoteRequest } from '../../../src/types/generated/api/partner'
import { ApiError } from '../../platform/errors'
import type { PartnerFlight, PartnerPerson, PartnerTrip } from './adapter'
import type { PartnerProductRecord } from './products'
import type { QuotedPerson } from './tables'

// The checks of a partner quote's people, flight and trip, before anything goes to the partner: 400 naming the
// field, 400 OCCUPATION_REFUSED with the occupation's name. The rules are the form's (src/domain: certificate
// validity, relations, flight, trip); ages count on the cover's first day (the flight's day, the trip's start,
// else tomorrow). Returns both what we store and what the adapter sends.

export interface CheckedApplicants {
  holder: QuotedPerson
  insured: QuotedPerson
  partnerHolder: PartnerPerson
  partnerInsured: PartnerPerson
  flight: PartnerFlight | null
  trip: PartnerTrip | null
}

const invalid = (field: string, message: string, code = 'INVALID_INPUT') =>
  new ApiError(400, code, message, [{ field, message }])

interface CheckedPerson {
  stored: QuotedPerson
  partner: PartnerPerson
}

function checkPerson(
  person: Person | Insured,
  prefix: 'holder' | 'insured',
  today: string,
  occupation: { required: boolean; refused: readonly number[] },
): CheckedPerson {
  const name = validatePersonName(person.name)
  if (!name.ok) throw invalid(`${prefix}.name`, name.reason)
  // CERT is the spec's default for 居民身份证.
  const certType: CertificateType = person.certType === 'CERT' ? 'ID_CARD' : person.certType
  const cert = validateCertificate(certType, person.certNo, today)
  if (!cert.ok) throw invalid(`${prefix}.certNo`, cert.reason)
  const gender = cert.gender ?? person.gender
  if (gender !== 'M' && gender !== 'F') throw invalid(`${prefix}.gender`, '请选择性别')
  const birthday = cert.birthDate ?? person.birthday
  if (!isIsoDate(birthday) || compareIsoDates(birthday, today) > 0)
    throw invalid(`${prefix}.birthday`, '请填写正确的出生日期')
  if (person.phone && !isValidPhone(person.phone)) throw invalid(`${prefix}.phone`, '请输入正确的手机号')
  const [validity] = validateCertValidity(
    {
      certType,
      certTime: person.certTime,
      certStartDate: person.certStartDate ?? '',
      certEndDate: person.certEndDate ?? '',
      birthday,
    },
    prefix,
    today,
  )
  if (validity) throw invalid(validity.field, validity.message)

  let occupationCode: string | undefined
  let partnerOccupation: PartnerPerson['occupation']
  const code = person.occupationinfo?.trim()
  if (code) {
    const found = findOccupation(code)
    if (!found) throw invalid(`${prefix}.occupationinfo`, '请从列表中选择职业')
    if (occupationRefused(code, occupation.refused)) {
      const message = `${found.name}（${found.class}类职业）暂不可投保本产品`
      throw invalid(`${prefix}.occupationinfo`, message, 'OCCUPATION_REFUSED')
    }
    occupationCode = found.code
    partnerOccupation = { code: found.code, class: found.class }
  } else if (occupation.required) {
    throw invalid(`${prefix}.occupationinfo`, prefix === 'holder' ? '请选择投保人职业' : '请选择被保险人职业')
  }

  const relation = 'relationType' in person ? person.relationType : undefined
  const socialInsurance = 'hasSocialInsurance' in person ? person.hasSocialInsurance : undefined
  const stored: QuotedPerson = {
    name: name.name,
    certType,
    certNo: cert.number,
    certTime: person.certTime,
    certStartDate: person.certStartDate ?? '',
    certEndDate: person.certEndDate ?? '',
    gender,
    birthday,
    ...(relation ? { relationType: relation } : {}),
    ...(socialInsurance ? { hasSocialInsurance: socialInsurance } : {}),
    ...(person.phone ? { phone: person.phone } : {}),
    ...(person.email ? { email: person.email } : {}),
    ...(occupationCode ? { occupation: occupationCode } : {}),
  }
  const partner: PartnerPerson = {
    name: name.name,
    certType,
    certNo: cert.number,
    gender: gender satisfies Gender,
    birthday,
    ...(person.phone ? { phone: person.phone } : {}),
    ...(relation ? { relation } : {}),
    ...(socialInsurance ? { socialInsurance } : {}),
    ...(partnerOccupation ? { occupation: partnerOccupation } : {}),
  }
  return { stored, partner }
}

export function checkApplicants(
  body: PartnerQuoteRequest,
  product: PartnerProductRecord,
  today: string,
): CheckedApplicants {
  const refused = product.refusedOccupationClasses
  // The holder's occupation counts only where the product asks for it (travel: the holder travels too).
  const holder = checkPerson(body.holder, 'holder', today, {
    required: product.holderOccupationRequired,
    refused: product.holderOccupationRequired ? refused : [],
  })
  const insured = checkPerson(body.insured, 'insured', today, {
    required: product.occupationRequired,
    refused,
  })

  // The cover's own start: the flight's day, the trip's 出发日期, else tomorrow.
  let flight: PartnerFlight | null = null
  let trip: PartnerTrip | null = null
  if (product.flow === 'airAccident') {
    if (!body.flight) throw invalid('flight', '请填写航班号和航班日期')
    const checked = { flightNo: normalizeFlightNo(body.flight.flightNo), date: body.flight.date }
    firstError(validateFlight(checked, today))
    flight = checked
  }
  if (product.flow === 'huataitravel') {
    if (!body.trip) throw invalid('trip', '请填写旅行目的地和出发、返回日期')
    const checked = { ...body.trip, destination: body.trip.destination.trim() }
    firstError(validateTrip(checked, today, tripLimitDays(product.coveragePeriod)))
    trip = checked
  }
  const startDate = coverStartDate(today, flight?.date ?? trip?.startDate)

  if (ageOn(holder.stored.birthday, today) < HOLDER_MIN_AGE)
    throw invalid('holder.birthday', `投保人须年满${HOLDER_MIN_AGE}周岁`)
  const age = ageOn(insured.stored.birthday, startDate)
  if (age < product.ageMin || age > product.ageMax)
    throw invalid(
      'insured.birthday',
      `被保险人在保障起始日（${startDate}）的年龄须在${product.ageMin}至${product.ageMax}周岁之间`,
    )
  const same =
    holder.stored.certType === insured.stored.certType && holder.stored.certNo === insured.stored.certNo
  if (body.insured.relationType === SELF_RELATION && !same)
    throw invalid('insured.relationType', '关系为本人时，被保险人信息须与投保人一致')
  if (body.insured.relationType !== SELF_RELATION && same)
    throw invalid('insured.relationType', '被保险人与投保人为同一人，关系请选择本人')
  const wrongRelation = relationError(body.insured.relationType, holder.stored, insured.stored, startDate)
  if (wrongRelation) throw invalid('insured.relationType', wrongRelation)
  if (!body.insured.phone && !body.holder.phone) throw invalid('insured.phone', '请输入手机号')

  return {
    holder: holder.stored,
    insured: insured.stored,
    partnerHolder: holder.partner,
    partnerInsured: insured.partner,
    flight,
    trip,
  }
}

/** The first of a rule's field errors as the API's 400. */
function firstError(errors: Record<string, string>) {
  const [field] = Object.keys(errors)
  if (field) throw invalid(field, errors[field])
}
