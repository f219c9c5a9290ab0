import { useState } from 'react'
import type { VideoBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function VideoBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  const [failed, setFailed] = useState(false)
  return (
    <figure className="blk-video">
      {failed ? (
        <div className="blk-video-failed">
          <img src={block.poster} alt="" />
          <p>视频暂时无法播放，请稍后再试</p>
        </div>
      ) : (
        <video
          src={block.src}
          poster={block.poster}
          controls
          playsInline
          preload="none"
          onError={() => setFailed(true)}
        />
      )}
      {block.title && <figcaption>{text(block.title)}</figcaption>}
    </figure>
  )
}
