import { SearchBar } from 'antd-mobile'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { HomeBanner } from './HomeBanner'
import { CategoryGrid } from './CategoryGrid'
import { ProductSection } from './ProductSection'
import './home.css'
import { searchHref } from '../catalog/paths'

export default function HomePage() {
  const navigate = useAppNavigate()
  return (
    <div className="home" data-testid="home">
      <div className="home-search">
        <SearchBar placeholder="搜索保险产品，如：意外险、百万医疗" onFocus={() => navigate(searchHref())} />
      </div>
      <HomeBanner />
      <CategoryGrid />
      <ProductSection title="热销推荐" query={{ sort: 'sales', limit: 6 }} />
      <ProductSection title="口碑好评" query={{ sort: 'rating', limit: 4 }} />
    </div>
  )
}
