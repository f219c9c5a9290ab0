import { useState } from 'react'
import { Button } from 'antd-mobile'
import { MarkdownTree } from '../../components/MarkdownTree'
import { ProductCard } from '../../components/ProductCard'
import { sharePage } from '../../components/share/sharePage'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { productHref } from '../catalog/paths'
import type { ArticleDetail } from './api'
import { formatDuration, publishedDay } from './format'

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
            void sharePage({ title: article.title, desc: article.summary }).finally(() => setSharing(false))
          }}
        >
          分享
        </Button>
      </div>
    </article>
  )
}
