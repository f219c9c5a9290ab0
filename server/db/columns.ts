import type { ColumnType } from 'kysely'

// Column shapes shared by the modules' tables.ts files.

export type Timestamp = ColumnType<Date, Date, Date>
export type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>
/** jsonb: read as parsed JSON, written as a JSON string (pg would turn JS arrays into PG arrays). */
export type Json<T> = ColumnType<T, string, string>
export type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>
