import type { ProductListBlock as Props } from '../../types/generated/page'
import type { ProductSummary } from '../../types/generated/api/catalog'
import { ProductCard, ProductCardPlaceholder } from '../../components/ProductCard'
import { TapLink } from '../../components/navigation/TapLink'
import { formatFen } from '../../domain/money'
import { productHref } from '../../features/catalog/paths'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { BlockEmpty, BlockError } from '../shared/BlockStatus'

/** Placeholders while a source that does not say how many it asks for loads: one card, the least it shows. */
const PLACEHOLDER_CARDS = 1

function itemsOf(data: unknown): ProductSummary[] | null {
  if (Array.isArray(data)) return data as ProductSummary[]
  if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)) {
    return (data as { items: ProductSummary[] }).items
  }
  return null
}

export default function ProductListBlock({ block }: BlockProps<Props>) {
  const runtime = useBlockRuntime()
  const source = runtime.data(block.from)
  const open = (id: string) => runtime.navigate(productHref(id))
  let body
  if (source.isLoading) {
    // As many cards as the list will show, each the height of one, so the products arrive without moving the
    // page below them (a config page's HTML is built before its data).
    const count = Math.min(block.limit ?? 20, source.expected ?? PLACEHOLDER_CARDS)
    body = (
      <div
        className={block.layout === 'card' ? 'blk-products-card' : 'blk-products-row'}
        role="status"
        aria-label="加载中"
      >
        {Array.from({ length: count }, (_, i) =>
          block.layout === 'card' ? (
            <ProductCardPlaceholder key={i} />
          ) : (
            <div key={i} className="blk-products-placeholder">
              <span className="blk-skeleton-line" />
              <span className="blk-skeleton-line" />
              <span className="blk-skeleton-line" />
            </div>
          ),
        )}
      </div>
    )
  } else if (source.error) body = <BlockError error={source.error} onRetry={source.retry} />
  else {
    const items = (itemsOf(source.data) ?? []).slice(0, block.limit ?? 20)
    if (!items.length)
      body = (
        <BlockEmpty
          title={runtime.text(block.emptyText ?? '暂无产品')}
          description="活动产品正在上架中，敬请期待"
        />
      )
    else if (block.layout === 'card') {
      body = (
        <div className="blk-products-card">
          {items.map((p) => (
            <ProductCard key={p.id} product={p} href={productHref(p.id)} onOpen={() => open(p.id)} />
          ))}
        </div>
      )
    } else {
      body = (
        <ul className="blk-products-row">
          {items.map((p) => (
            <li key={p.id} data-testid="product-card">
              <TapLink
                className="blk-products-row-link"
                href={productHref(p.id)}
                onNavigate={() => open(p.id)}
              >
                <img src={p.image} alt="" loading="lazy" />
                <div>
                  <h4>{p.name}</h4>
                  <p>{p.tagline}</p>
                  <div className="blk-products-row-footer">
                    <span className="price">
                      ¥{formatFen(p.minPremiumFen)}
                      <small>起</small>
                    </span>
                    {/* Product promotion names the insurer (compliance rule product-insurer-shown). */}
                    <span className="insurer">{p.insurerName}</span>
                  </div>
                </div>
              </TapLink>
            </li>
          ))}
        </ul>
      )
    }
  }
  return (
    <div className="blk-products">
      {block.title && <h3 className="blk-section-title">{runtime.text(block.title)}</h3>}
      {body}
    </div>
  )
}
