import { askPremiumAgreement } from '../../components/flow/PremiumChangeDialog'
import type { PremiumChange } from '../../types/generated/api/partner'
import { cancelOrder } from '../orders/api'
import { agreePremium } from './api'

/**
 * The partner re-priced the premium at underwriting: it is paid only once agreed (the server refuses the payment
 * before: 409 PREMIUM_CHANGED). Agreed → recorded (true); 放弃投保 → the order is cancelled (false).
 */
export async function settlePremiumChange(orderId: string, change: PremiumChange): Promise<boolean> {
  const agreed = await askPremiumAgreement(change)
  if (agreed) await agreePremium(orderId)
  else await cancelOrder(orderId)
  return agreed
}
