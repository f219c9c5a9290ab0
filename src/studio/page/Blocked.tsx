import { Tooltip } from 'antd'
import type { ReactNode } from 'react'

/**
 * A button that may be disabled, with the reason in a tooltip (on a wrapper: a disabled button gets no mouse
 * events) and as its accessible description.
 */
export function Blocked({
  reason,
  id,
  children,
}: {
  reason: string | null
  id: string
  children: ReactNode
}) {
  return (
    <Tooltip title={reason}>
      <span style={{ display: 'inline-block', cursor: reason ? 'not-allowed' : undefined }}>
        {children}
        {reason && (
          <span id={id} hidden>
            {reason}
          </span>
        )}
      </span>
    </Tooltip>
  )
}
