import { createElement, type ReactNode } from 'react'
import { ExclamationCircleOutline } from 'antd-mobile-icons'
import { Toast } from '../overlays'
import { MESSAGE_DURATION_MS, TOAST_DURATION_MS, type NoticeKind } from '../../config/constants'

// Icons are SVG (antd-mobile's own, or antd-mobile-icons), never emoji or symbol glyphs: those render as
// empty boxes where the device has no font with them.
const ICONS: Record<NoticeKind, 'success' | 'fail' | 'loading' | ReactNode> = {
  info: undefined,
  success: 'success',
  error: 'fail',
  warning: createElement(ExclamationCircleOutline),
  loading: 'loading',
}

// App-wide Toast default (3 s), set when the first module that shows notices loads (keeps Toast out of the
// start-up bundle).
Toast.config({ duration: TOAST_DURATION_MS })

/** A centred toast; loading toasts stay until cleared. */
export function toast(kind: NoticeKind, content: string, durationMs: number = TOAST_DURATION_MS) {
  return Toast.show({
    content,
    icon: ICONS[kind],
    duration: kind === 'loading' ? 0 : durationMs,
    maskClickable: kind !== 'loading',
  })
}

/** The short notice (1.5 s) shown at the top, for light confirmations like 已复制. */
export function message(kind: NoticeKind, content: string) {
  return Toast.show({
    content,
    icon: ICONS[kind],
    position: 'top',
    duration: kind === 'loading' ? 0 : MESSAGE_DURATION_MS,
  })
}

export function clearToasts(): void {
  Toast.clear()
}
