// 在线客服 (客服 and 管理员): the lists on the left (排队与留言, 我接待中, 全部接待中, 已结束), the selected
// conversation in the centre, what it is about and the customer's records on the right. One event stream keeps
// the lists and the open conversation current. The tab and the selection are in the address (?queue=…&c=…).
import { App, Badge, Empty, Tabs, Typography } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { errorMessage, StudioApiError } from '../api/client'
import { deskApi, type DeskMessageInput, type DeskQueue, type TransferInput } from '../api/desk'
import { useStaff } from '../session'
import { ConversationList } from './ConversationList'
import { CustomerPanel } from './CustomerPanel'
import { useDeskList, useRefreshLists } from './hooks'
import { ThreadPane } from './ThreadPane'
import { TransferModal } from './TransferModal'
import { useDeskStream } from './useDeskStream'
import { useDeskThread } from './useDeskThread'
import { QUEUE_LABELS } from './words'
import './desk.css'

const QUEUES: readonly DeskQueue[] = ['waiting', 'mine', 'active', 'closed']
const isQueue = (value: string | null): value is DeskQueue => QUEUES.includes(value as DeskQueue)
/** Changes arrive in bursts (a message changes the conversation and the queue): one refresh per burst. */
const CHANGE_DEBOUNCE_MS = 200
const TICK_MS = 30_000
/** While the stream is down, the lists and the open conversation are read this often instead. */
const POLL_MS = 5_000

function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  return now
}

export function DeskPage() {
  const staff = useStaff()
  const { message } = App.useApp()
  const [params, setParams] = useSearchParams()
  const rawQueue = params.get('queue')
  const queue: DeskQueue = isQueue(rawQueue) ? rawQueue : 'waiting'
  const selectedId = params.get('c')
  const now = useNow()

  const list = useDeskList(queue)
  const waiting = useDeskList('waiting')
  const refreshLists = useRefreshLists()
  const thread = useDeskThread(selectedId)
  const [taking, setTaking] = useState(false)
  const [transferring, setTransferring] = useState(false)

  const go = useCallback(
    (next: { queue?: DeskQueue; c?: string | null }) => {
      const q = next.queue ?? queue
      const c = next.c === undefined ? selectedId : next.c
      setParams({ ...(q === 'waiting' ? {} : { queue: q }), ...(c ? { c } : {}) })
    },
    [queue, selectedId, setParams],
  )

  // Changes gathered for one refresh; the open conversation's also re-read (its state, and read marks).
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; open: boolean }>({ open: false })
  const { catchUp, addMessage, apply } = thread
  const onChanged = useCallback(
    (conversationId: string) => {
      const batch = pending.current
      if (conversationId === selectedId) batch.open = true
      clearTimeout(batch.timer)
      batch.timer = setTimeout(() => {
        const open = batch.open
        batch.open = false
        refreshLists()
        if (open) void catchUp()
      }, CHANGE_DEBOUNCE_MS)
    },
    [selectedId, refreshLists, catchUp],
  )
  useEffect(() => () => clearTimeout(pending.current.timer), [])
  const connected = useDeskStream(selectedId, !selectedId || !thread.loading, thread.lastSeq, {
    onChanged,
    onMessage: addMessage,
    onReconnect: () => {
      refreshLists()
      void catchUp()
    },
  })

  useEffect(() => {
    if (connected) return
    const timer = setInterval(() => {
      refreshLists()
      void catchUp()
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [connected, refreshLists, catchUp])

  const conversation = thread.conversation
  const mine = conversation?.status === 'active' && conversation.agentId === staff.id

  const take = async () => {
    if (!selectedId || taking) return
    setTaking(true)
    try {
      apply(selectedId, await deskApi.take(selectedId))
      go({ queue: 'mine' })
      message.success('已接待')
    } catch (error) {
      if (error instanceof StudioApiError && error.status === 409) {
        message.warning('已被其他客服接待')
        void catchUp()
      } else message.error(errorMessage(error))
    } finally {
      setTaking(false)
      refreshLists()
    }
  }

  const send = async (input: DeskMessageInput) => {
    if (!selectedId) return
    try {
      apply(selectedId, await deskApi.reply(selectedId, input))
    } catch (error) {
      // No longer this agent's (transferred or ended meanwhile): show the conversation as it is now.
      if (error instanceof StudioApiError && error.status === 409) void catchUp()
      throw error
    }
  }

  const transfer = async (input: TransferInput) => {
    if (!selectedId) return
    try {
      apply(selectedId, await deskApi.transfer(selectedId, input))
      setTransferring(false)
      message.success(input.toStaffId ? '已转接' : '已退回排队')
      refreshLists()
    } catch (error) {
      message.error(errorMessage(error))
    }
  }

  const close = async () => {
    if (!selectedId) return
    try {
      apply(selectedId, await deskApi.close(selectedId))
      message.success('会话已结束')
      refreshLists()
    } catch (error) {
      message.error(errorMessage(error))
      void catchUp()
    }
  }

  const waitingCount = waiting.data?.waiting
  return (
    <div className="desk-page">
      <aside className="desk-lists" aria-label="会话">
        <div className="desk-lists-head">
          <Typography.Title level={4} style={{ margin: 0 }}>
            在线客服
          </Typography.Title>
          {!connected && (
            <Typography.Text type="warning" role="status">
              连接中断，正在重连…
            </Typography.Text>
          )}
        </div>
        <Tabs
          size="small"
          tabBarGutter={12}
          activeKey={queue}
          onChange={(key) => go({ queue: key as DeskQueue })}
          items={QUEUES.map((key) => ({
            key,
            label:
              key === 'waiting' ? (
                <span>
                  {QUEUE_LABELS.waiting}
                  {waitingCount !== undefined && (
                    <Badge
                      count={waitingCount}
                      showZero
                      size="small"
                      color={waitingCount ? undefined : '#bfbfbf'}
                      className="desk-tab-count"
                    />
                  )}
                </span>
              ) : (
                QUEUE_LABELS[key]
              ),
          }))}
        />
        <div className="desk-lists-body">
          <ConversationList
            queue={queue}
            data={list.data}
            error={list.error}
            loading={list.isLoading}
            selectedId={selectedId}
            now={now}
            onSelect={(id) => go({ c: id })}
            onRetry={() => void list.mutate()}
          />
        </div>
      </aside>
      <section className="desk-centre" aria-label="会话内容">
        {selectedId ? (
          <ThreadPane
            conversation={conversation}
            messages={thread.messages}
            loading={thread.loading}
            error={thread.error}
            mine={mine}
            taking={taking}
            onRetry={thread.retry}
            onTake={() => void take()}
            onTransfer={() => setTransferring(true)}
            onClose={close}
            onSend={send}
          />
        ) : (
          <div className="desk-thread-empty">
            <Empty description="从左侧选择一个会话" />
          </div>
        )}
      </section>
      <aside className="desk-side" aria-label="用户与咨询内容">
        {conversation && selectedId ? (
          <CustomerPanel key={conversation.id} conversation={conversation} />
        ) : (
          <Typography.Text type="secondary">选择会话后在这里查看咨询内容和用户的订单与保单。</Typography.Text>
        )}
      </aside>
      {mine && (
        <TransferModal
          open={transferring}
          selfId={staff.id}
          onCancel={() => setTransferring(false)}
          onTransfer={transfer}
        />
      )}
    </div>
  )
}
