import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { userIdOf } from './auth'
import type { DB } from '../db/schema'
import { ApiError } from './errors'

// Idempotency-Key (DESIGN.md §7): a write that moves money, sent again with the same key and the same request,
// answers with the first response instead of acting twice; the same key with another request is a 409. The
// key is claimed in the database (one insert decides), so two tabs, a double tap or a retry after a reload
// are one request on any server process. A request still running is waited for; one abandoned by a crashed
// process is taken over after a minute.

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds an idempotency key: its response is stored on send. */
    idempotency: { userId: string; key: string } | null
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key'
const WAIT_MS = 10_000
const POLL_MS = 100
const ABANDONED_MS = 60_000
const KEEP_MS = 24 * 3600_000

const requestHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, request.params, request.body ?? null]))
    .digest('hex')

/** preHandler (after authenticate) of routes that take an Idempotency-Key. */
export async function idempotent(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  const key = request.headers[IDEMPOTENCY_HEADER]
  if (typeof key !== 'string') return
  const userId = userIdOf(request)
  const hash = requestHash(request)
  const { db, now } = request.server.services
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        request_hash: hash,
        status_code: null,
        response: null,
        created_at: now(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst()
    if (claimed) {
      request.idempotency = { userId, key }
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
    if (now().getTime() - row.created_at.getTime() >= ABANDONED_MS) {
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ created_at: now() })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('status_code', 'is', null)
        .where('created_at', '=', row.created_at)
        .returning('key')
        .executeTakeFirst()
      if (taken) {
        request.idempotency = { userId, key }
        return
      }
      continue
    }
    if (Date.now() >= deadline)
      throw new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', '相同的请求正在处理中，请稍候查看结果')
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** Stores the response of a request that holds a key (a 5xx gives the key back, so a retry may act). */
export function installIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null)
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency
    if (!claim) return payload
    request.idempotency = null
    const { db } = request.server.services
    if (reply.statusCode >= 500) {
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', claim.userId)
        .where('key', '=', claim.key)
        .execute()
    } else {
      await db
        .updateTable('idempotency_keys')
        .set({ status_code: reply.statusCode, response: typeof payload === 'string' ? payload : '' })
        .where('user_id', '=', claim.userId)
        .where('key', '=', claim.key)
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
