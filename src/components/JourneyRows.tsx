import { journeyRows } from '../domain/journey'
import type { Flight } from '../domain/flight'
import type { Trip } from '../domain/trip'
import { LabeledRow } from './LabeledRow'

/** The flight (航班号 / 航班日期) or trip a cover is for, as summary lines: nothing when it has neither. */
export function JourneyRows(cover: { flight?: Flight | null; trip?: Trip | null }) {
  return journeyRows(cover).map(([label, value]) => (
    <LabeledRow key={label} label={label}>
      {value}
    </LabeledRow>
  ))
}
