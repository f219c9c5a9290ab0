import type { LightMyRequestResponse } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { expect } from 'vitest'
import type { DB } from '../../server/db/schema'
import { ABANDONED_MS, type IdempotencyFaults } from '../../server/platform/idempotency'

// The crash window of an Idempotency-Key, in process: the first request acts, but its process "dies" before
// the answer is stored on send (the test app's faults lose it); once the key counts as abandoned (its claim
// made older than the abandon window), the same request with the same key is sent again. It must replay the
// first answer (same status and body), never act twice. The caller then counts the effect's rows.

export interface CrashableApp {
  db: { db: Kysely<DB> }
  faults: IdempotencyFaults
}

export async function crashThenRetry(
  { db, faults }: CrashableApp,
  key: string,
  send: (headers: Record<string, string>) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const headers = { 'idempotency-key': key }
  faults.loseAnswerOnSend = true
  let first: LightMyRequestResponse
  try {
    first = await send(headers)
  } finally {
    faults.loseAnswerOnSend = false
  }
  expect(first.statusCode, first.body).toBeLessThan(300)
  await db.db
    .updateTable('idempotency_keys')
    .set({ created_at: sql<Date>`created_at - make_interval(secs => ${(ABANDONED_MS + 1000) / 1000})` })
    .where('key', '=', key)
    .execute()
  const retry = await send(headers)
  expect({
    status: retry.statusCode,
    body: retry.body,
    replayed: retry.headers['idempotent-replayed'],
  }).toEqual({ status: first.statusCode, body: first.body, replayed: 'true' })
  return first
}
