// The centre column: the selected conversation's header and actions (接待 for a queued one; 转接 and 结束会话 for
// one the agent serves), its messages, and the reply box when it is the agent's own.
import { Alert, Button, Empty, Popconfirm, Space, Spin, Tag, Typography } from 'antd'
import type { StudioApiError } from '../api/client'
import type { DeskConversation, DeskMessageInput, Message } from '../api/desk'
import { Composer } from './Composer'
import { MessageList } from './MessageList'

const STATUS: Record<DeskConversation['status'], { text: string; color: string }> = {
  bot: { text: '智能助手', color: 'default' },
  queued: { text: '排队中', color: 'orange' },
  active: { text: '接待中', color: 'green' },
  closed: { text: '已结束', color: 'default' },
}

export interface ThreadPaneProps {
  conversation: DeskConversation | null
  messages: readonly Message[]
  loading: boolean
  error: StudioApiError | null
  mine: boolean
  taking: boolean
  onRetry(): void
  onTake(): void
  onTransfer(): void
  onClose(): Promise<void>
  onSend(input: DeskMessageInput): Promise<void>
}

export function ThreadPane(props: ThreadPaneProps) {
  const { conversation, messages, loading, error, mine, taking } = props
  if (error && !conversation)
    return (
      <div className="desk-thread-empty">
        <Alert
          type="error"
          showIcon
          title={`会话加载失败：${error.message}`}
          action={
            <Button size="small" onClick={props.onRetry}>
              重试
            </Button>
          }
        />
      </div>
    )
  if (loading || !conversation)
    return (
      <div className="desk-thread-empty">
        <Spin description="正在加载会话…" />
      </div>
    )
  const status = STATUS[conversation.status]
  const label = conversation.afterHours && conversation.status === 'queued' ? '留言' : status.text
  return (
    <div className="desk-thread">
      <div className="desk-thread-head">
        <Space size="small" wrap className="desk-thread-title">
          <Typography.Text strong>{conversation.customerPhone}</Typography.Text>
          <Tag color={conversation.afterHours && conversation.status === 'queued' ? 'orange' : status.color}>
            {label}
          </Tag>
          {conversation.agentName && conversation.status === 'active' && !mine && (
            <Typography.Text type="secondary">接待：{conversation.agentName}</Typography.Text>
          )}
        </Space>
        <Space size="small">
          {conversation.status === 'queued' && (
            <Button type="primary" loading={taking} onClick={props.onTake}>
              接待
            </Button>
          )}
          {mine && (
            <>
              <Button onClick={props.onTransfer}>转接</Button>
              <Popconfirm
                title="结束会话"
                description="结束后用户可以评价本次服务，确定结束吗？"
                okText="结束会话"
                cancelText="取消"
                onConfirm={props.onClose}
              >
                <Button danger>结束会话</Button>
              </Popconfirm>
            </>
          )}
        </Space>
      </div>
      {messages.length ? (
        <MessageList messages={messages} />
      ) : (
        <div className="desk-messages">
          <Empty description="暂无消息" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        </div>
      )}
      {mine ? (
        <Composer key={conversation.id} onSend={props.onSend} />
      ) : (
        <div className="desk-thread-foot">
          {conversation.status === 'queued'
            ? '接待后即可回复用户。'
            : conversation.status === 'closed'
              ? '会话已结束。'
              : conversation.status === 'active'
                ? '该会话由其他客服接待，只能查看。'
                : '用户正在与智能助手对话。'}
        </div>
      )}
    </div>
  )
}
