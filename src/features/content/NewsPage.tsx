import { Tabs } from '../../components/tabs/Tabs'
import { useSnapshot } from 'valtio'
import { ErrorView, LoadingView } from '../../components/StatusViews'
import { AppLink } from '../../components/navigation/AppLink'
import type { ScreenLoader } from '../../types/route'
import { newsStore } from './newsStore'
import {
  articlesKey,
  contentCategoriesKey,
  isContentCategory,
  useContentCategories,
  type ContentCategory,
} from './api'
import { ArticleList } from './ArticleList'
import { newsArticleHref, newsCategoryHref } from './paths'
import './content.css'

/** The tab for the store's tag: a tag from elsewhere that is not a category falls back to 推荐. */
const tabOf = (tag: string): ContentCategory => (isContentCategory(tag) ? tag : 'RECOMMEND')

// The tab is the store's (not the URL's): its state where the loader runs (the defaults on the server).
export const loader: ScreenLoader = (_, load) =>
  Promise.all([load(contentCategoriesKey), load.pages(articlesKey({ category: tabOf(newsStore.state.tag) }))])

/** /news: articles and videos by category tab (the tab is the `news.tag` state, 推荐 by default). */
export default function NewsPage() {
  const news = useSnapshot(newsStore.state)
  const categories = useContentCategories()
  const tag = tabOf(news.tag)

  return (
    <div className="content-page" data-testid="news">
      <div className="content-tabs">
        {categories.data ? (
          <Tabs activeKey={tag} onChange={(key) => newsStore.update({ tag: key })}>
            {categories.data.items.map((c) => (
              <Tabs.Tab key={c.code} title={c.name} />
            ))}
          </Tabs>
        ) : categories.error ? null : (
          <LoadingView lines={1} />
        )}
        <AppLink className="content-tabs-more" to={newsCategoryHref()} aria-label="全部分类">
          分类
        </AppLink>
      </div>
      {categories.error ? (
        <ErrorView error={categories.error} onRetry={() => void categories.mutate()} />
      ) : (
        <ArticleList key={tag} filter={{ category: tag }} hrefOf={(item) => newsArticleHref(item.id)} />
      )}
    </div>
  )
}
