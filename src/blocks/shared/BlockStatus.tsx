import type { ReactNode } from 'react'
import { Button } from 'antd-mobile'
import { apiErrorOf, describeError } from '../../lib/request'
import { CAMPAIGN_NOT_DECLARED } from '../campaignTransport'

// Loading, empty and error states of config pages in plain markup: antd-mobile's Skeleton and ErrorBlock
// (with its large inline illustrations) would weigh more than the blocks themselves.

export function BlockLoading({ lines = 3 }: { lines?: number }) {
  return (
    <div className="blk-status blk-status-loading" role="status" aria-label="加载中">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="blk-skeleton-line" />
      ))}
    </div>
  )
}

export function BlockEmpty({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children?: ReactNode
}) {
  return (
    <div className="blk-status">
      <p className="blk-status-title">{title}</p>
      {description && <p className="blk-status-desc">{description}</p>}
      {children}
    </div>
  )
}

export function BlockError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  // A preview's block on a campaign the page does not declare: a notice to fix the page, nothing to retry.
  const undeclared = apiErrorOf(error)?.code === CAMPAIGN_NOT_DECLARED
  return (
    <div className="blk-status" role="alert">
      <p className="blk-status-title">{undeclared ? '活动未声明' : '加载失败'}</p>
      <p className="blk-status-desc">{describeError(error)}</p>
      {onRetry && !undeclared && (
        <Button color="primary" size="small" onClick={onRetry}>
          重试
        </Button>
      )}
    </div>
  )
}
