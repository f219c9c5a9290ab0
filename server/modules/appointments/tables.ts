import type { ColumnType } from 'kysely'
import type { Json, NullableTimestamp, Timestamp } from '../../db/columns'

// The consultants and appointment tables (142_consultants.sql, 143_appointments.sql); the SQL is the truth.

export interface ConsultantsTable {
  id: string
  name: string
  photo: string
  licence_no: string
  years: number
  specialities: Json<string[]>
  rating_tenths: number
  served: number
  intro: string
  active: ColumnType<boolean, boolean | undefined, boolean>
  sort: ColumnType<number, number | undefined, number>
}

export interface AppointmentSlotsTable {
  /** "product:<goodsType>" or "consultant:<id>". */
  resource: string
  slot_start: Timestamp
  capacity: number
  booked: number
}

export type AppointmentStatus = 'BOOKED' | 'CANCELLED'

export interface AppointmentsTable {
  id: string
  /** bigint identity: read as a string, never written. */
  seq: ColumnType<string, never, never>
  user_id: string
  resource: string
  goods_type: string | null
  consultant_id: string | null
  slot_start: Timestamp
  phone: string
  needs: string
  status: AppointmentStatus
  created_at: Timestamp
  updated_at: Timestamp
  cancelled_at: NullableTimestamp
  /** An agent's confirmation (244_service_cases.sql). */
  confirmed_at: NullableTimestamp
  confirmed_by: ColumnType<string | null, string | null | undefined, string | null>
}

export interface AppointmentTables {
  consultants: ConsultantsTable
  appointment_slots: AppointmentSlotsTable
  appointments: AppointmentsTable
}
