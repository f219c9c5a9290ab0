import { useEffect, useRef } from 'react'
import { Button, InfiniteScroll } from 'antd-mobile'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { AppLink } from '../../components/navigation/AppLink'
import { describeError } from '../../lib/request'
import type { ScreenLoader } from '../../types/route'
import { articlesKey, useArticlePages, type ArticleSummary, type ContentKind } from './api'
import { formatDuration } from './format'
import { lookVideoHref } from './paths'
import './content.css'

/**
 * Plays (muted) the video most in view and pauses the others, as the list scrolls. Runs in an effect: nothing
 * of it is rendered, so the server's HTML and the browser's agree.
 */
function usePlayVisible(container: React.RefObject<HTMLDivElement | null>, count: number) {
  useEffect(() => {
    const root = container.current
    if (!root || typeof IntersectionObserver === 'undefined') return
    const videos = Array.from(root.querySelectorAll('video'))
    const ratios = new Map<HTMLVideoElement, number>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratios.set(entry.target as HTMLVideoElement, entry.intersectionRatio)
        let best: HTMLVideoElement | null = null
        for (const [video, ratio] of ratios)
          if (ratio >= 0.6 && (!best || ratio > (ratios.get(best) ?? 0))) best = video
        for (const video of videos) {
          if (video === best) void video.play().catch(() => undefined)
          else video.pause()
        }
      },
      { threshold: [0, 0.25, 0.6, 0.9, 1] },
    )
    videos.forEach((video) => observer.observe(video))
    return () => {
      observer.disconnect()
      videos.forEach((video) => video.pause())
    }
  }, [container, count])
}

const VIDEOS: { kind: ContentKind } = { kind: 'video' }

export const loader: ScreenLoader = (_, load) => load.pages(articlesKey(VIDEOS))

/** /look/video: short videos one under another; the one in view plays. */
export default function VideoFeedPage() {
  const { items, hasMore, error, isLoading, size, setSize, mutate } = useArticlePages(VIDEOS)
  const list = useRef<HTMLDivElement>(null)
  usePlayVisible(list, items.length)

  if (isLoading && items.length === 0) return <LoadingView lines={6} />
  if (error && items.length === 0) return <ErrorView error={error} onRetry={() => void mutate()} />
  if (items.length === 0) return <EmptyView title="暂无短视频" description="稍后再来看看吧" />
  return (
    <div className="content-video-feed" ref={list} data-testid="video-feed">
      {items.map((item) => (
        <VideoCard key={item.id} item={item} />
      ))}
      {error ? (
        <div className="content-list-error" role="alert">
          <span>{describeError(error)}</span>
          <Button size="mini" onClick={() => void mutate()}>
            重新加载
          </Button>
        </div>
      ) : (
        <InfiniteScroll hasMore={hasMore} loadMore={async () => void (await setSize(size + 1))}>
          {hasMore ? '加载中…' : '— 没有更多了 —'}
        </InfiniteScroll>
      )}
    </div>
  )
}

function VideoCard({ item }: { item: ArticleSummary }) {
  return (
    <section className="content-video-card" aria-label={item.title}>
      <video
        src={item.video ?? undefined}
        poster={item.cover}
        muted
        loop
        playsInline
        preload="metadata"
        data-testid="feed-video"
      />
      <div className="content-video-caption">
        <AppLink to={lookVideoHref(item.id)} className="content-video-title">
          {item.title}
        </AppLink>
        <p>
          {item.summary}
          <span className="content-video-duration">{formatDuration(item.durationSeconds)}</span>
        </p>
      </div>
    </section>
  )
}
