import { Suspense, type ReactNode } from 'react'
import { Button, createErrorBlock, Skeleton } from 'antd-mobile'
import { ExclamationCircleOutline } from 'antd-mobile-icons'
import { lazyWithRetry } from '../lib/lazyWithRetry'
import { describeError } from '../lib/request'

// antd-mobile's ErrorBlock bundles four large SVG illustrations (~9 KiB gzip) into every screen that may show
// an empty state; the one used here loads when first shown, beside text that shows at once. The error view
// draws a small icon instead: it is what shows offline, when a chunk could not load.
// A chunk that fails to load (offline) draws nothing and is asked for again once back online.
const EmptyImage = lazyWithRetry(() =>
  import('antd-mobile/es/components/error-block/images/empty').then((m) => ({ default: () => m.emptyImage })),
)
const ErrorBlock = createErrorBlock({
  empty: (
    <Suspense>
      <EmptyImage />
    </Suspense>
  ),
  default: <ExclamationCircleOutline className="status-view-icon" aria-hidden />,
})

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
