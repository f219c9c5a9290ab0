import type { Kysely, Selectable } from 'kysely'
import { couponStatus, type CouponStatus } from '../../../../src/domain/coupons'
import { validatePersonName } from '../../../../src/domain/certificate'
import { isValidPhone } from '../../../../src/domain/phone'
import type {
  Coupon,
  CouponList,
  CouponQuery,
  Prize,
  PrizeAddress,
  PrizeList,
} from '../../../../src/types/generated/api/campaign'
import type { DB } from '../../../db/schema'
import { ApiError, notFound } from '../../../platform/errors'
import { recordAnswer } from '../../../platform/idempotency'
import { toIso } from '../../../platform/time'
import type { CampaignGiftsTable, CouponsTable } from './tables'

type CouponRow = Selectable<CouponsTable> & { campaign_title: string }
type GiftRow = Selectable<CampaignGiftsTable> & { campaign_title: string }

/**
 * 我的券 and 我的奖品: coupons read with their status at server time (可使用/已使用/已过期), used once by one
 * conditional update; a physical prize's delivery address given once, the same way. A user sees only their own.
 */
export class CouponService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
  ) {}

  private toCoupon(row: CouponRow): Coupon {
    const validTo = toIso(row.valid_to)
    const usedAt = row.used_at ? toIso(row.used_at) : null
    return {
      id: row.id,
      code: row.code,
      campaignId: row.campaign_id,
      campaignTitle: row.campaign_title,
      name: row.name,
      benefit: row.benefit,
      status: couponStatus({ usedAt, validTo }, this.now().getTime()),
      validFrom: toIso(row.valid_from),
      validTo,
      usedAt,
      usedPlace: row.used_place,
      createdAt: toIso(row.created_at),
    }
  }

  private coupons(userId: string, db: Kysely<DB> = this.db) {
    return db
      .selectFrom('coupons as c')
      .innerJoin('campaigns as k', 'k.id', 'c.campaign_id')
      .selectAll('c')
      .select('k.title as campaign_title')
      .where('c.user_id', '=', userId)
  }

  async list(userId: string, query: CouponQuery): Promise<CouponList> {
    let q = this.coupons(userId)
    if (query.campaignId) q = q.where('c.campaign_id', '=', query.campaignId)
    const all = (await q.orderBy('c.created_at', 'desc').orderBy('c.id').limit(500).execute()).map((r) =>
      this.toCoupon(r),
    )
    const counts: Record<CouponStatus, number> = { usable: 0, used: 0, expired: 0 }
    for (const c of all) counts[c.status] += 1
    return { items: query.status ? all.filter((c) => c.status === query.status) : all, counts }
  }

  async get(userId: string, id: string, db: Kysely<DB> = this.db): Promise<Coupon> {
    const row = await this.coupons(userId, db).where('c.id', '=', id).executeTakeFirst()
    if (!row) throw notFound('券')
    return this.toCoupon(row)
  }

  /** Marks a coupon used (shown at the counter): once, and only while valid. */
  async use(userId: string, id: string): Promise<Coupon> {
    const now = this.now()
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('coupons')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('valid_from', '<=', now)
        .where('valid_to', '>', now)
        .returning('id')
        .executeTakeFirst()
      const coupon = await this.get(userId, id, trx)
      if (!used)
        throw new ApiError(
          409,
          'COUPON_NOT_USABLE',
          coupon.status === 'used'
            ? '该券已使用'
            : coupon.status === 'expired'
              ? '该券已过期'
              : '该券尚未生效',
        )
      return recordAnswer(trx, coupon)
    })
  }

  private toPrize(row: GiftRow): Prize {
    return {
      id: row.id,
      campaignId: row.campaign_id,
      campaignTitle: row.campaign_title,
      name: row.name,
      description: row.description,
      address: row.address,
      addressAt: row.address_at ? toIso(row.address_at) : null,
      createdAt: toIso(row.created_at),
      shipping: {
        status: row.shipping_status,
        carrier: row.carrier,
        trackingNo: row.tracking_no,
        shippedAt: row.shipped_at ? toIso(row.shipped_at) : null,
        deliveredAt: row.delivered_at ? toIso(row.delivered_at) : null,
      },
    }
  }

  private prizes(userId: string) {
    return this.db
      .selectFrom('campaign_gifts as g')
      .innerJoin('campaigns as k', 'k.id', 'g.campaign_id')
      .selectAll('g')
      .select('k.title as campaign_title')
      .where('g.user_id', '=', userId)
  }

  async prizeList(userId: string): Promise<PrizeList> {
    const rows = await this.prizes(userId)
      .orderBy('g.created_at', 'desc')
      .orderBy('g.id')
      .limit(200)
      .execute()
    return { items: rows.map((r) => this.toPrize(r)) }
  }

  /** The delivery address of a physical prize won: given once (a second one is refused, naming the prize). */
  async setAddress(userId: string, id: string, input: PrizeAddress): Promise<Prize> {
    const address = checkAddress(input)
    const saved = await this.db
      .updateTable('campaign_gifts')
      .set({ address: JSON.stringify(address), address_at: this.now() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('address', 'is', null)
      .returning('id')
      .executeTakeFirst()
    const row = await this.prizes(userId).where('g.id', '=', id).executeTakeFirst()
    if (!row) throw notFound('奖品')
    if (!saved) throw new ApiError(409, 'ADDRESS_GIVEN', `“${row.name}”的收货地址已填写，不能修改`)
    return this.toPrize(row)
  }
}

/** A delivery address with each part checked (400 naming the part). */
function checkAddress(input: PrizeAddress): PrizeAddress {
  const problem = (field: string, message: string) =>
    new ApiError(400, 'INVALID_ADDRESS', message, [{ field, message }])
  const name = validatePersonName(input.name)
  if (!name.ok) throw problem('name', '请填写收件人真实姓名')
  if (!isValidPhone(input.phone.trim())) throw problem('phone', '请输入正确的收件人手机号')
  if (input.region.trim().length < 2) throw problem('region', '请填写所在地区')
  if (input.detail.trim().length < 5) throw problem('detail', '请填写详细地址（至少5个字）')
  return {
    name: name.name,
    phone: input.phone.trim(),
    region: input.region.trim(),
    detail: input.detail.trim(),
  }
}
