import { useSearchParams } from 'react-router-dom'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { GoButton } from '../../components/navigation/GoButton'
import { isContentCategory, useContentCategories } from './api'
import { ArticleList } from './ArticleList'
import { insuranceHref, newsArticleHref } from './paths'
import './content.css'

/** /insurance/details?id=: one 保险知识 topic and its articles. */
export default function InsuranceTopicPage() {
  const [params] = useSearchParams()
  const id = params.get('id')
  const categories = useContentCategories()
  const topic = categories.data?.items.find((c) => c.code === id && c.topic)

  if (!isContentCategory(id) || (categories.data && !topic))
    return (
      <EmptyView title="该专题不存在" description="请从保险知识列表进入">
        <GoButton to={insuranceHref()}>返回保险知识</GoButton>
      </EmptyView>
    )
  if (categories.error) return <ErrorView error={categories.error} onRetry={() => void categories.mutate()} />
  if (!topic) return <LoadingView lines={5} />
  return (
    <div className="content-page" data-testid="insurance-topic">
      <div className="content-banner">
        <h1>{topic.name}</h1>
        <p>{topic.description}</p>
      </div>
      <ArticleList filter={{ category: topic.code }} hrefOf={(item) => newsArticleHref(item.id)} />
    </div>
  )
}
