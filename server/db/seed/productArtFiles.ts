import { DEMO_GIFT_POLICIES } from './giftPolicies'
import { PARTNER_PRODUCTS } from './partnerProducts'
import { PRODUCT_ART, productArtSvg, productImagePath } from './productArt'
import { PRODUCTS, type ProductSeed } from './products'

/** Every seed product: its picture's path and SVG text. A product without art is a mistake (it throws). */
export function productArtFiles(): { id: string; path: string; svg: string }[] {
  const seeds: ProductSeed[] = [...PRODUCTS, ...PARTNER_PRODUCTS, ...DEMO_GIFT_POLICIES]
  return seeds.map((p) => {
    const art = PRODUCT_ART[p.id]
    if (!art) throw new Error(`product ${p.id} has no art in server/db/seed/productArt.ts`)
    return { id: p.id, path: productImagePath(p.id), svg: productArtSvg(p.name, art) }
  })
}
