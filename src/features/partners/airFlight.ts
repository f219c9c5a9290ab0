import { addDays, compareIsoDates, isIsoDate } from '../../domain/age'

// The air-accident cover is for one flight: its number and a date from today to 30 days on.

export const FLIGHT_NO_PATTERN = /^[A-Z0-9]{2}\d{1,4}$/
export const FLIGHT_DAYS_AHEAD = 30

export function validateFlight(flight: { flightNo: string; date: string }, today: string) {
  const errors: Record<string, string> = {}
  const flightNo = flight.flightNo.trim().toUpperCase()
  if (!flightNo) errors['flight.flightNo'] = '请输入航班号'
  else if (!FLIGHT_NO_PATTERN.test(flightNo)) errors['flight.flightNo'] = '航班号格式不正确，如 MU5101'
  if (!isIsoDate(flight.date)) errors['flight.date'] = '请选择乘机日期'
  else if (compareIsoDates(flight.date, today) < 0) errors['flight.date'] = '乘机日期不能早于今天'
  else if (compareIsoDates(flight.date, addDays(today, FLIGHT_DAYS_AHEAD)) > 0)
    errors['flight.date'] = `仅可投保${FLIGHT_DAYS_AHEAD}天内的航班`
  return errors
}
