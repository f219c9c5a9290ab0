// The Chinese names the campaign operations screens show.
import type { WinnerStatus } from '../../domain/winners'

export const CAMPAIGN_KIND_NAMES: Record<string, string> = {
  lottery: '抽奖',
  guess: '竞猜',
  coupon: '领券',
  form: '表单登记',
  'gift-claim': '领取赠险',
}

export const STATUS_COLORS: Record<WinnerStatus, string> = {
  usable: 'blue',
  used: 'default',
  expired: 'default',
  pending: 'orange',
  shipped: 'blue',
  delivered: 'green',
  credited: 'green',
}

export const CARRIERS = [
  '顺丰速运',
  '中通快递',
  '圆通速递',
  '韵达快递',
  '申通快递',
  '京东物流',
  '中国邮政 EMS',
]
