import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify'
import type { Kysely, Transaction, WhereInterface } from 'kysely'
import { userIdOf } from './auth'
import type { DB } from '../db/schema'
import { ApiError } from './errors'

// Idempotency-Key (docs/idempotency.md): a write that moves money, sent again with the same key and the same request,
// answers with the first response instead of acting twice; the same key with another request is a 409. The
// key is claimed in the database (one insert decides), so two tabs, a double tap or a retry after a reload
// are one request on any server process. A request still running is waited for.
//
// The answer of an effect is recorded in the transaction of the effect: the route's service calls
// `recordAnswer(trx, answer)` just before its transaction commits, so a key either has its answer or its
// effect never happened. A key without an answer whose request has not answered for a minute (its process
// died) is taken over, which then runs the action for the first time. Answers that are not effects (refusals,
// answers that change nothing) are stored on send; a 5xx gives the key back.

interface Claim {
  userId: string
  key: string
  /** The key row's created_at as this request claimed it: a takeover by another request changes it. */
  claimedAt: Date
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds an idempotency key. */
    idempotency: Claim | null
  }
}

/** Tests only: answers are never stored on send, as when the process is killed right after the effect. */
export interface IdempotencyFaults {
  loseAnswerOnSend: boolean
}

export const IDEMPOTENCY_HEADER = 'idempotency-key'
const WAIT_MS = 10_000
const POLL_MS = 100
/** A key without an answer whose request has not answered for this long was abandoned (its process died). */
export const ABANDONED_MS = 60_000
const KEEP_MS = 24 * 3600_000

const requestHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, request.params, request.body ?? null]))
    .digest('hex')

const inProgress = () => new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', '相同的请求正在处理中，请稍候查看结果')

/** preHandler (after authenticate) of routes that take an Idempotency-Key. */
export async function idempotent(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  const key = request.headers[IDEMPOTENCY_HEADER]
  if (typeof key !== 'string') return
  const userId = userIdOf(request)
  const hash = requestHash(request)
  const { db, now } = request.server.services
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const claimedAt = now()
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        request_hash: hash,
        status_code: null,
        response: null,
        created_at: claimedAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst()
    if (claimed) {
      request.idempotency = { userId, key, claimedAt }
      return
    }
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst()
    if (!row) continue // the first request failed with a 5xx and gave the key back
    if (row.request_hash !== hash)
      throw new ApiError(409, 'IDEMPOTENCY_KEY_REUSED', '该请求标识已用于其他请求，请刷新后重试', [
        { field: 'Idempotency-Key', message: '已用于内容不同的请求' },
      ])
    if (row.status_code !== null) {
      return reply
        .code(row.status_code)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(row.response ?? '')
    }
    // No answer: its effect never committed (the answer commits with it), so the action may run now.
    if (now().getTime() - row.created_at.getTime() >= ABANDONED_MS) {
      const takenAt = now()
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ created_at: takenAt })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('status_code', 'is', null)
        .where('created_at', '=', row.created_at)
        .returning('key')
        .executeTakeFirst()
      if (taken) {
        request.idempotency = { userId, key, claimedAt: takenAt }
        return
      }
      continue
    }
    if (Date.now() >= deadline) throw inProgress()
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** The keyed request whose handler is running here, and whether its answer may still be recorded. */
interface Running {
  claim: Claim
  reply: FastifyReply
  open: boolean
}
const running = new AsyncLocalStorage<Running>()

/** Narrows a statement to the key's row while this claim holds it and it has no answer yet. */
function unansweredClaim<Q extends WhereInterface<DB, 'idempotency_keys'>>(query: Q, claim: Claim): Q {
  return query
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('created_at', '=', claim.claimedAt)
    .where('status_code', 'is', null) as Q
}

/**
 * Called by a keyed route's service inside the transaction of its effect, with the answer it is about to
 * return: the key's status and response (serialized as the reply will be) commit with the effect, or not at
 * all. Outside a keyed request it does nothing. Refused (409, rolling the effect back) when another request
 * took the key over meanwhile, so an effect never commits twice for one key.
 */
export async function recordAnswer<T>(trx: Transaction<DB>, answer: T): Promise<T> {
  const run = running.getStore()
  if (!run?.open) return answer
  const { claim, reply } = run
  const recorded = await trx
    .updateTable('idempotency_keys')
    .set({ status_code: reply.statusCode, response: reply.serialize(answer) as string })
    .$call((q) => unansweredClaim(q, claim))
    .returning('key')
    .executeTakeFirst()
  if (!recorded) throw inProgress()
  return answer
}

/**
 * Runs the handlers of keyed routes (those with the `idempotent` preHandler) with their claim in reach of
 * recordAnswer, and stores on send the answers that were not recorded with an effect (a 5xx gives the key back).
 */
export function installIdempotency(app: FastifyInstance, faults?: IdempotencyFaults): void {
  app.decorateRequest('idempotency', null)
  app.addHook('onRoute', (options) => {
    const preHandlers: preHandlerHookHandler[] = [options.preHandler ?? []].flat()
    if (!preHandlers.includes(idempotent as preHandlerHookHandler)) return
    const handler = options.handler
    options.handler = function (request, reply) {
      const claim = request.idempotency
      if (!claim) return handler.call(this, request, reply)
      const run: Running = { claim, reply, open: true }
      return running.run(run, async () => {
        try {
          return await handler.call(this, request, reply)
        } finally {
          // Work the handler left running (a background task) cannot answer for it any more.
          run.open = false
        }
      })
    }
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency
    if (!claim) return payload
    request.idempotency = null
    if (faults?.loseAnswerOnSend) return payload
    const { db } = request.server.services
    // Only a key this request still holds and that has no answer yet (an effect recorded its own, which a 5xx
    // after the commit keeps: the retry replays the effect's answer).
    if (reply.statusCode >= 500) {
      await db
        .deleteFrom('idempotency_keys')
        .$call((q) => unansweredClaim(q, claim))
        .execute()
    } else {
      await db
        .updateTable('idempotency_keys')
        .set({ status_code: reply.statusCode, response: typeof payload === 'string' ? payload : '' })
        .$call((q) => unansweredClaim(q, claim))
        .execute()
    }
    return payload
  })
}

export async function purgeOldIdempotencyKeys(db: Kysely<DB>, now: Date): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - KEEP_MS))
    .execute()
}
