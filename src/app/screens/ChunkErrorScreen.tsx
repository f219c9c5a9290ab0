import { Button } from 'antd-mobile'
import { ReloadIcon } from '../../components/icons'
import { ScreenMessage } from './ScreenMessage'

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
