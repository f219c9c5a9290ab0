import { useProducts, type ProductQuery } from '../catalog/api'
import { EmptyView, ErrorView } from '../../components/StatusViews'
import { FIRST_SCREEN_CARDS, ProductCard, ProductCardPlaceholder } from '../../components/ProductCard'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { productHref } from '../catalog/paths'

/** `eagerCards`: how many of its cards the first screen shows (their images load at once, not when scrolled near). */
export function ProductSection({
  title,
  query,
  eagerCards = FIRST_SCREEN_CARDS,
}: {
  title: string
  query: ProductQuery
  eagerCards?: number
}) {
  const { data, error, isLoading, mutate } = useProducts(query)
  const navigate = useAppNavigate()
  return (
    <section className="section" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      {isLoading ? (
        // A card's room for each product asked for: the sections below do not move when they come.
        <div role="status" aria-label="加载中">
          {Array.from({ length: query.limit ?? FIRST_SCREEN_CARDS }, (_, i) => (
            <ProductCardPlaceholder key={i} />
          ))}
        </div>
      ) : error ? (
        <ErrorView error={error} onRetry={() => void mutate()} />
      ) : !data?.items.length ? (
        <EmptyView title="暂无产品" description="产品正在上架中，敬请期待" />
      ) : (
        data.items.map((product, index) => (
          <ProductCard
            key={product.id}
            product={product}
            eager={index < eagerCards}
            href={productHref(product.id)}
            onOpen={() => navigate(productHref(product.id))}
          />
        ))
      )}
    </section>
  )
}
