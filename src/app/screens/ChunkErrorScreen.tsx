import { Button } from 'antd-mobile'
import { ScreenMessage } from './ScreenMessage'

/** A reload arrow, drawn here: it is in every page's first script, which antd-mobile's icon (2.5 KB) weighed on. */
function ReloadIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" aria-hidden="true">
      <path
        d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 3.5v4h-4"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * A script chunk would not load (network, or a deploy replaced it). `onRetry` asks for it again
 * in place (a route's screen); without it, the page is reloaded.
 */
export function ChunkErrorScreen({ onRetry, retrying }: { onRetry?: () => void; retrying?: boolean }) {
  return (
    <ScreenMessage
      icon={<ReloadIcon />}
      title="页面加载失败"
      description="网络不稳定或商城刚刚更新，请重新加载页面"
      testId="chunk-error"
    >
      <Button
        color="primary"
        loading={retrying}
        disabled={retrying}
        onClick={onRetry ?? (() => window.location.reload())}
      >
        重新加载
      </Button>
    </ScreenMessage>
  )
}
