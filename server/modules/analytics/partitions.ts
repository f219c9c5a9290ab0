import { sql, type Kysely } from 'kysely'
import { addDays } from '../../../src/domain/age'
import type { DB } from '../../db/schema'

// analytics_events has one partition per Beijing day and no default partition (246_analytics.sql). The job makes
// them ahead (yesterday-8 .. tomorrow+2) and drops those past the retention; an ingest makes its day's on demand
// when this process has not seen it yet (a fresh database, a day the job has not reached). Two processes making
// the same partition at once is not an error: whoever loses finds it made.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const PARTITION = /^analytics_events_(\d{4})(\d{2})(\d{2})$/

/** analytics_events_20261122 for 2026-11-22. */
export function partitionName(day: string): string {
  const match = DAY.exec(day)
  if (!match) throw new Error(`not a day: ${day}`)
  return `analytics_events_${match[1]}${match[2]}${match[3]}`
}

/** The day a partition's name stands for, or null for another table. */
export function partitionDay(name: string): string | null {
  const match = PARTITION.exec(name)
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null
}

/** What PostgreSQL answers a CREATE that another session's CREATE of the same partition won. */
const LOST_RACE = new Set([
  '42P07', // duplicate_table: the name was taken meanwhile
  '23505', // unique_violation: the catalog's unique index (pg_type, pg_class) caught it first
  '42P17', // invalid_object_definition: "would overlap partition …", the other one is attached
])

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''

async function exists(db: Kysely<DB>, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`SELECT to_regclass(${name}) IS NOT NULL AS found`.execute(db)
  return rows[0]?.found === true
}

/** Makes the day's partition unless it exists (never inside a transaction: a lost race would abort it). */
export async function createPartition(db: Kysely<DB>, day: string): Promise<void> {
  const name = partitionName(day)
  const to = addDays(day, 1)
  try {
    // DDL takes no parameters: the names and bounds are built from checked days only.
    await sql
      .raw(
        `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF analytics_events FOR VALUES FROM ('${day}') TO ('${to}')`,
      )
      .execute(db)
  } catch (error) {
    if (!LOST_RACE.has(codeOf(error)) || !(await exists(db, name))) throw error
  }
}

/** The days that have a partition, oldest first. */
export async function partitionDays(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'analytics_events'::regclass`.execute(db)
  return rows
    .map((r) => partitionDay(r.name))
    .filter((d): d is string => d !== null)
    .sort()
}

/** Drops the partitions of days before `firstKept`; the days dropped. */
export async function dropPartitionsBefore(db: Kysely<DB>, firstKept: string): Promise<string[]> {
  const dropped: string[] = []
  for (const day of await partitionDays(db)) {
    if (day >= firstKept) break
    await sql.raw(`DROP TABLE IF EXISTS ${partitionName(day)}`).execute(db)
    dropped.push(day)
  }
  return dropped
}

/** This process's knowledge of which days have a partition, so an ingest asks the database once per day. */
export class Partitions {
  private readonly known = new Set<string>()
  private readonly making = new Map<string, Promise<void>>()

  constructor(private readonly db: Kysely<DB>) {}

  /** Resolves once every one of `days` has its partition. */
  async ensure(days: Iterable<string>): Promise<void> {
    const waits: Promise<void>[] = []
    for (const day of new Set(days)) {
      if (this.known.has(day)) continue
      let making = this.making.get(day)
      if (!making) {
        making = createPartition(this.db, day)
          .then(() => {
            this.known.add(day)
          })
          .finally(() => this.making.delete(day))
        this.making.set(day, making)
      }
      waits.push(making)
    }
    await Promise.all(waits)
  }

  /** Days from `from` to `to` (inclusive) made or confirmed (the job's partitions ahead). */
  async ensureRange(from: string, to: string): Promise<void> {
    const days: string[] = []
    for (let day = from; day <= to; day = addDays(day, 1)) days.push(day)
    // One at a time: each CREATE takes a lock on the parent table.
    for (const day of days) await this.ensure([day])
  }

  /** Forgets dropped days (a day dropped by this process is made again if ever written). */
  forget(days: Iterable<string>): void {
    for (const day of days) this.known.delete(day)
  }
}
