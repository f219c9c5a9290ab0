import { Button } from 'antd-mobile'
import { LoopOutline } from 'antd-mobile-icons'
import { ScreenMessage } from './ScreenMessage'

/** A script or stylesheet chunk would not load (network, or a deploy replaced it): ask for a reload. */
export function ChunkErrorScreen() {
  return (
    <ScreenMessage
      icon={<LoopOutline />}
      title="页面加载失败"
      description="网络不稳定或商城刚刚更新，请重新加载页面"
      testId="chunk-error"
    >
      <Button color="primary" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </ScreenMessage>
  )
}
