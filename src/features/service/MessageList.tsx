import { useEffect, useRef, type ReactNode } from 'react'
import { AppLink } from '../../components/navigation/AppLink'
import { faqQuestionHref } from '../help/paths'
import type { FaqLink, Message } from './api'

// The lines of a conversation: the customer on the right, the agent and the assistant on the left under their
// name, the system's own lines centred. Text is plain text (never HTML), its newlines kept.

/** One line as the list draws it: a server Message, or a visitor's question and its local answer. */
export interface Line {
  key: string
  sender: Message['sender']
  senderName: string
  text: string
  imageUrl?: string | null
  faqs?: readonly FaqLink[]
  /** Drawn under the text (a visitor's answer still loading). */
  extra?: ReactNode
}

export const lineOf = (m: Message): Line => ({
  key: String(m.seq),
  sender: m.sender,
  senderName: m.senderName,
  text: m.text,
  imageUrl: m.imageUrl,
  faqs: m.faqs,
})

function FaqLinks({ faqs }: { faqs: readonly FaqLink[] }) {
  return (
    <ul className="service-faqs">
      {faqs.map((faq) => (
        <li key={faq.id}>
          <AppLink to={faqQuestionHref(faq.id)}>{faq.question}</AppLink>
        </li>
      ))}
    </ul>
  )
}

function Bubble({ line }: { line: Line }) {
  if (line.sender === 'system')
    return (
      <li className="service-line service-system" data-testid="service-line">
        <span className="service-text">{line.text}</span>
      </li>
    )
  const mine = line.sender === 'customer'
  return (
    <li className={`service-line ${mine ? 'service-mine' : 'service-theirs'}`} data-testid="service-line">
      {!mine && <div className="service-name">{line.senderName}</div>}
      <div className="service-bubble">
        {line.imageUrl ? (
          <a href={line.imageUrl} target="_blank" rel="noreferrer" aria-label="查看图片">
            <img className="service-image" src={line.imageUrl} alt="图片消息" loading="lazy" />
          </a>
        ) : (
          line.text && <p className="service-text">{line.text}</p>
        )}
        {line.faqs && line.faqs.length > 0 && <FaqLinks faqs={line.faqs} />}
        {line.extra}
      </div>
    </li>
  )
}

/** The lines in order; the view follows the newest one. */
export function MessageList({ lines }: { lines: readonly Line[] }) {
  const end = useRef<HTMLDivElement>(null)
  const last = lines.at(-1)?.key
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' })
  }, [last, lines.length])
  return (
    <>
      <ol className="service-lines" aria-label="消息" aria-live="polite">
        {lines.map((line) => (
          <Bubble key={line.key} line={line} />
        ))}
      </ol>
      <div ref={end} />
    </>
  )
}
