import { AppLink } from '../../components/navigation/AppLink'
import { ArticleList } from './ArticleList'
import { insuranceHref, lookArticleHref, lookVideoHref, lookVideosHref } from './paths'
import './content.css'

/** /look (看一看): articles and short videos together, newest first. */
export default function LookPage() {
  return (
    <div className="content-page" data-testid="look">
      <nav className="content-shortcuts" aria-label="看一看导航">
        <AppLink to={lookVideosHref()}>▶ 短视频</AppLink>
        <AppLink to={insuranceHref()}>保险知识</AppLink>
      </nav>
      <ArticleList
        filter={{}}
        hrefOf={(item) => (item.kind === 'video' ? lookVideoHref(item.id) : lookArticleHref(item.id))}
      />
    </div>
  )
}
