import { Button, Image, InfiniteScroll, Tag } from 'antd-mobile'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatShanghaiDateTime } from '../../domain/dates'
import { FEEDBACK_STATUS_LABELS, FEEDBACK_TYPES } from '../../domain/feedback'
import { userHref } from '../member/paths'
import type { ScreenLoader } from '../../types/route'
import { feedbackPageKey, useMyFeedback, type Feedback } from './api'
import { feedbackHref } from './paths'
import './feedback.css'

export const loader: ScreenLoader = (_, load) => load.pages(feedbackPageKey())

/** /feedsback: my feedback, newest first, with its status (待处理 / 已回复) and the replies. */
export default function FeedbackListPage() {
  const navigate = useAppNavigate()
  const { items, hasMore, error, isLoading, size, setSize, mutate } = useMyFeedback()
  if (error && items.length === 0)
    return (
      <LoginAwareError
        back={{ to: userHref(), label: '返回我的' }}
        error={error}
        onRetry={() => void mutate()}
      />
    )
  if (isLoading && items.length === 0) return <LoadingView lines={5} />
  if (items.length === 0)
    return (
      <EmptyView title="暂无反馈" description="遇到问题或有好的建议，欢迎告诉我们">
        <Button color="primary" size="small" onClick={() => navigate(feedbackHref())}>
          去反馈
        </Button>
      </EmptyView>
    )
  return (
    <div className="feedback-page" data-testid="feedback-list">
      <ul className="feedback-list">
        {items.map((item) => (
          <FeedbackItem key={item.id} item={item} />
        ))}
      </ul>
      <InfiniteScroll hasMore={hasMore} loadMore={async () => void (await setSize(size + 1))} />
    </div>
  )
}

function FeedbackItem({ item }: { item: Feedback }) {
  const replied = item.status === 'REPLIED'
  return (
    <li className="feedback-card feedback-item" id={`feedback-${item.id}`} data-testid="feedback-item">
      <div className="feedback-item-head">
        <span className="feedback-item-type">{FEEDBACK_TYPES[item.type]}</span>
        <Tag color={replied ? 'success' : 'warning'} fill="outline" data-testid="feedback-status">
          {FEEDBACK_STATUS_LABELS[item.status]}
        </Tag>
      </div>
      <p className="feedback-item-content">{item.content}</p>
      {item.photos.length > 0 && (
        <div className="feedback-item-photos">
          {item.photos.map((photo) => (
            <Image key={photo.id} src={photo.url} width={64} height={64} fit="cover" lazy alt="反馈图片" />
          ))}
        </div>
      )}
      <div className="feedback-item-time">{formatShanghaiDateTime(item.createdAt)}</div>
      {item.replies.map((reply, i) => (
        <div key={i} className="feedback-reply" data-testid="feedback-reply">
          <div className="feedback-reply-head">
            <strong>{reply.author}回复</strong>
            <span>{formatShanghaiDateTime(reply.createdAt)}</span>
          </div>
          <p>{reply.body}</p>
        </div>
      ))}
    </li>
  )
}
