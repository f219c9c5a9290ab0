// What a cover is for, as label-value rows: the flight (航班号 / 航班日期) or the trip (目的地, 出发 and 返回日期).
// One home for the wording of 订单详情, the policy pages, 投保成功 and the e-policy PDF.
import { AIRLINES, type Flight } from './flight'
import type { Trip } from './trip'

export function journeyRows(cover: { flight?: Flight | null; trip?: Trip | null }): [string, string][] {
  const rows: [string, string][] = []
  const { flight, trip } = cover
  if (flight) {
    const airline = AIRLINES[flight.flightNo.slice(0, 2)]
    rows.push(
      ['航班号', airline ? `${flight.flightNo}（${airline}）` : flight.flightNo],
      ['航班日期', flight.date],
    )
  }
  if (trip)
    rows.push(['旅行目的地', trip.destination], ['出发日期', trip.startDate], ['返回日期', trip.endDate])
  return rows
}
