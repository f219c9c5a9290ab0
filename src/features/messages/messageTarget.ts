import type { Message } from './api'
import { orderDetailHref } from '../orders/paths'
import { exchangeHref, pointsHref } from '../points/paths'
import { policyDetailHref, renewalHref } from '../policies/paths'
import { feedbackListHref } from '../feedback/paths'
import { claimDetailHref } from '../claims/paths'
import { couponsHref, prizesHref } from '../campaigns/paths'
import { serviceHref } from '../service/paths'

/** Where a message's 查看详情 goes; null when it is about nothing to open. */
export function targetHref(target: Message['target']): string | null {
  if (!target) return null
  if (target.kind === 'order' && target.id) return orderDetailHref(target.id)
  if (target.kind === 'policy' && target.id) return policyDetailHref(target.id)
  if (target.kind === 'exchange' && target.id) return exchangeHref(target.id)
  if (target.kind === 'renewal') return renewalHref()
  if (target.kind === 'points') return pointsHref()
  if (target.kind === 'feedback' && target.id) return feedbackListHref(target.id)
  if (target.kind === 'claim' && target.id) return claimDetailHref(target.id)
  if (target.kind === 'coupon') return couponsHref('used')
  if (target.kind === 'prize') return prizesHref()
  if (target.kind === 'service') return serviceHref()
  return null
}
