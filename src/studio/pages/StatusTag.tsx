import { Tag } from 'antd'
import type { PageStatus } from '../api/types'

export const STATUS: Record<PageStatus, { label: string; color: string }> = {
  draft: { label: '草稿', color: 'default' },
  scheduled: { label: '待发布', color: 'gold' },
  live: { label: '进行中', color: 'green' },
  ended: { label: '已结束', color: 'blue' },
  offline: { label: '已下线', color: 'red' },
}

export function StatusTag({ status }: { status: PageStatus }) {
  const known = STATUS[status] ?? { label: status, color: 'default' }
  return (
    <Tag color={known.color} data-testid="page-status">
      {known.label}
    </Tag>
  )
}
