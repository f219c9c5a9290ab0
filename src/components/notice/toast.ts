import type { NoticeKind } from '../../config/constants'
import { importOnce } from '../../lib/lazyChunk'

// antd-mobile's Toast brings its mask, spinner and animation library (~25 KiB gzip): it is fetched with the
// first notice shown, not with every screen that may show one. Calls run in order through the one promise.
// A chunk that failed to load (offline) is asked for again by the next notice.
const shown = importOnce(() => import('./showToast'))
const ignore = () => undefined

/** A centred toast (3 s by default); loading toasts stay until cleared. */
export function toast(kind: NoticeKind, content: string, durationMs?: number): void {
  shown().then((m) => m.toast(kind, content, durationMs), ignore)
}

/** The short notice (1.5 s) shown at the top, for light confirmations like 已复制. */
export function message(kind: NoticeKind, content: string): void {
  shown().then((m) => m.message(kind, content), ignore)
}

export function clearToasts(): void {
  // Nothing to clear before the first toast.
  shown.started?.then((m) => m.clearToasts(), ignore)
}
