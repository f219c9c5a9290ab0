import { Tabs } from '../../components/tabs/Tabs'
import { useSnapshot } from 'valtio'
import { ErrorView, LoadingView } from '../../components/StatusViews'
import { AppLink } from '../../components/navigation/AppLink'
import { newsStore } from './newsStore'
import { isContentCategory, useContentCategories } from './api'
import { ArticleList } from './ArticleList'
import { newsArticleHref, newsCategoryHref } from './paths'
import './content.css'

/** /news: articles and videos by category tab (the tab is the `news.tag` state, 推荐 by default). */
export default function NewsPage() {
  const news = useSnapshot(newsStore.state)
  const categories = useContentCategories()
  // A tag from elsewhere that is not a category falls back to 推荐.
  const tag = isContentCategory(news.tag) ? news.tag : 'RECOMMEND'

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
