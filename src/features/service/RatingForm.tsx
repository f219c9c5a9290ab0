import { useState } from 'react'
import { Button, TextArea } from 'antd-mobile'
import { toast } from '../../components/notice'
import { describeError } from '../../lib/request'
import { rateConversation, type Conversation } from './api'

// The rating of an agent's service, once the conversation has ended: 1–5 stars and an optional comment. The stars
// are radio buttons in antd-mobile Rate's look: its own Rate brings the gesture library (about 10 KiB gzip) and
// cannot be used from a keyboard.

const MAX_COMMENT = 200
const SCORES = [1, 2, 3, 4, 5] as const
const SCORE_TEXT = ['', '非常不满意', '不满意', '一般', '满意', '非常满意'] as const

function Star() {
  return (
    <svg viewBox="0 0 42 40" width="1em" height="1em" aria-hidden="true">
      <path
        d="m21 34-10.52 5.53a2 2 0 0 1-2.902-2.108l2.01-11.714-8.511-8.296a2 2 0 0 1 1.108-3.411l11.762-1.71 5.26-10.657a2 2 0 0 1 3.586 0l5.26 10.658L39.815 14a2 2 0 0 1 1.108 3.411l-8.51 8.296 2.009 11.714a2 2 0 0 1-2.902 2.109L21 34Z"
        fill="currentColor"
      />
    </svg>
  )
}

export function RatingForm({
  conversationId,
  onRated,
}: {
  conversationId: string
  onRated: (conversation: Conversation) => void
}) {
  const [score, setScore] = useState(0)
  const [comment, setComment] = useState('')
  const [sending, setSending] = useState(false)

  async function submit() {
    if (sending || score < 1) return
    setSending(true)
    try {
      onRated(
        await rateConversation(conversationId, {
          score,
          ...(comment.trim() ? { comment: comment.trim() } : {}),
        }),
      )
    } catch (error) {
      toast('error', describeError(error))
      setSending(false)
    }
  }

  return (
    <section className="service-rating" aria-label="服务评价" data-testid="service-rating">
      <h2>请为本次服务评价</h2>
      <div className="service-stars" role="radiogroup" aria-label="评分">
        {SCORES.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={score === n}
            aria-label={`${n} 星`}
            className={`service-star${n <= score ? ' service-star-on' : ''}`}
            onClick={() => setScore(n)}
          >
            <Star />
          </button>
        ))}
        {score > 0 && <span className="service-score-text">{SCORE_TEXT[score]}</span>}
      </div>
      <label className="service-rating-label" htmlFor="service-rating-comment">
        评价内容（选填）
      </label>
      <TextArea
        id="service-rating-comment"
        placeholder="说说您的感受"
        value={comment}
        onChange={setComment}
        maxLength={MAX_COMMENT}
        rows={2}
      />
      <Button block color="primary" disabled={score < 1 || sending} onClick={() => void submit()}>
        提交评价
      </Button>
    </section>
  )
}
