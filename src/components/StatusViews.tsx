import type { ReactNode } from 'react'
import { Button, ErrorBlock, Skeleton } from 'antd-mobile'
import { describeError } from '../lib/request'

export function LoadingView({ lines = 3 }: { lines?: number }) {
  return (
    <div className="status-view" role="status" aria-label="加载中">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={lines} animated />
    </div>
  )
}

export function EmptyView({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children?: ReactNode
}) {
  return (
    <ErrorBlock status="empty" title={title} description={description ?? ''}>
      {children}
    </ErrorBlock>
  )
}

export function ErrorView({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <ErrorBlock status="default" title="加载失败" description={describeError(error)}>
      {onRetry && (
        <Button color="primary" size="small" onClick={onRetry}>
          重试
        </Button>
      )}
    </ErrorBlock>
  )
}
