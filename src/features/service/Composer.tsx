import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { Button } from 'antd-mobile'
import { MAX_MESSAGE_CHARS } from '../../domain/serviceDesk'

// The input bar: text up to 500 characters (a counter near the limit), an image button, 发送. Each message is
// sent under a client id made once for it: a double tap or a retry after a failure sends it once.

/** The counter shows from this many characters on. */
const COUNT_FROM = MAX_MESSAGE_CHARS - 50

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif'

export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export function Composer({
  onSend,
  onImage,
  disabled,
  placeholder = '请输入您的问题',
}: {
  /** Sends the text under its client id; resolves true when it was sent (the draft is cleared). */
  onSend: (text: string, clientId: string) => Promise<boolean>
  /** Sends a picked image; absent: no image button (a visitor). */
  onImage?: (file: File, clientId: string) => Promise<boolean>
  disabled?: boolean
  placeholder?: string
}) {
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  // A synchronous guard: two taps in one frame see the same state.
  const busy = useRef(false)
  // The client id of the draft as it was last tried: kept until it is sent, so a retry repeats it.
  const pending = useRef<{ text: string; clientId: string } | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const box = useRef<HTMLTextAreaElement>(null)
  // The box grows with its lines, up to the CSS max-height (then it scrolls).
  useEffect(() => {
    const el = box.current
    if (!el) return
    el.style.height = 'auto'
    if (el.scrollHeight > 0) el.style.height = `${el.scrollHeight + 2}px`
  }, [text])

  const trimmed = text.trim()
  async function send() {
    if (busy.current || !trimmed || disabled) return
    busy.current = true
    setSending(true)
    if (pending.current?.text !== trimmed) pending.current = { text: trimmed, clientId: newClientId() }
    try {
      if (await onSend(trimmed, pending.current.clientId)) {
        pending.current = null
        setText('')
      }
    } finally {
      busy.current = false
      setSending(false)
    }
  }

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file || !onImage || busy.current) return
    busy.current = true
    setSending(true)
    try {
      await onImage(file, newClientId())
    } finally {
      busy.current = false
      setSending(false)
    }
  }

  return (
    <div className="service-composer">
      {onImage && (
        <>
          <button
            type="button"
            className="service-image-button"
            aria-label="选择图片"
            disabled={disabled || sending}
            onClick={() => fileInput.current?.click()}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <rect
                x="3"
                y="5"
                width="18"
                height="14"
                rx="2"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
              />
              <circle cx="9" cy="10" r="1.8" fill="currentColor" />
              <path d="M4 17l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="service-image-input"
            onChange={(e) => void pick(e)}
          />
        </>
      )}
      <div className="service-input">
        <textarea
          ref={box}
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, MAX_MESSAGE_CHARS))}
          maxLength={MAX_MESSAGE_CHARS}
          rows={1}
          placeholder={placeholder}
          aria-label="输入消息"
          disabled={disabled}
          enterKeyHint="send"
        />
        {text.length >= COUNT_FROM && (
          <span className="service-count" data-testid="service-count">
            {text.length}/{MAX_MESSAGE_CHARS}
          </span>
        )}
      </div>
      <Button
        color="primary"
        size="small"
        className="service-send"
        disabled={disabled || sending || !trimmed}
        onClick={() => void send()}
      >
        发送
      </Button>
    </div>
  )
}
