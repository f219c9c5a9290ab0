import { useEffect, useRef, useSyncExternalStore } from 'react'
import { shareGuide } from './shareGuide'
import './ShareGuide.css'

const closed = () => false

/**
 * The 分享 guide over the page: an arrow to WeChat's ··· menu at the top right, what to tap there, and a button
 * (or a tap anywhere) to close it. Rendered once by the app's providers.
 */
export function ShareGuide() {
  const open = useSyncExternalStore(shareGuide.subscribe, shareGuide.isOpen, closed)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    button.current?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && shareGuide.hide()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])
  if (!open) return null
  return (
    <div
      className="share-guide"
      role="dialog"
      aria-modal="true"
      aria-labelledby="share-guide-title"
      data-testid="share-guide"
      onClick={shareGuide.hide}
    >
      <svg className="share-guide-arrow" viewBox="0 0 80 100" aria-hidden="true">
        <path d="M10 95 C 20 50, 40 25, 70 12" />
        <path d="M52 8 L 72 11 L 64 30" />
      </svg>
      <p className="share-guide-title" id="share-guide-title">
        点击右上角 ··· 分享
      </p>
      <p className="share-guide-text">选择「发送给朋友」或「分享到朋友圈」</p>
      <button ref={button} type="button" className="share-guide-close" onClick={shareGuide.hide}>
        我知道了
      </button>
    </div>
  )
}
