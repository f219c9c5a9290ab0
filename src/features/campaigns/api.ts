import useSWR from 'swr'
import { IDEMPOTENCY_HEADER, post, put, withIdempotencyKey } from '../../lib/request'
import type { Coupon, CouponList, Prize, PrizeAddress, PrizeList } from '../../types/generated/api/campaign'

// 我的券 and 我的奖品 (schemas/api/campaign.schema.json). Every answer is the session's user's own.

export type { Coupon, CouponList, Prize, PrizeAddress } from '../../types/generated/api/campaign'

export const couponsKey = '/api/coupons'
export const prizesKey = '/api/prizes'

export const useCoupons = () => useSWR<CouponList>(couponsKey)
export const usePrizes = () => useSWR<PrizeList>(prizesKey)

/** Uses a coupon once (shown at the counter); a double tap is one use. */
export const redeemCoupon = (id: string) =>
  withIdempotencyKey(`coupon-use:${id}`, (key) =>
    post<Coupon>(`${couponsKey}/${encodeURIComponent(id)}/use`, undefined, {
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  )

/** The delivery address of a physical prize (once). */
export const givePrizeAddress = (id: string, address: PrizeAddress) =>
  put<Prize>(`${prizesKey}/${encodeURIComponent(id)}/address`, address)
