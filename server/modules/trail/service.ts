import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { TrailEvent, TrailRecordData } from '../../../src/types/generated/api/trail'
import { ApiError, notFound } from '../../platform/errors'
import type { DB } from '../../db/schema'
import { recordHash } from './chain'
import { keepUntil } from './retention'
import type { SalesTrailsTable, TrailKind, TrailStage } from './tables'
import { documentKey, type SalesPageVersions } from './versions'

// Each sale's trail (可回溯): server-recorded key steps and the buyer's browser events, appended under the
// trail's row lock so that the hash chain has one order whatever the concurrency. A browser event names the
// trail it belongs to, and only the trail's own user may add to it.

type Executor = Kysely<DB> | Transaction<DB>

export interface Step {
  kind: TrailKind
  data: TrailRecordData
  source?: 'server' | 'browser'
  clientAt?: Date | null
  eventId?: string | null
}

/** Which trail a server step belongs to. */
export type TrailOf =
  { trailId: string } | { applicationId: string } | { orderId: string } | { partnerQuoteId: string }

export type TrailPatch = Partial<
  Pick<
    Selectable<SalesTrailsTable>,
    | 'application_id'
    | 'partner_quote_id'
    | 'order_id'
    | 'order_no'
    | 'policy_id'
    | 'policy_no'
    | 'long_cover'
    | 'contract_ends_at'
  >
> & { stage?: TrailStage }

/** What an append reads of the trail, under its row lock: the chain's end and what sets the keep-until. */
const HEAD = ['id', 'head_seq', 'head_hash', 'stage', 'policy_id', 'long_cover', 'contract_ends_at'] as const
type Head = Pick<Selectable<SalesTrailsTable>, (typeof HEAD)[number]>

/** A browser may reuse its trail for this long (a reload, a return from login); then a new sale begins. */
const REUSE_MS = 2 * 3600_000
/** A trail takes at most this many records (a runaway or hostile page cannot grow one without end). */
export const MAX_RECORDS = 3000
const STAGE_ORDER: TrailStage[] = ['browsing', 'applied', 'ordered', 'paid', 'issued', 'ended']

export class TrailService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly versions: SalesPageVersions,
  ) {}

  /** POST /api/sales-trails: the buyer's open trail of this product (reused for two hours), else a new one. */
  async open(userId: string, productId: string, productVersion?: number): Promise<string> {
    const info = await this.product(productId)
    const since = new Date(this.now().getTime() - REUSE_MS)
    const open = await this.db
      .selectFrom('sales_trails')
      .select('id')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .where('order_id', 'is', null)
      .where('partner_quote_id', 'is', null)
      .where('last_at', '>', since)
      .orderBy('last_at', 'desc')
      .limit(1)
      .executeTakeFirst()
    if (open) return open.id
    // A new trail: the product page and its documents on record as they are now (the page shows the
    // documents before any application names their versions); it names the version the browser showed, else
    // the live one.
    const { product: live } = await this.versions.captureProduct(productId)
    const shown =
      productVersion && (await this.versions.productHas(productId, productVersion))
        ? productVersion
        : live.version
    return this.db
      .transaction()
      .execute((trx) =>
        this.create(trx, userId, info, [{ kind: 'trail_opened', data: { productVersion: shown } }]),
      )
  }

  /** The product as a trail names it: mall products pass our purchase gates, a partner's its own flow. */
  async product(productId: string): Promise<{ id: string; name: string; channel: string }> {
    const row = await this.db
      .selectFrom('products')
      .select(['id', 'name', 'channel'])
      .where('id', '=', productId)
      .executeTakeFirst()
    if (!row) throw notFound('产品')
    return { id: row.id, name: row.name, channel: row.channel === 'partner' ? 'partner' : 'mall' }
  }

  /** A new trail with its first steps (opened by the browser, or by the server for a sale that came without). */
  async create(
    trx: Transaction<DB>,
    userId: string,
    product: { id: string; name: string; channel: string },
    steps: Step[],
    patch: TrailPatch = {},
  ): Promise<string> {
    const user = await trx.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst()
    const id = randomUUID()
    const now = this.now()
    await trx
      .insertInto('sales_trails')
      .values({
        id,
        user_id: userId,
        phone: user?.phone ?? '',
        product_id: product.id,
        product_name: product.name,
        channel: product.channel,
        started_at: now,
        last_at: now,
        keep_until: keepUntil({ policy_id: null, long_cover: null, contract_ends_at: null }, now),
      })
      .execute()
    await this.appendIn(trx, id, steps, patch)
    return id
  }

  /**
   * The trail a sale's application or partner quote joins: the browser's (when it is the caller's, of this
   * product and not yet ordered; a new application or quote of the same visit replaces the earlier one), else a
   * new one.
   */
  async join(
    trx: Transaction<DB>,
    userId: string,
    trailId: string | undefined,
    product: { id: string; name: string; channel: string },
    steps: Step[],
    patch: TrailPatch,
  ): Promise<string> {
    if (trailId) {
      const taken = await trx
        .updateTable('sales_trails')
        .set({
          application_id: patch.application_id ?? null,
          partner_quote_id: patch.partner_quote_id ?? null,
        })
        .where('id', '=', trailId)
        .where('user_id', '=', userId)
        .where('product_id', '=', product.id)
        .where('order_id', 'is', null)
        .executeTakeFirst()
      if (Number(taken.numUpdatedRows) === 1) {
        await this.appendIn(trx, trailId, steps, patch)
        return trailId
      }
    }
    return this.create(trx, userId, product, steps, patch)
  }

  /** Server steps of the trail an application, order or quote belongs to (nothing when it has none). */
  async step(executor: Executor, of: TrailOf, steps: Step[], patch: TrailPatch = {}): Promise<void> {
    const run = async (trx: Transaction<DB>) => {
      let query = trx.selectFrom('sales_trails').select(HEAD)
      if ('trailId' in of) query = query.where('id', '=', of.trailId)
      else if ('applicationId' in of) query = query.where('application_id', '=', of.applicationId)
      else if ('orderId' in of) query = query.where('order_id', '=', of.orderId)
      else query = query.where('partner_quote_id', '=', of.partnerQuoteId)
      // Found and locked in one statement: the chain's end cannot move under this append.
      const head = await query.forUpdate().executeTakeFirst()
      if (head) await this.appendIn(trx, head.id, steps, patch, head)
    }
    if (executor.isTransaction) await run(executor as Transaction<DB>)
    else await executor.transaction().execute(run)
  }

  /** POST /api/sales-trails/:id/events: the browser's batch, each event once (by its id), on the server's clock. */
  async browserEvents(
    userId: string,
    trailId: string,
    events: readonly TrailEvent[],
    sentAt?: string,
  ): Promise<void> {
    const trail = await this.db
      .selectFrom('sales_trails')
      .select(['id', 'product_id', 'head_seq'])
      .where('id', '=', trailId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!trail) throw notFound('销售过程记录')
    if (trail.head_seq + events.length > MAX_RECORDS)
      throw new ApiError(409, 'TRAIL_FULL', '本次投保过程的记录已达上限')
    const texts = await this.versions.texts()
    const clockOffsetMs = offsetOf(this.now(), sentAt)
    const steps: Step[] = []
    for (const [index, event] of events.entries()) {
      const field = (name: string) => `events.${index}.${name}`
      if (event.productVersion && !(await this.versions.productHas(trail.product_id, event.productVersion)))
        throw invalid(field('productVersion'), '产品资料版本不存在')
      let documentTitle: string | undefined
      const documentId = event.documentId && documentIdOf(event.documentId)
      if (documentId) {
        const version = await this.documentVersion(trail.product_id, documentId, event.documentVersion)
        if (!version) throw invalid(field('documentVersion'), '文件或其版本不存在')
        documentTitle = version.title
      }
      const clientAt = new Date(event.at)
      if (Number.isNaN(clientAt.getTime())) throw invalid(field('at'), '时间格式不正确')
      steps.push({
        kind: event.type,
        source: 'browser',
        clientAt,
        eventId: event.eventId,
        data: {
          screen: event.screen,
          title: event.title,
          durationMs: event.durationMs,
          clockOffsetMs,
          productVersion: event.productVersion,
          textsVersion: event.type === 'screen_enter' ? texts.version : undefined,
          documentId,
          documentTitle,
          documentVersion: event.documentVersion,
          scrolledToEnd: event.scrolledToEnd,
        },
      })
    }
    await this.db.transaction().execute((trx) => this.appendIn(trx, trailId, steps))
  }

  /** The named version of a product's document, or its live one when none is named. */
  private async documentVersion(productId: string, documentId: string, version: number | undefined) {
    let query = this.db
      .selectFrom('sales_page_versions')
      .select(['version', 'title'])
      .where('kind', '=', 'document')
      .where('key', '=', documentKey(productId, documentId))
    query = version ? query.where('version', '=', version) : query.where('offline_at', 'is', null)
    return query.executeTakeFirst()
  }

  /**
   * Appends under the trail's row lock (FOR UPDATE): the chain's end is read, the records hashed in order, the end
   * moved. Browser events already recorded (same id) are skipped; the stage only moves forward.
   */
  private async appendIn(
    trx: Transaction<DB>,
    trailId: string,
    steps: Step[],
    patch: TrailPatch = {},
    locked?: Head,
  ) {
    const head =
      locked ??
      (await trx
        .selectFrom('sales_trails')
        .select(HEAD)
        .where('id', '=', trailId)
        .forUpdate()
        .executeTakeFirstOrThrow())
    const eventIds = steps.flatMap((s) => (s.eventId ? [s.eventId] : []))
    const seen = new Set(
      eventIds.length
        ? (
            await trx
              .selectFrom('sales_trail_records')
              .select('client_event_id')
              .where('trail_id', '=', trailId)
              .where('client_event_id', 'in', eventIds)
              .execute()
          ).map((r) => r.client_event_id)
        : [],
    )
    const at = this.now()
    let seq = head.head_seq
    let prev = head.head_hash
    const rows = []
    for (const step of steps) {
      if (step.eventId && seen.has(step.eventId)) continue
      if (step.eventId) seen.add(step.eventId)
      const data = withoutUndefined(step.data)
      const fields = {
        seq: ++seq,
        at,
        clientAt: step.clientAt ?? null,
        source: step.source ?? 'server',
        kind: step.kind,
        data,
        eventId: step.eventId ?? null,
      }
      const hash = recordHash(prev, fields)
      rows.push({
        trail_id: trailId,
        seq: fields.seq,
        at,
        client_at: fields.clientAt,
        source: fields.source,
        kind: fields.kind,
        data: JSON.stringify(data),
        client_event_id: fields.eventId,
        prev_hash: prev,
        hash,
      })
      prev = hash
    }
    if (rows.length) await trx.insertInto('sales_trail_records').values(rows).execute()
    const contract = {
      policy_id: patch.policy_id ?? head.policy_id,
      long_cover: patch.long_cover ?? head.long_cover,
      contract_ends_at: patch.contract_ends_at !== undefined ? patch.contract_ends_at : head.contract_ends_at,
    }
    const stage =
      patch.stage && STAGE_ORDER.indexOf(patch.stage) > STAGE_ORDER.indexOf(head.stage)
        ? patch.stage
        : head.stage
    await trx
      .updateTable('sales_trails')
      .set({
        ...patch,
        stage,
        head_seq: seq,
        head_hash: prev,
        last_at: at,
        keep_until: keepUntil(contract, at),
      })
      .where('id', '=', trailId)
      .execute()
  }
}

/** How far the browser's clock is behind ours, from when it sent the batch (unknown past a day's difference). */
function offsetOf(now: Date, sentAt: string | undefined): number | undefined {
  const sent = sentAt ? Date.parse(sentAt) : NaN
  if (Number.isNaN(sent)) return undefined
  const offset = now.getTime() - sent
  return Math.abs(offset) <= 86_400_000 ? offset : undefined
}

/** The mall names a clause 'clause:<id>'; the partner pages name it by its bare id. */
const documentIdOf = (id: string) => (id === 'notice' || id.startsWith('clause:') ? id : `clause:${id}`)

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, 'INVALID_TRAIL_EVENT', message, [{ field, message }])
}

function withoutUndefined(data: TrailRecordData): TrailRecordData {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as TrailRecordData
}
