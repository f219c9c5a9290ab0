import { List } from 'antd-mobile'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import type { ScreenLoader } from '../../types/route'
import { contentCategoriesKey, useContentCategories } from './api'
import { insuranceTopicHref } from './paths'
import './content.css'

export const loader: ScreenLoader = (_, load) => load(contentCategoriesKey)

/** /insurance (保险知识): the topics, each with what it covers and how many articles. */
export default function InsurancePage() {
  const categories = useContentCategories()
  const navigate = useAppNavigate()
  if (categories.error) return <ErrorView error={categories.error} onRetry={() => void categories.mutate()} />
  if (!categories.data) return <LoadingView lines={5} />
  const topics = categories.data.items.filter((c) => c.topic)
  if (topics.length === 0) return <EmptyView title="暂无保险知识专题" />
  return (
    <div className="content-page" data-testid="insurance-topics">
      <div className="content-banner">
        <h1>保险知识</h1>
        <p>读懂保险再投保：险种、规则、理赔与规划</p>
      </div>
      <List>
        {topics.map((topic) => (
          <List.Item
            key={topic.code}
            description={topic.description}
            extra={`${topic.count} 篇`}
            onClick={() => navigate(insuranceTopicHref(topic.code))}
            arrowIcon
          >
            {topic.name}
          </List.Item>
        ))}
      </List>
    </div>
  )
}
