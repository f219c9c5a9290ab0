import { useSearchParams } from 'react-router-dom'
import { productDetailKey, useProductDetail } from '../api'
import { productIdOf } from '../paths'
import type { ScreenLoader } from '../../../types/route'
import { MarkdownTree } from '../../../components/MarkdownTree'
import { EmptyView, ErrorView, LoadingView } from '../../../components/StatusViews'
import { isMissingProduct } from './productErrors'
import { useTrailScreen } from '../../trail/api'
import './product.css'

export const loader: ScreenLoader = ({ search }, load) => {
  const id = productIdOf(search)
  return id && load(productDetailKey(id))
}

/** /productInfo?id=: the clauses and 投保须知 in full, with a table of contents. */
export default function ProductInfoPage() {
  const [params] = useSearchParams()
  const id = productIdOf(params)
  const { data, error, isLoading, mutate } = useProductDetail(id)
  // The documents read in full before buying are part of the sale's trail (可回溯).
  useTrailScreen({ productId: data?.id ?? null, productVersion: data?.pageVersion, title: '条款及投保须知' })

  if (!id) return <EmptyView title="未指定产品" description="请从产品详情页进入" />
  if (isLoading) return <LoadingView lines={10} />
  if (isMissingProduct(error)) return <EmptyView title="产品不存在或已下架" />
  if (error) return <ErrorView error={error} onRetry={() => void mutate()} />
  if (!data) return <EmptyView title="产品不存在或已下架" />

  const documents = [
    { anchor: 'notice', title: '投保须知', body: data.notice },
    ...data.clauses.map((c) => ({ anchor: `clause-${c.id}`, title: c.title, body: c.body })),
  ].filter((d) => d.body.length)

  return (
    <div className="product-info" data-testid="product-info">
      <section className="section">
        <h1 className="product-name">{data.name}</h1>
        <p className="muted">承保公司：{data.insurerName}</p>
        {documents.length > 0 && (
          <nav aria-label="目录" className="product-info-toc">
            {documents.map((d) => (
              <a
                key={d.anchor}
                href={`#${d.anchor}`}
                onClick={(event) => {
                  // Hash links would fight the router; scroll instead.
                  event.preventDefault()
                  document.getElementById(d.anchor)?.scrollIntoView({ behavior: 'smooth' })
                }}
              >
                {d.title}
              </a>
            ))}
          </nav>
        )}
      </section>
      {documents.length === 0 ? (
        <EmptyView title="暂无条款内容" description="请联系客服获取保险条款" />
      ) : (
        documents.map((d) => (
          <section key={d.anchor} id={d.anchor} className="section" aria-label={d.title}>
            <h2 className="section-title">{d.title}</h2>
            <div className="markdown">
              <MarkdownTree nodes={d.body} />
            </div>
          </section>
        ))
      )}
    </div>
  )
}
