import { CapsuleTabs } from '../../../components/tabs/Tabs'
import { useSearchParams } from 'react-router-dom'
import { categoriesKey, productsKey, useCategories, type ProductQuery } from '../api'
import type { ScreenLoader } from '../../../types/route'
import { CompareBar } from '../compare/CompareBar'
import { ProductList } from './ProductList'
import { SORT_OPTIONS, type SortKey } from './navbarQuery'
import './shopping.css'

const SORTS: readonly string[] = ['sales', 'price', 'rating']

/** The list the URL asks for: a category or tag, and a sort. */
function listQueryOf(search: URLSearchParams): Omit<ProductQuery, 'cursor'> {
  const rawSort = search.get('sort') ?? ''
  return {
    category: search.get('category') || undefined,
    tag: search.get('tag') || undefined,
    sort: SORTS.includes(rawSort) ? (rawSort as SortKey) : undefined,
  }
}

export const loader: ScreenLoader = ({ search }, load) =>
  Promise.all([load(categoriesKey), load.pages(productsKey(listQueryOf(search)))])

/** /products?category=…|tag=…: the product list of one category or tag, sortable; filters live in the URL. */
export default function ProductsPage() {
  const [params, setParams] = useSearchParams()
  const query = listQueryOf(params)
  const { category, tag, sort } = query
  const categories = useCategories()
  const categoryName = categories.data?.items.find((c) => c.code === category)?.name
  const heading = [categoryName ?? (category ? '' : '全部产品'), tag ? `#${tag}` : '']
    .filter(Boolean)
    .join(' ')

  return (
    <div className="products" data-testid="products">
      {heading && <h2 className="products-heading">{heading}</h2>}
      <CapsuleTabs
        activeKey={sort ?? ''}
        onChange={(key) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev)
              if (key) next.set('sort', key)
              else next.delete('sort')
              return next
            },
            { replace: true },
          )
        }
      >
        {SORT_OPTIONS.map((o) => (
          <CapsuleTabs.Tab key={o.value} title={o.label} />
        ))}
      </CapsuleTabs>
      <ProductList query={query} />
      <CompareBar />
    </div>
  )
}
