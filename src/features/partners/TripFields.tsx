import { DateField } from '../../components/DateField'
import { Field, type FieldErrors } from '../../components/flow/PersonFields'
import { PickerField } from '../../components/PickerField'
import { addDays } from '../../domain/age'
import { TRIP_DAYS_AHEAD, TRIP_DESTINATIONS, tripDays } from '../../domain/trip'
import type { FlowBinding, FlowExtras } from './flowState'

const DESTINATIONS = TRIP_DESTINATIONS.map((name) => ({ value: name, label: name }))

/** 行程信息 of the travel cover: destination and 出发/返回日期 (the cover starts on the day of departure). */
export function TripFields({
  binding,
  trip,
  errors,
  today,
  maxDays,
}: {
  binding: FlowBinding
  trip: FlowExtras['trip']
  errors: FieldErrors
  today: string
  maxDays: number
}) {
  const set = (patch: Partial<FlowExtras['trip']>) => binding.setExtras({ trip: { ...trip, ...patch } })
  const earliest = addDays(today, 1)
  const days = trip.startDate && trip.endDate && trip.endDate >= trip.startDate ? tripDays(trip) : null
  return (
    <section className="purchase-card">
      <h2>行程信息</h2>
      <Field label="旅行目的地" error={errors['trip.destination']} htmlFor="trip-destination">
        <PickerField
          id="trip-destination"
          title="旅行目的地"
          placeholder="请选择省份"
          value={trip.destination}
          options={DESTINATIONS}
          onChange={(destination) => set({ destination })}
        />
      </Field>
      <Field label="出发日期" error={errors['trip.startDate']} htmlFor="trip-startDate">
        <DateField
          id="trip-startDate"
          title="出发日期"
          value={trip.startDate}
          min={earliest}
          max={addDays(today, TRIP_DAYS_AHEAD)}
          onChange={(startDate) =>
            set({ startDate, ...(trip.endDate && trip.endDate < startDate ? { endDate: '' } : {}) })
          }
        />
      </Field>
      <Field label="返回日期" error={errors['trip.endDate']} htmlFor="trip-endDate">
        <DateField
          id="trip-endDate"
          title="返回日期"
          value={trip.endDate}
          min={trip.startDate || earliest}
          max={addDays(trip.startDate || earliest, maxDays - 1)}
          onChange={(endDate) => set({ endDate })}
        />
      </Field>
      <p className="purchase-muted">
        {days ? `行程共${days}天，` : ''}保障自出发日零时起至返回日24时止，行程最长{maxDays}天
      </p>
    </section>
  )
}
