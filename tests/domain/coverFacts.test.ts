import { describe, expect, it } from 'vitest'
import { coverStartDate } from '../../src/domain/age'
import { relationError } from '../../src/domain/applicant'
import { flightDateError, flightNoError } from '../../src/domain/flight'
import { journeyRows } from '../../src/domain/journey'
import { tripLimitDays, validateTrip } from '../../src/domain/trip'

// The pure rules behind the partner products' flight, trip, cover start and relations (shared by the forms and
// server/modules/partners/applicants.ts).

describe('flight numbers', () => {
  it.each(['MU5101', 'CA1', '3U8881', '9C8911', 'CA1234A', 'mu 5101'])('accepts %s', (flightNo) =>
    expect(flightNoError(flightNo)).toBeNull(),
  )
  it.each([
    ['', '请输入航班号'],
    ['000', /格式不正确/],
    ['12345', /格式不正确/],
    ['MU0000', /格式不正确/],
    ['MU51234', /格式不正确/],
    ['ZZ9999', /航空公司代码ZZ不存在/],
  ])('refuses %j', (flightNo, message) => expect(flightNoError(flightNo)).toMatch(message))

  it('takes a flight day from today to 30 days on', () => {
    expect(flightDateError('2026-11-25', '2026-11-25')).toBeNull()
    expect(flightDateError('2026-12-25', '2026-11-25')).toBeNull()
    expect(flightDateError('2026-12-26', '2026-11-25')).toMatch(/30天内/)
    expect(flightDateError('2026-11-24', '2026-11-25')).toMatch(/不能早于今天/)
    expect(flightDateError('2026-02-29', '2026-01-25')).toMatch(/正确的航班日期/)
  })
})

describe('trips', () => {
  const trip = { destination: '云南', startDate: '2026-12-01', endDate: '2026-12-07' }
  it('takes a mainland destination, a departure from tomorrow and at most the cover’s days', () => {
    expect(validateTrip(trip, '2026-11-25', 7)).toEqual({})
    expect(validateTrip({ ...trip, endDate: '2026-12-08' }, '2026-11-25', 7)).toHaveProperty('trip.endDate')
    expect(validateTrip({ ...trip, destination: '巴黎' }, '2026-11-25', 7)).toHaveProperty('trip.destination')
    expect(validateTrip({ ...trip, startDate: '2026-11-25' }, '2026-11-25', 7)).toHaveProperty(
      'trip.startDate',
    )
    expect(
      validateTrip({ ...trip, startDate: '2027-06-01', endDate: '2027-06-02' }, '2026-11-25', 7),
    ).toHaveProperty('trip.startDate')
  })
  it('reads the longest trip from the coverage period', () => {
    expect(tripLimitDays('7d')).toBe(7)
    expect(tripLimitDays('1y')).toBe(90)
  })
})

describe('the cover’s first day', () => {
  it('is the flight’s or the trip’s day, else tomorrow', () => {
    expect(coverStartDate('2026-11-25', '2026-12-01')).toBe('2026-12-01')
    expect(coverStartDate('2026-11-25')).toBe('2026-11-26')
  })
})

describe('relations', () => {
  const holder = { birthday: '1990-03-07', gender: 'M' }
  it('wants parents and children 16 years apart, spouses of marriage age (men 22, women 20)', () => {
    expect(relationError('4', holder, { birthday: '1974-03-07', gender: 'F' }, '2026-11-26')).toBeNull()
    expect(relationError('4', holder, { birthday: '1974-03-08', gender: 'F' }, '2026-11-26')).toMatch(/父母/)
    expect(relationError('3', holder, { birthday: '2006-03-07', gender: 'F' }, '2026-11-26')).toBeNull()
    expect(relationError('3', holder, { birthday: '1995-01-01', gender: 'F' }, '2026-11-26')).toMatch(/子女/)
    expect(relationError('2', holder, { birthday: '2006-11-26', gender: 'F' }, '2026-11-26')).toBeNull()
    expect(relationError('2', holder, { birthday: '2006-11-27', gender: 'F' }, '2026-11-26')).toMatch(
      /法定婚龄/,
    )
    const young = { birthday: '2005-01-01', gender: 'M' }
    expect(relationError('2', young, { birthday: '2000-01-01', gender: 'F' }, '2026-11-26')).toMatch(
      /投保人须达法定婚龄/,
    )
  })
})

describe('journey rows', () => {
  it('names the airline with the flight number', () => {
    expect(journeyRows({ flight: { flightNo: 'MU5101', date: '2026-12-01' } })).toEqual([
      ['航班号', 'MU5101（中国东方航空）'],
      ['航班日期', '2026-12-01'],
    ])
  })
})
