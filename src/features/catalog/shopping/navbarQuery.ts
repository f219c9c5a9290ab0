import { DEFAULT_NAVBAR_CATEGORY } from '../../../config/constants'
import type { ProductQuery } from '../api'
import type { NavbarState } from './navbarStore'

/** The store as read through a valtio snapshot (deeply readonly). */
type NavbarView = {
  readonly [K in keyof NavbarState]: NavbarState[K] extends string[] ? readonly string[] : NavbarState[K]
}

// The shopping list's filters live in the `navbar` store; `more` holds extra filters as "sort:<key>" and
// "tag:<tag>" entries so the spec's list-of-strings shape is kept.

export type SortKey = NonNullable<ProductQuery['sort']>

export const SORT_OPTIONS: { label: string; value: SortKey | '' }[] = [
  { label: '综合排序', value: '' },
  { label: '销量优先', value: 'sales' },
  { label: '价格最低', value: 'price' },
  { label: '评分最高', value: 'rating' },
]

const SORT_KEYS: readonly string[] = ['sales', 'price', 'rating']

export function sortOf(more: readonly string[]): SortKey | undefined {
  const entry = more.find((m) => m.startsWith('sort:'))?.slice(5)
  return entry && SORT_KEYS.includes(entry) ? (entry as SortKey) : undefined
}

export function tagOf(more: readonly string[]): string | undefined {
  return more.find((m) => m.startsWith('tag:'))?.slice(4) || undefined
}

/** `more` with one kind of entry replaced (or removed when value is empty). */
export function withMore(more: readonly string[], kind: 'sort' | 'tag', value: string | undefined): string[] {
  const kept = more.filter((m) => !m.startsWith(`${kind}:`))
  return value ? [...kept, `${kind}:${value}`] : kept
}

/** The product list request for the current filters. */
export function navbarToQuery(navbar: NavbarView): Omit<ProductQuery, 'cursor'> {
  const keyword = navbar.likeTitle.trim()
  return {
    category: navbar.category && navbar.category !== DEFAULT_NAVBAR_CATEGORY ? navbar.category : undefined,
    // The API filters by one insurer; the store keeps a list for the spec's shape.
    insurer: navbar.insurerCodes[0],
    keyword: keyword ? keyword.slice(0, 40) : undefined,
    sort: sortOf(navbar.more),
    tag: tagOf(navbar.more),
  }
}

/** Tags on offer come from the category's products, so a tag filter never leads to a dead end. */
export const tagSourceQuery = (navbar: NavbarView): ProductQuery => ({
  category: navbarToQuery(navbar).category,
  limit: 50,
})

/** How many filters beyond the category are on (for the 筛选 badge). */
export function activeFilterCount(navbar: NavbarView): number {
  return (
    (navbar.insurerCodes.length ? 1 : 0) + (tagOf(navbar.more) ? 1 : 0) + (navbar.likeTitle.trim() ? 1 : 0)
  )
}
