import { queryParam } from '../../lib/href'
import { useEffect } from 'react'
import { Button } from 'antd-mobile'
import { useSearchParams } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatShanghaiDateTime } from '../../domain/dates'
import { MESSAGE_CATEGORIES } from '../../domain/messages'
import type { ScreenLoader } from '../../types/route'
import { markRead, messageKey, refreshMessages, useMessage } from './api'
import { targetHref } from './messageTarget'
import { epolicyUrl } from '../policies/api'
import { backToMessages } from './paths'
import './messages.css'

/** The message's id in the URL (?id=), or null. */
const messageIdOf = (search: URLSearchParams): string | null => queryParam(search, 'id')

export const loader: ScreenLoader = ({ search }, load) => {
  const id = messageIdOf(search)
  return id && load(messageKey(id))
}

/** /messageCenter/messageDetail?id=: one message, marked read once seen, with the way to what it is about. */
export default function MessageDetailPage() {
  const [params] = useSearchParams()
  const id = messageIdOf(params)
  const message = useMessage(id)
  const navigate = useAppNavigate()
  const { mutate } = useSWRConfig()
  const unread = message.data !== undefined && !message.data.read

  useEffect(() => {
    if (!id || !unread) return
    markRead(id).then(
      (read) => {
        void mutate(messageKey(id), read, { revalidate: false })
        void refreshMessages()
      },
      // Not marked: it stays unread and is marked next time.
      () => undefined,
    )
  }, [id, unread, mutate])

  if (!id) return <EmptyView title="缺少消息编号" description="请从消息中心打开消息" />
  if (message.error)
    return (
      <LoginAwareError back={backToMessages} error={message.error} onRetry={() => void message.mutate()} />
    )
  if (!message.data) return <LoadingView lines={4} />
  const m = message.data
  const href = targetHref(m.target)
  // A policy's issue message carries its e-policy: the PDF downloads (or opens) from here.
  const epolicy =
    (m.kind === 'policy_issued' || m.kind === 'partner_policy_issued') &&
    m.target?.kind === 'policy' &&
    m.target.id
      ? epolicyUrl(m.target.id)
      : null
  return (
    <article className="message-detail" data-testid="message-detail">
      <div className="message-row-head">
        <span className="message-category">{MESSAGE_CATEGORIES[m.category]}</span>
        <h1 className="message-title">{m.title}</h1>
      </div>
      <span className="message-time">{formatShanghaiDateTime(m.createdAt)}</span>
      <p className="message-detail-body">{m.body}</p>
      {epolicy && (
        <a className="message-download" href={epolicy} download>
          下载电子保单
        </a>
      )}
      {href && (
        <Button block color="primary" onClick={() => navigate(href)}>
          查看详情
        </Button>
      )}
    </article>
  )
}
