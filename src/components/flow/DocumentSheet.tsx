import type { ReactNode } from 'react'
import { Popup } from 'antd-mobile'
import { MarkdownTree } from '../MarkdownTree'
import type { MarkdownNode } from '../../page-config/markdownTree'

/** A document open for reading: its title (the dialog's name) and its compiled markdown. */
export interface SheetDocument {
  title: string
  body: readonly MarkdownNode[]
}

/**
 * 投保须知 or a clause read in full, in a bottom sheet, with the sheet's action below it (`children`). The
 * heading is left out when the text opens with it (`titled: false`).
 */
export function DocumentSheet({
  document,
  titled = true,
  onClose,
  children,
}: {
  document: SheetDocument | null
  titled?: boolean
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Popup
      visible={document !== null}
      onMaskClick={onClose}
      bodyStyle={{ maxHeight: '85vh', overflowY: 'auto', borderRadius: '12px 12px 0 0' }}
      destroyOnClose
    >
      {document && (
        <div className="purchase-card" role="dialog" aria-label={document.title}>
          {titled && <h2>《{document.title.replace(/^《|》$/g, '')}》</h2>}
          <div className="markdown">
            <MarkdownTree nodes={document.body} />
          </div>
          {children}
        </div>
      )}
    </Popup>
  )
}
