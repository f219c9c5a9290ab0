import type { Stage } from '../types/generated/api/trail'

// 可回溯: a sale's stage as staff screens and the exported PDF name it.
export const SALE_STAGE_NAMES: Record<Stage, string> = {
  browsing: '浏览中',
  applied: '已投保申请',
  ordered: '已下单',
  paid: '已支付',
  issued: '已承保',
  ended: '合同已终止',
}
