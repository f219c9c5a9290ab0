// The message center's messages: what each event says, in which category, and what it is about. The server
// writes them (notify, in the event's own transaction); the screens show them and link to their target.
import { CLAIM_STATUSES, type ClaimStatus } from './claims'
import { formatFen } from './money'

export const MESSAGE_CATEGORIES = {
  trade: '交易',
  policy: '保单',
  activity: '活动',
  system: '系统',
} as const

export type MessageCategory = keyof typeof MESSAGE_CATEGORIES

/** What a message is about: the screen its 查看详情 opens. */
export type MessageTarget =
  | { kind: 'order' | 'policy' | 'exchange' | 'feedback' | 'claim' | 'renewal' | 'service'; id: string }
  | { kind: 'points'; id: null }
  | { kind: 'coupon' | 'prize'; id: string }

export type MessageEvent =
  | { kind: 'order_paid'; orderId: string; productName: string; amountFen: number }
  | { kind: 'policy_issued'; policyId: string; productName: string; policyNo: string }
  | { kind: 'points_credited'; amount: number; reason: string }
  | { kind: 'guess_rewarded'; campaign: string; item: string; reward: string }
  | { kind: 'prize_shipped'; giftId: string; prize: string; carrier: string; trackingNo: string }
  | { kind: 'prize_delivered'; giftId: string; prize: string }
  | { kind: 'coupon_redeemed'; couponId: string; coupon: string; place: string; at: string }
  | { kind: 'payment_refunded'; orderId: string; productName: string; amountFen: number }
  | {
      kind: 'partner_policy_issued'
      policyId: string
      productName: string
      policyNo: string
      partnerPolicyNo: string
    }
  | { kind: 'partner_issue_delayed'; orderId: string; productName: string }
  | { kind: 'partner_issue_failed'; orderId: string; productName: string; amountFen: number; reason: string }
  | { kind: 'partner_surrender_done'; policyId: string; productName: string }
  | { kind: 'partner_surrender_rejected'; policyId: string; productName: string; reason: string }
  | {
      kind: 'policy_expiring'
      policyId: string
      productName: string
      policyNo: string
      lastDay: string
      daysLeft: number
      /** A gift policy (isGiftPolicy): it simply ends, nothing to renew or pay. */
      gift?: boolean
    }
  | { kind: 'points_expiring'; amount: number; lastDay: string }
  | { kind: 'points_expired'; amount: number; lastDay: string }
  | { kind: 'exchange_fulfilled'; exchangeId: string; giftName: string; virtual: boolean }
  | { kind: 'feedback_replied'; feedbackId: string }
  | { kind: 'service_replied'; conversationId: string; agentName: string; preview: string }
  | { kind: 'appointment_booked'; appointmentId: string; subject: string; slot: string; rescheduled: boolean }
  | { kind: 'appointment_cancelled'; appointmentId: string; subject: string; slot: string }
  | { kind: 'appointment_confirmed'; appointmentId: string; subject: string; slot: string }
  | { kind: 'claim_status'; claimId: string; claimNo: string; status: ClaimStatus; note: string }

export interface MessageText {
  category: MessageCategory
  title: string
  body: string
  target: MessageTarget | null
}

/** The message an event becomes. */
export function messageFor(event: MessageEvent): MessageText {
  switch (event.kind) {
    case 'order_paid':
      return {
        category: 'trade',
        title: '支付成功',
        body: `您的订单《${event.productName}》已支付 ¥${formatFen(event.amountFen)}，保单正在出具。`,
        target: { kind: 'order', id: event.orderId },
      }
    case 'policy_issued':
      return {
        category: 'policy',
        title: '保单已出单',
        body: `您投保的《${event.productName}》已出单，保单号 ${event.policyNo}，可在“我的保单”中查看电子保单，或点下方“下载电子保单”保存加盖保险公司印章的 PDF。`,
        target: { kind: 'policy', id: event.policyId },
      }
    case 'points_credited':
      return {
        category: 'activity',
        title: '积分到账',
        body: `您获得 ${event.amount} 积分（${event.reason}），可在“积分”中查看明细。`,
        target: { kind: 'points', id: null },
      }
    case 'guess_rewarded':
      return {
        category: 'activity',
        title: '猜中奖励到账',
        body: `恭喜！您在“${event.campaign}”中猜中“${event.item}”，获得 ${event.reward}，可在“积分”中查看明细。`,
        target: { kind: 'points', id: null },
      }
    case 'prize_shipped':
      return {
        category: 'activity',
        title: '奖品已发货',
        body: `您的奖品“${event.prize}”已发货，${event.carrier} 运单号 ${event.trackingNo}，可在“我的奖品”中查看。`,
        target: { kind: 'prize', id: event.giftId },
      }
    case 'prize_delivered':
      return {
        category: 'activity',
        title: '奖品已签收',
        body: `您的奖品“${event.prize}”已签收，感谢参与活动。如未收到请联系客服。`,
        target: { kind: 'prize', id: event.giftId },
      }
    case 'coupon_redeemed':
      return {
        category: 'activity',
        title: '券已使用',
        body: `您的“${event.coupon}”已于 ${event.at} 在${event.place}使用，可在“我的券”中查看。`,
        target: { kind: 'coupon', id: event.couponId },
      }
    case 'payment_refunded':
      return {
        category: 'trade',
        title: '退款成功',
        body: `您的订单《${event.productName}》已退款 ¥${formatFen(event.amountFen)}，款项将原路退回，到账时间以支付渠道为准。`,
        target: { kind: 'order', id: event.orderId },
      }
    case 'partner_policy_issued':
      return {
        category: 'policy',
        title: '保单已出具',
        body: `您投保的《${event.productName}》已由保险公司出具保单，保单号 ${event.policyNo}（保险公司保单号 ${event.partnerPolicyNo}），可在“我的保单”中查看。`,
        target: { kind: 'policy', id: event.policyId },
      }
    case 'partner_issue_delayed':
      return {
        category: 'trade',
        title: '保单出具中',
        body: `保险公司系统繁忙，您的《${event.productName}》保单正在出具中，我们会自动重试，出单后第一时间通知您。`,
        target: { kind: 'order', id: event.orderId },
      }
    case 'partner_issue_failed':
      return {
        category: 'trade',
        title: '出单失败，已为您退款',
        body: `很抱歉，保险公司未能出具《${event.productName}》的保单（${event.reason}），已为您退款 ¥${formatFen(event.amountFen)}，款项将原路退回。`,
        target: { kind: 'order', id: event.orderId },
      }
    case 'partner_surrender_done':
      return {
        category: 'policy',
        title: '退保已完成',
        body: `保险公司已确认您的《${event.productName}》退保，已交保费将全额原路退回，到账时间以支付渠道为准。`,
        target: { kind: 'policy', id: event.policyId },
      }
    case 'partner_surrender_rejected':
      return {
        category: 'policy',
        title: '退保未成功',
        body: `保险公司未同意您的《${event.productName}》退保申请（${event.reason}），保单继续有效，如有疑问请联系客服。`,
        target: { kind: 'policy', id: event.policyId },
      }
    case 'policy_expiring':
      if (event.gift)
        return {
          category: 'policy',
          title: event.daysLeft <= 1 ? '赠险今天到期' : `赠险${event.daysLeft}天后到期`,
          body: `您领取的赠险《${event.productName}》（保单号 ${event.policyNo}）保障至 ${event.lastDay} 24:00，到期后保障自动终止，无需续保，不会扣费。`,
          target: { kind: 'policy', id: event.policyId },
        }
      return {
        category: 'policy',
        title: event.daysLeft <= 1 ? '保单今天到期' : `保单${event.daysLeft}天后到期`,
        body: `您的《${event.productName}》（保单号 ${event.policyNo}）保障至 ${event.lastDay} 24:00，到期后将不再提供保障，请及时续保。`,
        // To /renewal, where the policy can be renewed in one tap.
        target: { kind: 'renewal', id: event.policyId },
      }
    case 'points_expiring':
      return {
        category: 'activity',
        title: '积分即将过期',
        body: `您有 ${event.amount} 积分将于 ${event.lastDay} 24:00 过期，快去积分商城兑换礼品吧。`,
        target: { kind: 'points', id: null },
      }
    case 'points_expired':
      return {
        category: 'activity',
        title: '积分已过期',
        body: `您有 ${event.amount} 积分已于 ${event.lastDay} 24:00 过期。积分有效期至获得次年的 12 月 31 日。`,
        target: { kind: 'points', id: null },
      }
    case 'exchange_fulfilled':
      return {
        category: 'activity',
        title: '兑换成功',
        body: event.virtual
          ? `您兑换的「${event.giftName}」已发放，兑换码可在兑换详情中查看。`
          : `您兑换的「${event.giftName}」已确认收货地址，将于 7 个工作日内发货。`,
        target: { kind: 'exchange', id: event.exchangeId },
      }
    case 'claim_status':
      return {
        category: 'policy',
        title: event.status === 'SUBMITTED' ? '理赔申请已提交' : `理赔${CLAIM_STATUSES[event.status]}`,
        body: `您的理赔（${event.claimNo}）：${event.note}`,
        target: { kind: 'claim', id: event.claimId },
      }
    case 'feedback_replied':
      return {
        category: 'system',
        title: '反馈已回复',
        body: '您提交的意见反馈有了新的回复，可在“我的反馈”中查看。',
        target: { kind: 'feedback', id: event.feedbackId },
      }
    case 'service_replied':
      return {
        category: 'system',
        title: '在线客服回复了您',
        body: `${event.agentName}：${event.preview}`,
        target: { kind: 'service', id: event.conversationId },
      }
    case 'appointment_booked':
      return {
        category: 'system',
        title: event.rescheduled ? '预约已改期' : '预约成功',
        body: `您预约的「${event.subject}」咨询${event.rescheduled ? '已改至' : '时间为'} ${event.slot}，届时顾问将致电您预留的手机号。开始前 2 小时可取消或改期。`,
        target: null,
      }
    case 'appointment_confirmed':
      return {
        category: 'system',
        title: '预约已确认',
        body: `您预约的「${event.subject}」咨询（${event.slot}）已由客服确认，届时顾问将致电您预留的手机号。`,
        target: null,
      }
    case 'appointment_cancelled':
      return {
        category: 'system',
        title: '预约已取消',
        body: `您预约的「${event.subject}」咨询（${event.slot}）已取消。`,
        target: null,
      }
  }
}
