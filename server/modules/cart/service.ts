import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import { defaultEffectiveDate } from '../../../src/domain/age'
import { quotePremium, type QuoteResult } from '../../../src/domain/pricing'
import type { ProductDetail } from '../../../src/types/generated/api/catalog'
import type { Cart, CartItem, CartItemInput } from '../../../src/types/generated/api/cart'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { toIso } from '../../platform/time'
import type { CatalogService } from '../catalog/service'
import type { CartItemsTable } from './tables'

/** Plans one user may keep in the cart. */
export const MAX_CART_ITEMS = 20

type Row = Selectable<CartItemsTable>

/** Prices cart factors for a policy starting on the earliest day (tomorrow), as the purchase would. */
export function priceCartFactors(product: ProductDetail, input: CartItemInput, nowMs: number): QuoteResult {
  return quotePremium(product, {
    planCode: input.planCode,
    birthDate: input.birthDate,
    gender: input.gender,
    coveragePeriod: input.coveragePeriod,
    paymentPeriod: input.paymentPeriod,
    socialInsurance: input.socialInsurance,
    effectiveDate: defaultEffectiveDate(nowMs),
  })
}

const toInput = (row: Row): CartItemInput => ({
  productId: row.product_id,
  planCode: row.plan_code,
  coveragePeriod: row.coverage_period,
  paymentPeriod: row.payment_period,
  birthDate: row.birth_date,
  gender: row.gender,
  socialInsurance: row.social_insurance,
})

/** The cart of a logged-in user: stored with the price quoted when added, re-quoted whenever it is read. */
export class CartService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly catalog: CatalogService,
  ) {}

  private toItem(row: Row, product: ProductDetail | null): CartItem {
    const input = toInput(row)
    const quote = product ? priceCartFactors(product, input, this.now().getTime()) : null
    const premiumFen = quote?.ok ? quote.premiumFen : null
    return {
      id: row.id,
      ...input,
      productName: product?.name ?? '该产品已下架',
      productImage: product?.image ?? '',
      insurerName: product?.insurerName ?? '',
      planName: product?.plans.find((p) => p.code === row.plan_code)?.name ?? row.plan_code,
      quotedPremiumFen: row.quoted_premium_fen,
      premiumFen,
      priceChanged: premiumFen !== null && premiumFen !== row.quoted_premium_fen,
      available: premiumFen !== null,
      unavailableReason: !product ? '该产品已下架' : quote && !quote.ok ? quote.message : null,
      addedAt: toIso(row.created_at),
    }
  }

  /** The caller's cart, newest first, every item re-quoted for a policy starting tomorrow. */
  async list(userId: string): Promise<Cart> {
    const rows = await this.db
      .selectFrom('cart_items')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute()
    const products = new Map<string, ProductDetail | null>()
    for (const id of new Set(rows.map((r) => r.product_id)))
      products.set(id, await this.catalog.productOrNull(id))
    return {
      items: rows.map((row) => this.toItem(row, products.get(row.product_id) ?? null)),
      maxItems: MAX_CART_ITEMS,
    }
  }

  /**
   * Prices and stores one plan. The same plan and factors again refreshes its price and moves it to the top
   * (one row); a new one is refused when the cart is full, counted in the insert under the user's row lock.
   */
  async add(userId: string, input: CartItemInput): Promise<CartItem> {
    const product = await this.catalog.product(input.productId)
    const quote = priceCartFactors(product, input, this.now().getTime())
    if (!quote.ok)
      throw new ApiError(422, 'NOT_INSURABLE', quote.message, [
        { field: quote.field, message: quote.message },
      ])
    const row = await this.upsert(userId, input, quote.premiumFen, this.now())
    if (!row) throw new ApiError(409, 'CART_FULL', `购物车最多保存${MAX_CART_ITEMS}个方案，请先删除部分方案`)
    return this.toItem(row, product)
  }

  private async upsert(
    userId: string,
    input: CartItemInput,
    premiumFen: number,
    now: Date,
  ): Promise<Row | undefined> {
    // The user's row is locked first, so that carts filled by parallel requests count one after another: a
    // count inside the insert alone sees the snapshot its statement started with.
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
      const { rows } = await sql<Row>`
      INSERT INTO cart_items (id, user_id, product_id, plan_code, coverage_period, payment_period, birth_date,
                              gender, social_insurance, quoted_premium_fen, created_at)
      SELECT ${randomUUID()}, ${userId}, ${input.productId}, ${input.planCode}, ${input.coveragePeriod},
             ${input.paymentPeriod}, ${input.birthDate}, ${input.gender}, ${input.socialInsurance}, ${premiumFen},
             ${now}
      WHERE (SELECT count(*) FROM cart_items WHERE user_id = ${userId}) < ${MAX_CART_ITEMS}
         OR EXISTS (SELECT 1 FROM cart_items WHERE user_id = ${userId} AND product_id = ${input.productId}
                    AND plan_code = ${input.planCode} AND coverage_period = ${input.coveragePeriod}
                    AND payment_period = ${input.paymentPeriod} AND birth_date = ${input.birthDate}
                    AND gender = ${input.gender} AND social_insurance = ${input.socialInsurance})
      ON CONFLICT (user_id, product_id, plan_code, coverage_period, payment_period, birth_date, gender,
                   social_insurance)
      DO UPDATE SET quoted_premium_fen = excluded.quoted_premium_fen, created_at = excluded.created_at
      RETURNING *`.execute(trx)
      return rows[0]
    })
  }

  async remove(userId: string, id: string): Promise<void> {
    const deleted = await this.db
      .deleteFrom('cart_items')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (Number(deleted.numDeletedRows) !== 1) throw notFound('购物车条目')
  }

  /**
   * The guest cart of this device, at login: each plan that can still be priced is added (a plan already in
   * the cart stays one row); plans that can no longer be bought, or beyond the cart's size, are dropped.
   */
  async merge(userId: string, items: CartItemInput[]): Promise<Cart> {
    const products = new Map<string, ProductDetail | null>()
    // Oldest first, a millisecond apart, so the device's newest plan ends up on top.
    const startMs = this.now().getTime()
    for (const [index, input] of [...items].reverse().entries()) {
      if (!products.has(input.productId))
        products.set(input.productId, await this.catalog.productOrNull(input.productId))
      const product = products.get(input.productId)
      if (!product) continue
      const quote = priceCartFactors(product, input, this.now().getTime())
      if (quote.ok) await this.upsert(userId, input, quote.premiumFen, new Date(startMs + index))
    }
    return this.list(userId)
  }
}
