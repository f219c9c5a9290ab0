import { SearchOutline } from 'antd-mobile-icons'
import { AppLink } from '../../components/navigation/AppLink'
import { HomeBanner } from './HomeBanner'
import { CategoryGrid } from './CategoryGrid'
import { ProductSection } from './ProductSection'
import './home.css'
import { searchHref } from '../catalog/paths'
import { categoriesKey, productsKey, type ProductQuery } from '../catalog/api'
import type { ScreenLoader } from '../../types/route'

const HOT: ProductQuery = { sort: 'sales', limit: 6 }
const PRAISED: ProductQuery = { sort: 'rating', limit: 4 }

export const loader: ScreenLoader = (_, load) =>
  Promise.all([load(categoriesKey), load(productsKey(HOT)), load(productsKey(PRAISED))])

export default function HomePage() {
  return (
    <div className="home" data-testid="home">
      {/* The way to the search screen, drawn as a search box: a link, so it works before the page's script runs
          (and costs no input component). */}
      <div className="home-search">
        <AppLink className="home-search-box" to={searchHref()}>
          <SearchOutline aria-hidden />
          <span className="home-search-hint">搜索保险产品，如：意外险、百万医疗</span>
        </AppLink>
      </div>
      <HomeBanner />
      <CategoryGrid />
      {/* Below the banner and the categories a phone's first screen shows three cards at most. */}
      <ProductSection title="热销推荐" query={HOT} eagerCards={3} />
      <ProductSection title="口碑好评" query={PRAISED} eagerCards={0} />
    </div>
  )
}
