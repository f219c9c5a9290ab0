import { useLocation, useParams } from 'react-router-dom'
import { LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { stripLayoutPrefix } from '../../components/navigation/appPath'
import type { ScreenLoader } from '../../types/route'
import { articleKey, useArticle } from './api'
import { ArticleView } from './ArticleView'
import { lookHref, newsHref } from './paths'
import './content.css'

export const loader: ScreenLoader = ({ params }, load) => params.id && load(articleKey(params.id))

/** /news/articleDetail/:id and /look/article/:id: one article (a missing one leads back to its list). */
export default function ArticlePage() {
  const { id } = useParams()
  const { pathname } = useLocation()
  const article = useArticle(id)
  const back = stripLayoutPrefix(pathname).startsWith('/look/')
    ? { to: lookHref(), label: '返回看一看' }
    : { to: newsHref(), label: '返回资讯' }
  if (article.error)
    return <LoginAwareError back={back} error={article.error} onRetry={() => void article.mutate()} />
  if (!article.data) return <LoadingView lines={8} />
  return (
    <div className="content-page">
      <ArticleView article={article.data} />
    </div>
  )
}
