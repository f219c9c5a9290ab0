import { createHash, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import { formatShanghaiDateTime } from '../../../../src/domain/dates'
import type { Redeemed, RedeemRequest } from '../../../../src/types/generated/api/campaignOps'
import type { DB } from '../../../db/schema'
import type { AppMode } from '../../../platform/config'
import { ApiError } from '../../../platform/errors'
import { toIso } from '../../../platform/time'
import type { MessageService } from '../../messages/service'
import { SIGNATURE_MAX_AGE_MS, signatureOf } from '../../partners/huating/signing'

// A partner (a store, a parking operator) redeems a coupon shown by its holder: POST /api/partner/coupons/redeem,
// signed like our insurer's calls (partners/huating/signing.ts): HMAC-SHA256 with the partner's own secret over
// five lines (method, path, Unix-seconds timestamp, request id, exact body), hex. docs/partners.md says how.

export const REDEEM_HEADERS = {
  partner: 'x-partner-id',
  timestamp: 'x-timestamp',
  requestId: 'x-request-id',
  signature: 'x-signature',
} as const

/** Demo mode's partner (docs/partners.md); production partners are rows an operator inserts. */
export const DEMO_COUPON_PARTNER = {
  id: 'demo-store',
  name: '演示合作门店',
  secret: 'demo-coupon-partner-secret-not-for-production',
} as const

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/

export interface SignedRedeem {
  method: string
  path: string
  headers: Record<string, string | undefined>
  rawBody: string
}

const unauthorized = (code: string, message: string, field: string) =>
  new ApiError(401, code, message, [{ field, message }])

/**
 * Redemption by partners: the signature checked (401 when missing, older or newer than 5 minutes, or wrong;
 * compared in constant time), then the coupon used by one conditional UPDATE (unused, valid now). The first answer
 * is kept by the partner's request id: a replay gets it again and changes nothing; the same request id with
 * another body is refused; another request for a used coupon is refused (409), an expired one too.
 */
export class CouponRedeemService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly mode: AppMode,
    private readonly messages: MessageService,
  ) {}

  /** The partner whose signature this is, or 401. */
  async verify(request: SignedRedeem): Promise<{ id: string; name: string; requestId: string }> {
    const h = request.headers
    const partnerId = h[REDEEM_HEADERS.partner]
    const timestamp = h[REDEEM_HEADERS.timestamp]
    const requestId = h[REDEEM_HEADERS.requestId]
    const signature = h[REDEEM_HEADERS.signature]
    if (!partnerId) throw unauthorized('PARTNER_UNKNOWN', '缺少合作方编号', REDEEM_HEADERS.partner)
    if (!timestamp || !/^\d{10,13}$/.test(timestamp))
      throw unauthorized('SIGNATURE_MISSING', '缺少或无效的签名时间（Unix 秒）', REDEEM_HEADERS.timestamp)
    if (!requestId || !REQUEST_ID.test(requestId))
      throw unauthorized(
        'SIGNATURE_MISSING',
        '缺少或无效的请求编号（8-64位字母、数字、_ 或 -）',
        REDEEM_HEADERS.requestId,
      )
    if (!signature) throw unauthorized('SIGNATURE_MISSING', '缺少签名', REDEEM_HEADERS.signature)
    if (Math.abs(this.now().getTime() - Number(timestamp) * 1000) > SIGNATURE_MAX_AGE_MS)
      throw unauthorized('SIGNATURE_STALE', '签名时间与服务器时间相差超过5分钟', REDEEM_HEADERS.timestamp)
    if (this.mode === 'demo' && partnerId === DEMO_COUPON_PARTNER.id)
      await this.db
        .insertInto('coupon_partners')
        .values({ ...DEMO_COUPON_PARTNER, created_at: this.now() })
        .onConflict((oc) => oc.doNothing())
        .execute()
    const partner = await this.db
      .selectFrom('coupon_partners')
      .select(['id', 'name', 'secret', 'previous_secret'])
      .where('id', '=', partnerId)
      .where('active', '=', true)
      .executeTakeFirst()
    const given = Buffer.from(signature, 'utf8')
    const secrets = partner ? [partner.secret, partner.previous_secret] : []
    const ok = secrets.some((secret) => {
      if (!secret) return false
      const expected = Buffer.from(
        signatureOf(secret, {
          method: request.method,
          path: request.path,
          timestamp,
          nonce: requestId,
          body: request.rawBody,
        }),
        'utf8',
      )
      return expected.length === given.length && timingSafeEqual(expected, given)
    })
    // An unknown partner and a wrong signature answer alike (nothing to learn about which partners exist).
    if (!partner || !ok) throw unauthorized('INVALID_SIGNATURE', '签名校验失败', REDEEM_HEADERS.signature)
    return { id: partner.id, name: partner.name, requestId }
  }

  private async kept(partnerId: string, requestId: string, bodyHash: string): Promise<Redeemed | null> {
    const row = await this.db
      .selectFrom('coupon_redemptions')
      .select(['body_hash', 'answer'])
      .where('partner_id', '=', partnerId)
      .where('request_id', '=', requestId)
      .executeTakeFirst()
    if (!row) return null
    if (row.body_hash !== bodyHash)
      throw new ApiError(409, 'REQUEST_ID_REUSED', '该请求编号已用于另一笔核销，请使用新的请求编号', [
        { field: REDEEM_HEADERS.requestId, message: '请求编号已使用' },
      ])
    return row.answer as unknown as Redeemed
  }

  async redeem(
    partner: { id: string; name: string; requestId: string },
    input: RedeemRequest,
    rawBody: string,
  ): Promise<Redeemed> {
    const bodyHash = createHash('sha256').update(rawBody).digest('hex')
    const replay = await this.kept(partner.id, partner.requestId, bodyHash)
    if (replay) return replay
    const code = input.code.trim().toUpperCase()
    const store = input.store?.trim() || null
    const place = store ? `${partner.name}（${store}）` : partner.name
    const now = this.now()
    try {
      return await this.db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('coupons')
          .set({ used_at: now, used_partner_id: partner.id, used_place: place })
          .where('code', '=', code)
          .where('used_at', 'is', null)
          .where('valid_from', '<=', now)
          .where('valid_to', '>', now)
          .returning(['id', 'user_id', 'name', 'benefit', 'code'])
          .executeTakeFirst()
        if (!used) throw await this.refusal(code, trx)
        const answer: Redeemed = {
          requestId: partner.requestId,
          code: used.code,
          name: used.name,
          benefit: used.benefit,
          redeemedAt: toIso(now),
          store,
        }
        await trx
          .insertInto('coupon_redemptions')
          .values({
            partner_id: partner.id,
            request_id: partner.requestId,
            body_hash: bodyHash,
            coupon_id: used.id,
            answer: JSON.stringify(answer),
            at: now,
          })
          .execute()
        await this.messages.notify(trx, used.user_id, {
          kind: 'coupon_redeemed',
          couponId: used.id,
          coupon: used.name,
          place,
          at: formatShanghaiDateTime(now.getTime()),
        })
        return answer
      })
    } catch (error) {
      // A replay that ran beside the first request waited for it: its kept answer is the answer.
      const kept = await this.kept(partner.id, partner.requestId, bodyHash)
      if (kept) return kept
      throw error
    }
  }

  private async refusal(code: string, db: Kysely<DB>): Promise<ApiError> {
    const coupon = await db
      .selectFrom('coupons')
      .select(['used_at', 'valid_from', 'valid_to'])
      .where('code', '=', code)
      .executeTakeFirst()
    const field = (message: string) => [{ field: 'code', message }]
    if (!coupon) return new ApiError(404, 'COUPON_NOT_FOUND', '券码不存在', field('券码不存在'))
    const now = this.now()
    if (coupon.used_at) {
      const message = `该券已于 ${formatShanghaiDateTime(coupon.used_at.getTime())} 使用，不能重复核销`
      return new ApiError(409, 'COUPON_USED', message, field(message))
    }
    if (coupon.valid_to <= now) {
      const message = `该券已于 ${formatShanghaiDateTime(coupon.valid_to.getTime())} 过期，不能核销`
      return new ApiError(409, 'COUPON_EXPIRED', message, field(message))
    }
    const message = `该券 ${formatShanghaiDateTime(coupon.valid_from.getTime())} 起可用，尚未生效`
    return new ApiError(409, 'COUPON_NOT_STARTED', message, field(message))
  }
}
