// SWR hooks of the 服务工单 screens (their own keys; a step's answer replaces the case it changed).
import useSWR from 'swr'
import type { StudioApiError } from '../api/client'
import {
  casesApi,
  type AppointmentStatus,
  type DeskAppointmentList,
  type DeskClaim,
  type DeskClaimList,
  type DeskFeedback,
  type DeskFeedbackList,
  type SlotCalendar,
} from '../api/cases'

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false }

export const useFeedbackList = (status: string | undefined) =>
  useSWR<DeskFeedbackList, StudioApiError>(
    ['studio', 'cases', 'feedback', status ?? ''],
    () => casesApi.feedbackList(status),
    { ...quiet, keepPreviousData: true },
  )

export const useFeedback = (id: string | null) =>
  useSWR<DeskFeedback, StudioApiError>(
    id ? ['studio', 'cases', 'feedback-one', id] : null,
    () => casesApi.feedback(id ?? ''),
    quiet,
  )

export const useClaims = (status: string | undefined) =>
  useSWR<DeskClaimList, StudioApiError>(
    ['studio', 'cases', 'claims', status ?? ''],
    () => casesApi.claims(status),
    { ...quiet, keepPreviousData: true },
  )

export const useClaim = (id: string | null) =>
  useSWR<DeskClaim, StudioApiError>(
    id ? ['studio', 'cases', 'claim', id] : null,
    () => casesApi.claim(id ?? ''),
    quiet,
  )

export const useAppointments = (status: AppointmentStatus | undefined) =>
  useSWR<DeskAppointmentList, StudioApiError>(
    ['studio', 'cases', 'appointments', status ?? ''],
    () => casesApi.appointments(status),
    { ...quiet, keepPreviousData: true },
  )

export const useSlots = (id: string | null) =>
  useSWR<SlotCalendar, StudioApiError>(
    id ? ['studio', 'cases', 'slots', id] : null,
    () => casesApi.slots(id ?? ''),
    quiet,
  )
