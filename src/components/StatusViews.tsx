import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { Button, createErrorBlock, Skeleton } from 'antd-mobile'
import { ExclamationCircleOutline } from 'antd-mobile-icons'
import { describeError } from '../lib/request'

/**
 * React.lazy for a decoration: a chunk that fails to load (offline) renders nothing instead of throwing to the
 * route's error screen, and the next mount asks for it again (React.lazy alone keeps the failure for good).
 */
function lazyDecoration(load: () => Promise<ReactNode>): ComponentType {
  const attempt = () =>
    lazy(() =>
      load().then(
        (node) => ({ default: () => node }),
        () => {
          current = attempt()
          return { default: () => null }
        },
      ),
    )
  let current = attempt()
  return function Decoration() {
    const Current = current
    return (
      <Suspense>
        <Current />
      </Suspense>
    )
  }
}

// antd-mobile's ErrorBlock bundles four large SVG illustrations (~9 KiB gzip) into every screen that may show
// an empty state; the one used here loads when first shown, beside text that shows at once. The error view
// draws a small icon instead: it is what shows offline, when a chunk could not load.
const EmptyImage = lazyDecoration(() =>
  import('antd-mobile/es/components/error-block/images/empty').then((m) => m.emptyImage),
)
const ErrorBlock = createErrorBlock({
  empty: <EmptyImage />,
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
