import { useState } from 'react'
import { Button } from 'antd-mobile'
import { MarkdownTree } from '../../components/MarkdownTree'
import { ProductCard } from '../../components/ProductCard'
import { message } from '../../components/notice'
import { Dialog } from '../../components/dialog'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { productHref } from '../catalog/paths'
import type { ArticleDetail } from './api'
import { formatDuration, publishedDay } from './format'

/** Shares this page: the system share sheet where there is one, else the link copied (or shown to copy). */
async function share(title: string): Promise<void> {
  const url = window.location.href
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url })
    } catch {
      // Cancelled by the user: nothing to say.
    }
    return
  }
  try {
    await navigator.clipboard.writeText(url)
    message('success', '链接已复制，快去分享吧')
  } catch {
    Dialog.alert({ title: '复制下方链接分享', content: url, confirmText: '知道了' })
  }
}

/** One article or video: title, meta, the video (with its poster and controls), the body, related products. */
export function ArticleView({ article }: { article: ArticleDetail }) {
  const navigate = useAppNavigate()
  const [sharing, setSharing] = useState(false)
  return (
    <article className="content-article" data-testid="content-article">
      <h1 className="content-article-title">{article.title}</h1>
      <div className="content-article-meta">
        <span>{article.author}</span>
        <span>{publishedDay(article.publishedAt)}</span>
        <span>{article.categoryName}</span>
      </div>
      {article.video && (
        <div className="content-article-video">
          <video
            src={article.video}
            poster={article.cover}
            controls
            playsInline
            preload="metadata"
            aria-label={`${article.title}，时长 ${formatDuration(article.durationSeconds)}`}
          />
        </div>
      )}
      <div className="content-article-body markdown">
        <MarkdownTree nodes={article.body} />
      </div>
      {article.related.length > 0 && (
        <section className="content-related" aria-label="相关产品">
          <h2>相关产品</h2>
          {article.related.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              href={productHref(product.id)}
              onOpen={() => navigate(productHref(product.id))}
            />
          ))}
        </section>
      )}
      <p className="content-article-note">本文仅供参考，具体保障以保险合同条款为准。</p>
      <div className="content-article-actions">
        <Button
          color="primary"
          fill="outline"
          block
          disabled={sharing}
          onClick={() => {
            setSharing(true)
            void share(article.title).finally(() => setSharing(false))
          }}
        >
          分享
        </Button>
      </div>
    </article>
  )
}
