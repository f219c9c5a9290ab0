import type { ReactNode } from 'react'
import { Button, InfiniteScroll } from 'antd-mobile'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { describeError } from '../../lib/request'
import { useArticlePages, type ArticleSummary, type ContentCategory, type ContentKind } from './api'
import { formatDuration, publishedDay } from './format'

/** Infinite, cursor-paged list of articles and videos with loading, empty and error (first and later pages). */
export function ArticleList({
  filter,
  hrefOf,
  empty,
}: {
  filter: { category?: ContentCategory; kind?: ContentKind }
  /** Where tapping an item goes. */
  hrefOf: (item: ArticleSummary) => string
  empty?: ReactNode
}) {
  const { items, hasMore, error, isLoading, size, setSize, mutate } = useArticlePages(filter)
  const navigate = useAppNavigate()

  if (isLoading && items.length === 0) return <LoadingView lines={5} />
  if (error && items.length === 0) return <ErrorView error={error} onRetry={() => void mutate()} />
  if (items.length === 0) return <>{empty ?? <EmptyView title="暂无内容" description="去其他分类看看吧" />}</>

  return (
    <div className="content-list" data-testid="content-list">
      {items.map((item, index) => (
        <ArticleRow key={item.id} item={item} eager={index < 4} onClick={() => navigate(hrefOf(item))} />
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

function ArticleRow({ item, eager, onClick }: { item: ArticleSummary; eager: boolean; onClick: () => void }) {
  return (
    <article className="content-row" onClick={onClick} data-testid="content-row">
      <div className="content-row-text">
        <h3 className="content-row-title">{item.title}</h3>
        <p className="content-row-summary">{item.summary}</p>
        <div className="content-row-meta">
          <span>{item.categoryName}</span>
          <span>{publishedDay(item.publishedAt)}</span>
        </div>
      </div>
      <div
        className={item.kind === 'video' ? 'content-row-cover content-row-cover-video' : 'content-row-cover'}
      >
        <img src={item.cover} alt="" loading={eager ? 'eager' : 'lazy'} />
        {item.kind === 'video' && (
          <span className="content-row-duration" aria-label="视频时长">
            ▶ {formatDuration(item.durationSeconds)}
          </span>
        )}
      </div>
    </article>
  )
}
