// A conversation's messages as plain text (never HTML): the customer on the left, agents on the right, the
// system's lines centred, the assistant's FAQ suggestions as a list; images as thumbnails that open large.
import { Image } from 'antd'
import { useEffect, useRef } from 'react'
import type { Message } from '../api/desk'
import { formatTime } from '../format'

function Bubble({ message }: { message: Message }) {
  if (message.sender === 'system')
    return (
      <div className="desk-msg is-system" data-seq={message.seq}>
        <span>{message.text}</span>
      </div>
    )
  const side = message.sender === 'agent' ? 'is-agent' : message.sender === 'bot' ? 'is-bot' : 'is-customer'
  return (
    <div className={`desk-msg ${side}`} data-seq={message.seq}>
      <div className="desk-msg-meta">
        {message.senderName} · {formatTime(message.createdAt, true)}
      </div>
      <div className="desk-msg-bubble">
        {message.text && <div className="desk-msg-text">{message.text}</div>}
        {message.imageUrl && (
          <Image
            src={message.imageUrl}
            alt={`${message.senderName}发送的图片`}
            width={160}
            className="desk-msg-image"
            preview={{ mask: '查看大图' }}
          />
        )}
        {message.faqs.length > 0 && (
          <ul className="desk-msg-faqs" aria-label="智能助手推荐的问题">
            {message.faqs.map((faq) => (
              <li key={faq.id}>{faq.question}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

export function MessageList({ messages }: { messages: readonly Message[] }) {
  const box = useRef<HTMLDivElement>(null)
  const last = messages.at(-1)?.seq
  // The newest message in view as it arrives (only this pane scrolls).
  useEffect(() => {
    const element = box.current
    if (element) element.scrollTop = element.scrollHeight
  }, [last])
  return (
    <div className="desk-messages" role="log" aria-label="消息记录" ref={box}>
      {messages.map((message) => (
        <Bubble key={message.seq} message={message} />
      ))}
    </div>
  )
}
