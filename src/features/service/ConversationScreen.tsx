import { useState, type ReactNode } from 'react'
import { Button } from 'antd-mobile'
import { Dialog } from '../../components/dialog'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { toast } from '../../components/notice'
import { LoadingView } from '../../components/StatusViews'
import { compressImage } from '../../lib/compressImage'
import { describeError } from '../../lib/request'
import { userHref } from '../member/paths'
import {
  closeConversation,
  requestHandoff,
  sendMessage,
  uploadServiceImage,
  type Context,
  type Conversation,
} from './api'
import { Composer } from './Composer'
import { lineOf, MessageList } from './MessageList'
import { RatingForm } from './RatingForm'
import { orderedMessages } from './thread'
import { useConversation } from './useConversation'

// The signed-in customer's conversation: its messages live, the state (assistant, queue, 留言, agent, ended) in a
// line above them, the input bar below; 转人工 while the assistant answers, 结束会话 while it is open, the rating
// and 重新咨询 once it has ended.

function StateLine({ conversation }: { conversation: Conversation }) {
  const { status, position, withinHours, hours, agentName } = conversation
  if (status === 'queued' && !withinHours)
    return (
      <p className="service-state service-state-away" data-testid="service-state">
        现在不是人工服务时间（{hours}），请留言，客服上班后会尽快回复您，回复也会出现在消息中心。
      </p>
    )
  if (status === 'queued')
    return (
      <p className="service-state" data-testid="service-state">
        {position === 0
          ? '正在为您转接人工客服，下一位就是您'
          : `正在为您转接人工客服，前面还有 ${position ?? 0} 位`}
      </p>
    )
  if (status === 'active')
    return (
      <p className="service-state" data-testid="service-state">
        客服{agentName ?? ''}为您服务
      </p>
    )
  if (status === 'closed')
    return (
      <p className="service-state service-state-ended" data-testid="service-state">
        本次服务已结束
      </p>
    )
  return null
}

export function ConversationScreen({
  context,
  question,
  onQuestionSent,
  hotline,
}: {
  context: Context
  question: string | null
  onQuestionSent: () => void
  hotline: ReactNode
}) {
  const live = useConversation(context, question, onQuestionSent)
  const { conversation } = live.thread
  const [acting, setActing] = useState(false)

  if (live.error)
    return (
      <div className="service-page">
        <LoginAwareError
          error={live.error}
          onRetry={live.retry}
          back={{ to: userHref(), label: '返回我的' }}
        />
      </div>
    )
  if (!conversation)
    return (
      <div className="service-page" data-testid="service-loading">
        <LoadingView lines={5} />
      </div>
    )

  const id = conversation.id
  const open = conversation.status !== 'closed'

  async function act(run: () => Promise<Conversation>) {
    if (acting) return
    setActing(true)
    try {
      live.update(await run())
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setActing(false)
    }
  }

  async function send(text: string, clientId: string) {
    try {
      const sent = await sendMessage(id, { clientId, text })
      live.receive(sent.items, sent.conversation)
      return true
    } catch (error) {
      toast('error', describeError(error))
      return false
    }
  }

  async function sendImage(file: File, clientId: string) {
    try {
      const media = await uploadServiceImage(await compressImage(file), file.name)
      const sent = await sendMessage(id, { clientId, imageId: media.id })
      live.receive(sent.items, sent.conversation)
      return true
    } catch (error) {
      toast('error', describeError(error))
      return false
    }
  }

  async function end() {
    const confirmed = await Dialog.confirm({
      content: '确定结束本次会话吗？',
      confirmText: '结束会话',
      cancelText: '继续咨询',
    }).catch(() => false)
    if (confirmed) await act(() => closeConversation(id))
  }

  const served = conversation.agentName !== null
  return (
    <div className="service-page" data-testid="service-conversation">
      <div className="service-toolbar">
        {hotline}
        {open && (
          <button type="button" className="service-end" onClick={() => void end()} disabled={acting}>
            结束会话
          </button>
        )}
      </div>
      {conversation.context.length > 0 && (
        <p className="service-context">咨询：{conversation.context.map((c) => c.title).join('、')}</p>
      )}
      <StateLine conversation={conversation} />
      {live.reconnecting && (
        <p className="service-reconnecting" role="status">
          连接中断，正在重连…
        </p>
      )}
      <MessageList lines={orderedMessages(live.thread).map(lineOf)} />
      {conversation.status === 'closed' && (
        <div className="service-ended">
          {served && conversation.rating === null && <RatingForm conversationId={id} onRated={live.update} />}
          {served && conversation.rating !== null && <p className="service-thanks">感谢您的评价</p>}
          <Button block color="primary" fill="outline" onClick={live.retry}>
            重新咨询
          </Button>
        </div>
      )}
      {open && (
        <div className="service-bottom">
          {conversation.status === 'bot' && (
            <div className="service-handoff">
              <Button
                size="mini"
                color="primary"
                fill="outline"
                disabled={acting}
                onClick={() => void act(() => requestHandoff(id))}
              >
                转人工
              </Button>
            </div>
          )}
          <Composer onSend={send} onImage={sendImage} />
        </div>
      )}
    </div>
  )
}
