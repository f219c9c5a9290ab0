// One of the desk's lists: a row per conversation with the masked phone, what it is about, how long the customer
// has waited, 留言 for one left after hours, the last message and the unread count.
import { Alert, Badge, Button, Empty, Spin, Tag } from 'antd'
import type { StudioApiError } from '../api/client'
import type { DeskConversation, DeskList, DeskQueue } from '../api/desk'
import { formatTime } from '../format'
import { waitingText } from './words'

export interface ConversationListProps {
  queue: DeskQueue
  data: DeskList | undefined
  error: StudioApiError | undefined
  loading: boolean
  selectedId: string | null
  now: number
  onSelect(id: string): void
  onRetry(): void
}

function Row({
  item,
  queue,
  selected,
  now,
  onSelect,
}: {
  item: DeskConversation
  queue: DeskQueue
  selected: boolean
  now: number
  onSelect(id: string): void
}) {
  const when =
    queue === 'closed'
      ? `结束于 ${formatTime(item.closedAt)}`
      : item.status === 'queued' && item.waitingSince
        ? waitingText(item.waitingSince, now)
        : item.agentName && queue !== 'mine'
          ? `接待：${item.agentName}`
          : ''
  return (
    <button
      type="button"
      className={`desk-row${selected ? ' is-selected' : ''}`}
      aria-current={selected ? 'true' : undefined}
      aria-label={`会话 ${item.customerPhone}`}
      onClick={() => onSelect(item.id)}
    >
      <span className="desk-row-head">
        <span className="desk-row-phone">{item.customerPhone}</span>
        {item.afterHours && <Tag color="orange">留言</Tag>}
        <span className="desk-row-when">{when}</span>
        {item.unread > 0 && <Badge count={item.unread} size="small" title={`${item.unread} 条未读`} />}
      </span>
      {item.context.length > 0 && (
        <span className="desk-row-context">{item.context.map((c) => c.title).join('、')}</span>
      )}
      <span className="desk-row-last">{item.lastMessage ?? '（还没有消息）'}</span>
    </button>
  )
}

export function ConversationList({
  queue,
  data,
  error,
  loading,
  selectedId,
  now,
  onSelect,
  onRetry,
}: ConversationListProps) {
  if (error && !data)
    return (
      <Alert
        type="error"
        showIcon
        title={`会话加载失败：${error.message}`}
        action={
          <Button size="small" onClick={onRetry}>
            重试
          </Button>
        }
      />
    )
  if (loading && !data) return <Spin description="正在加载会话…" className="desk-spin" />
  if (!data?.items.length) return <Empty description="暂无会话" image={Empty.PRESENTED_IMAGE_SIMPLE} />
  return (
    <div role="list" aria-label="会话列表" className="desk-rows">
      {data.items.map((item) => (
        <div role="listitem" key={item.id}>
          <Row item={item} queue={queue} selected={item.id === selectedId} now={now} onSelect={onSelect} />
        </div>
      ))}
    </div>
  )
}
