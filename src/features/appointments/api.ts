import useSWR, { mutate } from 'swr'
import { IDEMPOTENCY_HEADER, post, withIdempotencyKey } from '../../lib/request'
import type {
  Appointment,
  AppointmentInput,
  AppointmentList,
  Consultant,
  ConsultantList,
  SlotCalendar,
} from '../../types/generated/api/appointment'

// Booked calls and consultants (schemas/api/appointment.schema.json). Appointments are the session's user's own.

export type {
  Appointment,
  AppointmentInput,
  Consultant,
  SlotCalendar,
} from '../../types/generated/api/appointment'

/** What a booking is for: a product type or one consultant. */
export type BookingTarget = { goodsType: AppointmentInput['goodsType'] } | { consultantId: string }

export const consultantsKey = '/api/consultants'
export const consultantKey = (id: string) => `/api/consultants/${encodeURIComponent(id)}`
export const slotsKey = (target: BookingTarget) => ['/api/appointments/slots', target] as const
export const appointmentsKey = '/api/appointments'

export function useConsultants() {
  return useSWR<ConsultantList>(consultantsKey)
}
export function useConsultant(id: string | null | undefined) {
  return useSWR<Consultant>(id ? consultantKey(id) : null)
}
export function useSlots(target: BookingTarget | null) {
  return useSWR<SlotCalendar>(target ? slotsKey(target) : null)
}
/** `enabled`: false while logged out. */
export function useMyAppointments(enabled: boolean) {
  return useSWR<AppointmentList>(enabled ? appointmentsKey : null)
}

const targetOf = (a: Appointment): BookingTarget =>
  a.consultantId ? { consultantId: a.consultantId } : { goodsType: a.goodsType ?? undefined }

/** After a change: my list and the slots of what changed are asked again. */
export async function refreshAfterChange(target: BookingTarget): Promise<void> {
  await Promise.all([mutate(appointmentsKey), mutate(slotsKey(target))])
}

/** One booking per tap: a double tap or a retry after a lost answer books once. */
export const bookAppointment = (input: AppointmentInput) =>
  withIdempotencyKey(`appointment:${input.goodsType ?? input.consultantId}:${input.slotStart}`, (key) =>
    post<Appointment>('/api/appointments', input, { headers: { [IDEMPOTENCY_HEADER]: key } }),
  )

export const cancelAppointment = async (a: Appointment) => {
  const done = await withIdempotencyKey(`appointment-cancel:${a.id}`, (key) =>
    post<Appointment>(`/api/appointments/${encodeURIComponent(a.id)}/cancel`, undefined, {
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  )
  await refreshAfterChange(targetOf(a))
  return done
}

export const rescheduleAppointment = async (a: Appointment, slotStart: string) => {
  const done = await withIdempotencyKey(`appointment-move:${a.id}:${slotStart}`, (key) =>
    post<Appointment>(
      `/api/appointments/${encodeURIComponent(a.id)}/reschedule`,
      { slotStart },
      { headers: { [IDEMPOTENCY_HEADER]: key } },
    ),
  )
  await refreshAfterChange(targetOf(a))
  return done
}

export { targetOf as bookingTargetOf }
