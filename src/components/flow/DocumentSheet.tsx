import { Suspense, useEffect, useRef, type ReactNode } from 'react'
import { Sheet } from '../sheets/LazySheets'
import { CloseIcon } from '../controlIcons'
import { ChunkRetryNotice } from '../ChunkRetryNotice'
import { LoadingView } from '../StatusViews'
import type { MarkdownNode } from '../../page-config/markdownTree'
import { lazyWithRetry } from '../../lib/lazyWithRetry'
import { useStableCallback } from '../../lib/useStableCallback'
import './DocumentSheet.css'

// The markdown renderer and its link rules load with the first document read, not with the form around it.
const DocumentText = lazyWithRetry(() => import('./DocumentText'), ChunkRetryNotice)

/** A document open for reading: its title (the dialog's name) and its compiled markdown. */
export interface SheetDocument {
  title: string
  body: readonly MarkdownNode[]
}

const textOf = (node: MarkdownNode): string =>
  typeof node === 'string' ? node : (node.children ?? []).map(textOf).join('')
const bare = (title: string) => title.trim().replace(/^《|》$/g, '')

/** The body without a heading that opens it and only repeats the title: the sheet's bar shows the title. */
function bodyBelowTitle(document: SheetDocument): readonly MarkdownNode[] {
  const [first, ...rest] = document.body
  const repeats =
    typeof first === 'object' && /^h[1-3]$/.test(first.tag) && bare(textOf(first)) === bare(document.title)
  return repeats ? rest : document.body
}

/** A mark after the text: once in view (scrolled to, or a short text shown whole), the text was read to its end. */
function EndMark({ onSeen }: { onSeen: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  const seen = useStableCallback(onSeen)
  useEffect(() => {
    const mark = ref.current
    if (!mark || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      seen()
    })
    observer.observe(mark)
    return () => observer.disconnect()
  }, [seen])
  return <div ref={ref} className="document-sheet-end" aria-hidden="true" />
}

/**
 * 投保须知 or a clause read in full, in a bottom sheet: the title once, in a bar with a close ×; the text
 * scrolls between the bar and the sheet's action (`children`, if any), which stays in view. `onReadToEnd`: called
 * once the reader has reached the text's end (可回溯 records it).
 */
export function DocumentSheet({
  document,
  onClose,
  onReadToEnd,
  children,
}: {
  document: SheetDocument | null
  onClose: () => void
  onReadToEnd?: () => void
  children?: ReactNode
}) {
  return (
    <Sheet
      visible={document !== null}
      onMaskClick={onClose}
      bodyClassName="document-sheet-popup"
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
      destroyOnClose
    >
      {document && (
        <div className="document-sheet" role="dialog" aria-label={bare(document.title)}>
          <div className="document-sheet-bar">
            <h2>《{bare(document.title)}》</h2>
            <button type="button" className="document-sheet-close" aria-label="关闭" onClick={onClose}>
              <CloseIcon />
            </button>
          </div>
          <div className="document-sheet-text markdown">
            <Suspense fallback={<LoadingView lines={6} />}>
              <DocumentText nodes={bodyBelowTitle(document)} />
              {/* Inside the Suspense: the end is not in view before the text that comes before it. */}
              {onReadToEnd && <EndMark onSeen={onReadToEnd} />}
            </Suspense>
          </div>
          {children && <div className="document-sheet-action">{children}</div>}
        </div>
      )}
    </Sheet>
  )
}
