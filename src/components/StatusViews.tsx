import type { ReactNode } from 'react'
import { Button, createErrorBlock, Skeleton } from 'antd-mobile'
import { AlertIcon } from './icons'
import { describeError } from '../lib/request'

// antd-mobile's ErrorBlock bundles four large SVG illustrations (~9 KiB gzip; its empty one alone 4.4 KiB) into
// every screen that may show an empty state. The empty view draws a small picture of its own instead, in the
// page's HTML and offline too; the error view a small icon (it is what shows offline, when a chunk could not
// load).
function EmptyPicture() {
  return (
    <svg viewBox="0 0 160 100" width="160" height="100" aria-hidden="true" className="status-view-picture">
      <ellipse cx="80" cy="88" rx="56" ry="8" fill="#eef3fb" />
      <path
        d="M38 46l14-22h56l14 22v34a4 4 0 0 1-4 4H42a4 4 0 0 1-4-4z"
        fill="#f4f7fc"
        stroke="#c9d8f0"
        strokeWidth="2"
      />
      <path
        d="M38 46h28l4 10h20l4-10h28"
        fill="none"
        stroke="#c9d8f0"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="112" cy="30" r="13" fill="#fff" stroke="#4a86e8" strokeWidth="4" />
      <path d="M121 40l10 10" stroke="#4a86e8" strokeWidth="5" strokeLinecap="round" />
    </svg>
  )
}
const ErrorBlock = createErrorBlock({
  empty: <EmptyPicture />,
  default: <AlertIcon className="status-view-icon" />,
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
