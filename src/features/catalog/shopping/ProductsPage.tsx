import { CapsuleTabs } from '../../../components/tabs/Tabs'
import { useSearchParams } from 'react-router-dom'
import { useCategories } from '../api'
import { CompareBar } from '../compare/CompareBar'
import { ProductList } from './ProductList'
import { SORT_OPTIONS, type SortKey } from './navbarQuery'
import './shopping.css'

const SORTS: readonly string[] = ['sales', 'price', 'rating']

/** /products?category=…|tag=…: the product list of one category or tag, sortable; filters live in the URL. */
export default function ProductsPage() {
  const [params, setParams] = useSearchParams()
  const category = params.get('category') || undefined
  const tag = params.get('tag') || undefined
  const rawSort = params.get('sort') ?? ''
  const sort = SORTS.includes(rawSort) ? (rawSort as SortKey) : undefined
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
      <ProductList query={{ category, tag, sort }} />
      <CompareBar />
    </div>
  )
}
