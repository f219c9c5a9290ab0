import { useEffect, useState } from 'react'
import { DotLoading } from 'antd-mobile'
import { LAZY_PLACEHOLDER_DELAY_MS, LAZY_PLACEHOLDER_LABEL, LAZY_PLACEHOLDER_TEXT } from '../config/constants'

/** The lazy-load placeholder: invisible for the first 200 ms so fast loads never flash. */
export function DelayedFallback({ delayMs = LAZY_PLACEHOLDER_DELAY_MS }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs])
  if (!visible) return null
  return (
    <div className="lazy-placeholder" role="status" aria-live="polite" data-fallback={LAZY_PLACEHOLDER_TEXT}>
      <DotLoading color="primary" />
      <span>{LAZY_PLACEHOLDER_LABEL}</span>
    </div>
  )
}
