// 服务工单 (客服 and 管理员): feedback replies, claims intake and consultant appointments. Contract:
// schemas/api/feedback.schema.json, claim.schema.json and appointment.schema.json (their Desk* members).
import type {
  DeskAppointment,
  DeskAppointmentList,
  DeskAppointmentQuery,
  DeskPhone as AppointmentPhone,
  SlotCalendar,
} from '../../types/generated/api/appointment'
import type {
  DeskClaim,
  DeskClaimList,
  DeskDecisionInput,
  DeskSupplementInput,
} from '../../types/generated/api/claim'
import type { DeskFeedback, DeskFeedbackList, DeskPhone } from '../../types/generated/api/feedback'
import { API_BASE, studioRequest } from './client'

export type {
  DeskAppointment,
  DeskAppointmentList,
  DeskClaim,
  DeskClaimList,
  DeskDecisionInput,
  DeskFeedback,
  DeskFeedbackList,
  DeskSupplementInput,
  SlotCalendar,
}
export type { DeskClaimSummary, DocumentKind, Status as ClaimStatus } from '../../types/generated/api/claim'
export type {
  DeskFeedbackSummary,
  FeedbackType,
  Status as FeedbackStatus,
} from '../../types/generated/api/feedback'
export type AppointmentStatus = NonNullable<DeskAppointmentQuery['status']>

const CASES = `${API_BASE}/cases`
const one = (area: string, id: string) => `${CASES}/${area}/${encodeURIComponent(id)}`
const filter = (status: string | undefined) => (status ? `?status=${encodeURIComponent(status)}` : '')

export const casesApi = {
  feedbackList: (status?: string) => studioRequest<DeskFeedbackList>(`${CASES}/feedback${filter(status)}`),
  /** One feedback (the server writes each opening in the audit log). */
  feedback: (id: string) => studioRequest<DeskFeedback>(one('feedback', id)),
  feedbackPhone: (id: string) => studioRequest<DeskPhone>(`${one('feedback', id)}/phone`),
  reply: (id: string, body: string) =>
    studioRequest<DeskFeedback>(`${one('feedback', id)}/reply`, { method: 'POST', body: { body } }),

  claims: (status?: string) => studioRequest<DeskClaimList>(`${CASES}/claims${filter(status)}`),
  claim: (id: string) => studioRequest<DeskClaim>(one('claims', id)),
  accept: (id: string) => studioRequest<DeskClaim>(`${one('claims', id)}/accept`, { method: 'POST' }),
  supplement: (id: string, input: DeskSupplementInput) =>
    studioRequest<DeskClaim>(`${one('claims', id)}/supplement`, { method: 'POST', body: input }),
  decide: (id: string, input: DeskDecisionInput) =>
    studioRequest<DeskClaim>(`${one('claims', id)}/decision`, { method: 'POST', body: input }),
  pay: (id: string, reference: string) =>
    studioRequest<DeskClaim>(`${one('claims', id)}/payment`, { method: 'POST', body: { reference } }),

  appointments: (status?: AppointmentStatus) =>
    studioRequest<DeskAppointmentList>(`${CASES}/appointments${filter(status)}`),
  appointmentPhone: (id: string) => studioRequest<AppointmentPhone>(`${one('appointments', id)}/phone`),
  slots: (id: string) => studioRequest<SlotCalendar>(`${one('appointments', id)}/slots`),
  confirm: (id: string) =>
    studioRequest<DeskAppointment>(`${one('appointments', id)}/confirm`, { method: 'POST' }),
  reschedule: (id: string, slotStart: string) =>
    studioRequest<DeskAppointment>(`${one('appointments', id)}/reschedule`, {
      method: 'POST',
      body: { slotStart },
    }),
}
