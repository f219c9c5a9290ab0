import { AppLink } from '../../components/navigation/AppLink'
import type { ScreenLoader } from '../../types/route'
import { articlesKey } from './api'
import { ArticleList } from './ArticleList'
import { insuranceHref, lookArticleHref, lookVideoHref, lookVideosHref } from './paths'
import './content.css'

const ALL = {}

export const loader: ScreenLoader = (_, load) => load.pages(articlesKey(ALL))

/** /look (看一看): articles and short videos together, newest first. */
export default function LookPage() {
  return (
    <div className="content-page" data-testid="look">
      <nav className="content-shortcuts" aria-label="看一看导航">
        <AppLink to={lookVideosHref()}>▶ 短视频</AppLink>
        <AppLink to={insuranceHref()}>保险知识</AppLink>
      </nav>
      <ArticleList
        filter={ALL}
        hrefOf={(item) => (item.kind === 'video' ? lookVideoHref(item.id) : lookArticleHref(item.id))}
      />
    </div>
  )
}
