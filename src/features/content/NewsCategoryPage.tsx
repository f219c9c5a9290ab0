import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { newsStore } from './newsStore'
import type { ScreenLoader } from '../../types/route'
import { contentCategoriesKey, useContentCategories } from './api'
import { newsHref } from './paths'
import './content.css'

export const loader: ScreenLoader = (_, load) => load(contentCategoriesKey)

/** /newsCategory: every category; a tap opens /news on that tab. */
export default function NewsCategoryPage() {
  const categories = useContentCategories()
  const navigate = useAppNavigate()
  if (categories.error) return <ErrorView error={categories.error} onRetry={() => void categories.mutate()} />
  if (!categories.data) return <LoadingView lines={4} />
  if (categories.data.items.length === 0) return <EmptyView title="暂无资讯分类" />
  return (
    <div className="content-page" data-testid="news-categories">
      <ul className="content-category-grid">
        {categories.data.items.map((c) => (
          <li key={c.code}>
            <button
              type="button"
              className="content-category"
              onClick={() => {
                newsStore.update({ tag: c.code })
                navigate(newsHref())
              }}
            >
              <span className="content-category-name">{c.name}</span>
              <span className="content-category-description">{c.description}</span>
              <span className="content-category-count">{c.count} 篇</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
