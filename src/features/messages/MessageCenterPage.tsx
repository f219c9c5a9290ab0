import { useState } from 'react'
import { Badge, Button, InfiniteScroll } from 'antd-mobile'
import { Tabs } from '../../components/tabs/Tabs'
import { useSearchParams } from 'react-router-dom'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { formatShanghaiDateTime } from '../../domain/dates'
import { MESSAGE_CATEGORIES } from '../../domain/messages'
import { describeError } from '../../lib/request'
import { userHref } from '../member/paths'
import type { ScreenLoader } from '../../types/route'
import {
  markAllRead,
  messagesKey,
  refreshMessages,
  unreadKey,
  useMessages,
  useUnreadMessages,
  type MessageCategory,
} from './api'
import { messageCenterHref, messageDetailHref } from './paths'
import './messages.css'

const categoryOf = (value: string | null): MessageCategory | undefined =>
  value && value in MESSAGE_CATEGORIES ? (value as MessageCategory) : undefined

export const loader: ScreenLoader = ({ search }, load) =>
  Promise.all([load(unreadKey), load.pages(messagesKey(categoryOf(search.get('category'))))])

/** /messageCenter: messages by category (全部, 交易, 保单, 活动, 系统) with unread counts; 全部已读. */
export default function MessageCenterPage() {
  const [params] = useSearchParams()
  const category = categoryOf(params.get('category'))
  const navigate = useAppNavigate()
  const unread = useUnreadMessages()
  const [marking, setMarking] = useState(false)
  const counts = unread.data

  async function readAll() {
    setMarking(true)
    try {
      await markAllRead(category)
      await refreshMessages()
      toast('success', '已全部标为已读')
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setMarking(false)
    }
  }

  if (unread.error)
    return (
      <LoginAwareError
        back={{ to: userHref(), label: '返回我的' }}
        error={unread.error}
        onRetry={() => void unread.mutate()}
      />
    )
  const count = (key: MessageCategory | 'all') => (counts ? (key === 'all' ? counts.total : counts[key]) : 0)
  return (
    <div className="message-center" data-testid="message-center">
      <Tabs
        activeKey={category ?? 'all'}
        onChange={(key) => navigate(messageCenterHref(categoryOf(key)), { replace: true })}
      >
        {(['all', ...Object.keys(MESSAGE_CATEGORIES)] as (MessageCategory | 'all')[]).map((key) => (
          <Tabs.Tab
            key={key}
            title={
              <Badge
                content={count(key) > 0 ? count(key) : null}
                style={{ '--right': '-10px', '--top': '4px' }}
              >
                {key === 'all' ? '全部' : MESSAGE_CATEGORIES[key]}
              </Badge>
            }
          />
        ))}
      </Tabs>
      <div className="message-toolbar">
        <span className="muted">{counts ? `${count(category ?? 'all')} 条未读` : ''}</span>
        <Button
          size="small"
          fill="none"
          color="primary"
          loading={marking}
          disabled={marking || count(category ?? 'all') === 0}
          onClick={() => void readAll()}
        >
          全部已读
        </Button>
      </div>
      <MessageList category={category} open={(id) => navigate(messageDetailHref(id))} />
    </div>
  )
}

function MessageList({
  category,
  open,
}: {
  category: MessageCategory | undefined
  open: (id: string) => void
}) {
  const { items, hasMore, error, isLoading, size, setSize, mutate } = useMessages(category)
  if (error && items.length === 0)
    return (
      <LoginAwareError
        back={{ to: userHref(), label: '返回我的' }}
        error={error}
        onRetry={() => void mutate()}
      />
    )
  if (isLoading && items.length === 0) return <LoadingView lines={5} />
  if (items.length === 0) return <EmptyView title="暂无消息" description="订单、保单和积分的动态会通知您" />
  return (
    <>
      <ul className="message-list">
        {items.map((message) => (
          <li key={message.id}>
            <button
              type="button"
              className={`message-row ${message.read ? '' : 'unread'}`}
              onClick={() => open(message.id)}
              data-testid="message-row"
            >
              <div className="message-row-head">
                <span className="message-category">{MESSAGE_CATEGORIES[message.category]}</span>
                <span className="message-title">{message.title}</span>
                {!message.read && <span className="message-dot" aria-label="未读" />}
              </div>
              <p className="message-body">{message.body}</p>
              <span className="message-time">{formatShanghaiDateTime(message.createdAt)}</span>
            </button>
          </li>
        ))}
      </ul>
      <InfiniteScroll hasMore={hasMore} loadMore={async () => void (await setSize(size + 1))}>
        {hasMore ? '加载中…' : '— 没有更多了 —'}
      </InfiniteScroll>
    </>
  )
}
