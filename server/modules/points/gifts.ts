import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { AddressInput, Exchange, Gift, GiftList } from '../../../src/types/generated/api/gift'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { recordAnswer } from '../../platform/idempotency'
import { readableCode } from '../../platform/readableCode'
import { toIso } from '../../platform/time'
import type { GiftExchangesTable, GiftsTable } from './giftTables'
import type { MessageService } from '../messages/service'
import type { PointsService } from './service'

const toGift = (row: Selectable<GiftsTable>): Gift => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  currency: row.currency,
  price: row.price,
  stock: row.stock,
  perUserLimit: row.per_user_limit,
  image: row.image,
  description: row.description,
  validUntil: row.valid_until ? toIso(row.valid_until) : null,
})

/** A code's status at server time: 可使用 until its expiry, then 已过期 (null: no code). */
const codeStatus = (row: { code: string | null; code_valid_to: Date | null }, now: Date) =>
  row.code === null ? null : row.code_valid_to && row.code_valid_to <= now ? 'expired' : 'usable'

const toExchange = (row: Omit<Selectable<GiftExchangesTable>, 'seq' | 'user_id'>, now: Date): Exchange => ({
  id: row.id,
  giftId: row.gift_id,
  giftName: row.gift_name,
  kind: row.kind,
  currency: row.currency,
  price: row.price,
  status: row.status,
  code: row.code,
  codeValidTo: row.code_valid_to ? toIso(row.code_valid_to) : null,
  codeStatus: codeStatus(row, now),
  address: row.address,
  createdAt: toIso(row.created_at),
  fulfilledAt: row.fulfilled_at ? toIso(row.fulfilled_at) : null,
  cancelledAt: row.cancelled_at ? toIso(row.cancelled_at) : null,
})

const CURRENCY_NAMES = { point: '积分', bean: '金豆' } as const

/**
 * The points mall. An exchange, in one transaction:
 * 1. locks the user's balance row, so one user's exchanges run one at a time (the per-user limit is counted
 *    under that lock);
 * 2. takes one from stock only while stock > 0 and the gift is valid (one statement);
 * 3. moves the price from usable to frozen only while usable >= price (one statement);
 * 4. a virtual gift is fulfilled at once (the frozen price is spent, a code issued); a physical one waits for
 *    its address (fulfilled: the frozen price is spent) or is cancelled (the price unfrozen, the stock back).
 * A failure at any step rolls back the steps before it.
 */
export class GiftService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly points: PointsService,
    private readonly messages: MessageService,
  ) {}

  async list(): Promise<GiftList> {
    const rows = await this.db
      .selectFrom('gifts')
      .selectAll()
      .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', this.now())]))
      .orderBy('sort')
      .execute()
    return { items: rows.map(toGift) }
  }

  async byName(name: string): Promise<Gift> {
    const row = await this.db.selectFrom('gifts').selectAll().where('name', '=', name).executeTakeFirst()
    if (!row) throw notFound('礼品')
    return toGift(row)
  }

  async exchange(userId: string, giftId: string): Promise<Exchange> {
    const gift = await this.db.selectFrom('gifts').selectAll().where('id', '=', giftId).executeTakeFirst()
    if (!gift) throw notFound('礼品')
    const now = this.now()
    return this.db.transaction().execute(async (trx) => {
      // 1. The user's balance row exists and is locked for this transaction.
      await trx
        .insertInto('point_accounts')
        .values({ user_id: userId, currency: gift.currency })
        .onConflict((oc) => oc.columns(['user_id', 'currency']).doNothing())
        .execute()
      await trx
        .selectFrom('point_accounts')
        .select('usable')
        .where('user_id', '=', userId)
        .where('currency', '=', gift.currency)
        .forUpdate()
        .execute()
      const { taken } = await trx
        .selectFrom('gift_exchanges')
        .select(sql<string>`count(*)`.as('taken'))
        .where('user_id', '=', userId)
        .where('gift_id', '=', gift.id)
        .where('status', '<>', 'CANCELLED')
        .executeTakeFirstOrThrow()
      if (Number(taken) >= gift.per_user_limit)
        throw new ApiError(409, 'GIFT_LIMIT_REACHED', `该礼品每人限兑 ${gift.per_user_limit} 份，您已兑换过`)
      // 2. One from stock.
      const reserved = await trx
        .updateTable('gifts')
        .set({ stock: sql<number>`stock - 1` })
        .where('id', '=', gift.id)
        .where('stock', '>', 0)
        .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]))
        .executeTakeFirst()
      if (Number(reserved.numUpdatedRows) !== 1)
        throw new ApiError(409, 'GIFT_SOLD_OUT', '礼品已兑完或已下架，看看其他礼品吧')
      // 3. The price frozen.
      const balance = await trx
        .updateTable('point_accounts')
        .set({
          usable: sql<number>`usable - ${gift.price}`,
          frozen: sql<number>`frozen + ${gift.price}`,
        })
        .where('user_id', '=', userId)
        .where('currency', '=', gift.currency)
        .where('usable', '>=', gift.price)
        .returning(['usable', 'frozen'])
        .executeTakeFirst()
      if (!balance)
        throw new ApiError(
          409,
          'INSUFFICIENT_POINTS',
          `${CURRENCY_NAMES[gift.currency]}不足：兑换需要 ${gift.price} ${CURRENCY_NAMES[gift.currency]}`,
        )
      const exchangeId = randomUUID()
      await this.points.record(
        trx,
        { userId, currency: gift.currency, kind: 'exchange', reference: exchangeId },
        -gift.price,
        balance,
      )
      const virtual = gift.kind === 'virtual'
      await trx
        .insertInto('gift_exchanges')
        .values({
          id: exchangeId,
          user_id: userId,
          gift_id: gift.id,
          gift_name: gift.name,
          kind: gift.kind,
          currency: gift.currency,
          price: gift.price,
          status: virtual ? 'FULFILLED' : 'AWAITING_ADDRESS',
          code: virtual ? readableCode(16) : null,
          code_valid_to:
            virtual && gift.code_valid_days !== null
              ? new Date(now.getTime() + gift.code_valid_days * 86_400_000)
              : null,
          address: null,
          created_at: now,
          fulfilled_at: virtual ? now : null,
          cancelled_at: null,
        })
        .execute()
      // 4. A virtual gift is handed over now: its frozen price is spent.
      if (virtual) {
        await this.spendFrozen(trx, userId, gift.currency, gift.price)
        await this.messages.notify(trx, userId, {
          kind: 'exchange_fulfilled',
          exchangeId,
          giftName: gift.name,
          virtual: true,
        })
      }
      return recordAnswer(trx, await this.get(userId, exchangeId, trx))
    })
  }

  private async spendFrozen(trx: Transaction<DB>, userId: string, currency: Gift['currency'], price: number) {
    await trx
      .updateTable('point_accounts')
      .set({ frozen: sql<number>`frozen - ${price}` })
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .execute()
  }

  private select(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('gift_exchanges')
      .select([
        'id',
        'gift_id',
        'gift_name',
        'kind',
        'currency',
        'price',
        'status',
        'code',
        'code_valid_to',
        'address',
        'created_at',
        'fulfilled_at',
        'cancelled_at',
      ])
  }

  async get(userId: string, id: string, db: Kysely<DB> = this.db): Promise<Exchange> {
    const row = await this.select(db).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound('兑换记录')
    return toExchange(row, this.now())
  }

  async mine(userId: string): Promise<{ items: Exchange[] }> {
    const rows = await this.select().where('user_id', '=', userId).orderBy('seq', 'desc').limit(100).execute()
    const now = this.now()
    return { items: rows.map((row) => toExchange(row, now)) }
  }

  /** A physical gift's address: the exchange is fulfilled (shipped) and its frozen price spent. */
  async ship(userId: string, id: string, address: AddressInput): Promise<Exchange> {
    await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('gift_exchanges')
        .set({
          status: 'FULFILLED',
          address: JSON.stringify({ ...address, address: address.address.trim(), name: address.name.trim() }),
          fulfilled_at: this.now(),
        })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('status', '=', 'AWAITING_ADDRESS')
        .returning(['currency', 'price', 'gift_name'])
        .executeTakeFirst()
      if (!moved) throw await notAwaiting(trx, userId, id)
      await this.spendFrozen(trx, userId, moved.currency, moved.price)
      await this.messages.notify(trx, userId, {
        kind: 'exchange_fulfilled',
        exchangeId: id,
        giftName: moved.gift_name,
        virtual: false,
      })
    })
    return this.get(userId, id)
  }

  /** Cancels a physical gift still waiting for its address: the price unfrozen, the stock back. */
  async cancel(userId: string, id: string): Promise<Exchange> {
    await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('gift_exchanges')
        .set({ status: 'CANCELLED', cancelled_at: this.now() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('status', '=', 'AWAITING_ADDRESS')
        .returning(['gift_id', 'currency', 'price'])
        .executeTakeFirst()
      if (!moved) throw await notAwaiting(trx, userId, id)
      const balance = await trx
        .updateTable('point_accounts')
        .set({
          usable: sql<number>`usable + ${moved.price}`,
          frozen: sql<number>`frozen - ${moved.price}`,
        })
        .where('user_id', '=', userId)
        .where('currency', '=', moved.currency)
        .returning(['usable', 'frozen'])
        .executeTakeFirstOrThrow()
      await this.points.record(
        trx,
        { userId, currency: moved.currency, kind: 'exchange_cancel', reference: id },
        moved.price,
        balance,
      )
      await trx
        .updateTable('gifts')
        .set({ stock: sql<number>`stock + 1` })
        .where('id', '=', moved.gift_id)
        .execute()
    })
    return this.get(userId, id)
  }
}

/** Why an exchange is not waiting for its address: missing (404) or already settled (409). Inside the caller's
 * transaction: on PGlite no query may run beside it. */
async function notAwaiting(trx: Transaction<DB>, userId: string, id: string): Promise<ApiError> {
  const current = await trx
    .selectFrom('gift_exchanges')
    .select('status')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!current) return notFound('兑换记录')
  return new ApiError(
    409,
    'EXCHANGE_SETTLED',
    current.status === 'CANCELLED' ? '该兑换已取消' : '该兑换已完成，无需再次操作',
  )
}
