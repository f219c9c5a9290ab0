import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { ABANDONED_MS, type IdempotencyFaults } from '../../server/platform/idempotency'

// The crash window of an Idempotency-Key, in process: the first request acts, but its process "dies" before
// the answer is stored on send (the test app's faults lose it); once the key counts as abandoned, the same
// request with the same key is sent again. It must replay the first answer (same status and body), never act
// twice. The caller then counts the effect's rows.

export async function crashThenRetry(
  faults: IdempotencyFaults,
  advanceClock: (ms: number) => void,
  send: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  faults.loseAnswerOnSend = true
  let first: LightMyRequestResponse
  try {
    first = await send()
  } finally {
    faults.loseAnswerOnSend = false
  }
  expect(first.statusCode).toBeLessThan(300)
  advanceClock(ABANDONED_MS + 1000)
  const retry = await send()
  expect({
    status: retry.statusCode,
    body: retry.body,
    replayed: retry.headers['idempotent-replayed'],
  }).toEqual({ status: first.statusCode, body: first.body, replayed: 'true' })
  return first
}
