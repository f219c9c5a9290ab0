import type { ReactNode } from 'react'
import { Button, InfiniteScroll } from 'antd-mobile'
import type { ProductQuery } from '../api'
import { useProductPages } from '../productPages'
import { FIRST_SCREEN_CARDS, ProductCard } from '../../../components/ProductCard'
import { EmptyView, ErrorView, LoadingView } from '../../../components/StatusViews'
import { useAppNavigate } from '../../../components/navigation/useAppNavigate'
import { describeError } from '../../../lib/request'
import { productHref } from '../paths'

interface ProductListProps {
  query: Omit<ProductQuery, 'cursor'>
  /** Marks this keyword in product names (search results). */
  highlight?: string
  /** Shown instead of the default empty state. */
  empty?: ReactNode
}

/** Infinite, cursor-paged product list with loading, empty and error (first page and later pages) states. */
export function ProductList({ query, highlight, empty }: ProductListProps) {
  const { items, hasMore, error, isLoading, size, setSize, mutate } = useProductPages(query)
  const navigate = useAppNavigate()

  if (isLoading && items.length === 0) return <LoadingView lines={4} />
  if (error && items.length === 0) return <ErrorView error={error} onRetry={() => void mutate()} />
  if (items.length === 0)
    return <>{empty ?? <EmptyView title="暂无符合条件的产品" description="换个分类或筛选条件试试" />}</>

  return (
    <div className="product-list" data-testid="product-list">
      {items.map((product, index) => (
        <ProductCard
          key={product.id}
          product={product}
          eager={index < FIRST_SCREEN_CARDS}
          highlight={highlight}
          href={productHref(product.id)}
          onOpen={() => navigate(productHref(product.id))}
        />
      ))}
      {error ? (
        // A later page failed: keep what is shown, stop auto-loading, offer a retry.
        <div className="product-list-error" role="alert">
          <span>{describeError(error)}</span>
          <Button size="mini" onClick={() => void mutate()}>
            重新加载
          </Button>
        </div>
      ) : (
        <InfiniteScroll
          hasMore={hasMore}
          loadMore={async () => {
            await setSize(size + 1)
          }}
        >
          {hasMore ? '加载中…' : '— 没有更多了 —'}
        </InfiniteScroll>
      )}
    </div>
  )
}
