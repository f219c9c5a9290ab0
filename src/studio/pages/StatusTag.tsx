import { Tag } from 'antd'
import { STATUS_WORDS } from '../../page-config/schedule'
import type { PageStatus } from '../api/types'

// The status words come from the shared core (the same in the list, the page header, the preview and the page).
const COLORS: Record<PageStatus, string> = {
  draft: 'default',
  upcoming: 'gold',
  preheat: 'cyan',
  live: 'green',
  ended: 'blue',
  offline: 'red',
}

export function StatusTag({ status }: { status: PageStatus }) {
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid="page-status">
      {STATUS_WORDS[status] ?? status}
    </Tag>
  )
}
