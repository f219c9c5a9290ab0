import { useSearchParams } from 'react-router-dom'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { GoButton } from '../../components/navigation/GoButton'
import type { CategoryList } from '../../types/generated/api/content'
import type { ScreenLoader } from '../../types/route'
import { articlesKey, contentCategoriesKey, isContentCategory, useContentCategories } from './api'
import { ArticleList } from './ArticleList'
import { insuranceHref, newsArticleHref } from './paths'
import './content.css'

/** The 保险知识 topic `id` names among the categories, if it is one. */
const topicOf = (categories: CategoryList | undefined, id: string | null) =>
  isContentCategory(id) ? categories?.items.find((c) => c.code === id && c.topic) : undefined

// The topic's articles show once the categories name it a topic.
export const loader: ScreenLoader = async ({ search }, load) => {
  const topic = topicOf(await load<CategoryList>(contentCategoriesKey), search.get('id'))
  if (topic) await load.pages(articlesKey({ category: topic.code }))
}

/** /insurance/details?id=: one 保险知识 topic and its articles. */
export default function InsuranceTopicPage() {
  const [params] = useSearchParams()
  const id = params.get('id')
  const categories = useContentCategories()
  const topic = topicOf(categories.data, id)

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
