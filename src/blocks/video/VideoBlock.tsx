import { useState } from 'react'
import { Button } from 'antd-mobile'
import type { VideoBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

/**
 * A video with its poster; nothing downloads until the visitor taps play. Where it cannot play (network,
 * format, a source the page's Content-Security-Policy refuses), the poster stays with a notice and a retry.
 */
export default function VideoBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const title = block.title ? text(block.title) : undefined
  return (
    <figure className="blk-video">
      {failed ? (
        <div className="blk-video-failed" role="alert">
          <img src={block.poster} alt="" />
          <p>视频暂时无法播放，请稍后再试</p>
          <Button
            size="small"
            fill="outline"
            color="primary"
            shape="rounded"
            onClick={() => {
              setAttempt((a) => a + 1)
              setFailed(false)
            }}
          >
            重新加载
          </Button>
        </div>
      ) : (
        <video
          key={attempt}
          src={block.src}
          poster={block.poster}
          aria-label={title ?? '视频'}
          controls
          playsInline
          preload="none"
          onError={() => setFailed(true)}
        />
      )}
      {title && <figcaption>{title}</figcaption>}
    </figure>
  )
}
