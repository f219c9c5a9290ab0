import { Tag } from 'antd-mobile'
import type { ProductSummary } from '../types/generated/api/catalog'
import { formatFen } from '../domain/money'
import { HighlightText } from './HighlightText'
import { TapLink } from './navigation/TapLink'
import './ProductCard.css'

/** Cards a phone's first screen shows: their images load at once, the rest when scrolled near. */
export const FIRST_SCREEN_CARDS = 4

/**
 * One product in a list: image, name, tagline, tags, and the lowest premium; `highlight` marks a searched
 * keyword; `eager`: on the first screen (its image is not lazy, it is what the page shows first). The card is a
 * link to `href`, which a tap opens with `onOpen`.
 */
export function ProductCard({
  product,
  href,
  onOpen,
  highlight,
  eager = false,
}: {
  product: ProductSummary
  href: string
  onOpen: () => void
  highlight?: string
  eager?: boolean
}) {
  return (
    <TapLink className="product-card" href={href} onNavigate={onOpen} data-testid="product-card">
      <img src={product.image} alt="" className="product-card-image" loading={eager ? 'eager' : 'lazy'} />
      <div className="product-card-body">
        <h3 className="product-card-name">
          <HighlightText text={product.name} keyword={highlight} />
        </h3>
        <p className="product-card-tagline">
          <HighlightText text={product.tagline} keyword={highlight} />
        </p>
        <div className="product-card-tags">
          {product.tags.slice(0, 3).map((tag) => (
            <Tag key={tag} color="primary" fill="outline">
              {tag}
            </Tag>
          ))}
        </div>
        <div className="product-card-footer">
          <span className="product-card-price">
            ¥{formatFen(product.minPremiumFen)}
            <small>起</small>
          </span>
          <span className="product-card-insurer">{product.insurerName}</span>
        </div>
      </div>
    </TapLink>
  )
}

/**
 * A card's stand-in while products load, the size of a card with a one-line name: a list that shows as many as
 * it will hold keeps its room, so what follows does not move when they come. The list gives the status role.
 */
export function ProductCardPlaceholder() {
  return (
    <div className="product-card product-card-placeholder" aria-hidden>
      <span className="product-card-image" />
      <div className="product-card-body">
        <span className="product-card-bar" />
        <span className="product-card-bar" />
        <span className="product-card-bar" />
      </div>
    </div>
  )
}
