import type { ReactNode } from 'react'
import { Result } from '../../components/Result'

/** A result (success, failure, …) with its next action under it. */
export function Outcome({
  status,
  title,
  description,
  children,
}: {
  status: 'success' | 'error' | 'warning' | 'info' | 'waiting'
  title: string
  description?: string
  children?: ReactNode
}) {
  return (
    <div className="purchase-page">
      <Result status={status} title={title} description={description} />
      <div style={{ padding: '0 12px' }}>{children}</div>
    </div>
  )
}
