// A one-line announcement with antd-mobile's NoticeBar look and class names: a text longer than the bar scrolls
// (after 2 s, 50 px/s, from the right edge again each time), a closeable bar hides on 关闭. antd-mobile's own
// came with two icons' path data (about 4 KiB gzip of the 5 its block chunk weighed on every page with a notice).
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { CloseIcon, SpeakerIcon } from '../controlIcons'
import './NoticeBar.css'

const START_DELAY_MS = 2000
const SPEED_PX_PER_S = 50

export interface NoticeBarProps {
  content: ReactNode
  color?: 'default' | 'alert' | 'info'
  /** Several lines instead of one scrolling line. */
  wrap?: boolean
  closeable?: boolean
}

/** Moves the inner text across the bar while it is wider than the bar; stops and resets when it fits. */
function useMarquee(enabled: boolean) {
  const containerRef = useRef<HTMLSpanElement>(null)
  const textRef = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const container = containerRef.current
    const text = textRef.current
    if (!enabled || !container || !text) return
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return
    let animating = false
    const start = () => {
      if (container.offsetWidth >= text.offsetWidth) {
        animating = false
        text.style.removeProperty('transition-duration')
        text.style.removeProperty('transform')
        return
      }
      if (animating) return
      const first = !text.style.transform
      text.style.transitionDuration = '0s'
      text.style.transform = first ? 'translateX(0)' : `translateX(${container.offsetWidth}px)`
      const distance = first ? text.offsetWidth : container.offsetWidth + text.offsetWidth
      animating = true
      text.style.transitionDuration = `${Math.round(distance / SPEED_PX_PER_S)}s`
      text.style.transform = `translateX(-${text.offsetWidth}px)`
    }
    const restart = () => {
      animating = false
      start()
    }
    const resize = new ResizeObserver(() => start())
    const timer = setTimeout(() => {
      resize.observe(container)
      resize.observe(text)
      start()
    }, START_DELAY_MS)
    text.addEventListener('transitionend', restart)
    return () => {
      clearTimeout(timer)
      resize.disconnect()
      text.removeEventListener('transitionend', restart)
    }
  }, [enabled])
  return { containerRef, textRef }
}

export function NoticeBar({ content, color = 'default', wrap = false, closeable = false }: NoticeBarProps) {
  const [visible, setVisible] = useState(true)
  const { containerRef, textRef } = useMarquee(!wrap && visible)
  if (!visible) return null
  return (
    <div className={`adm-notice-bar adm-notice-bar-${color}${wrap ? ' adm-notice-bar-wrap' : ''}`}>
      <span className="adm-notice-bar-left">
        <SpeakerIcon />
      </span>
      <span ref={containerRef} className="adm-notice-bar-content">
        <span ref={textRef} className="adm-notice-bar-content-inner">
          {content}
        </span>
      </span>
      {closeable && (
        <span className="adm-notice-bar-right">
          <button
            type="button"
            className="adm-notice-bar-close"
            aria-label="关闭"
            onClick={(event) => {
              // The block's action (a tap on the bar) is not a tap on 关闭.
              event.stopPropagation()
              setVisible(false)
            }}
          >
            <CloseIcon />
          </button>
        </span>
      )}
    </div>
  )
}
