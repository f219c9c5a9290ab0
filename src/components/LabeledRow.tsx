import type { ReactNode } from 'react'
import './LabeledRow.css'

/** One "label … value" line of an order, policy or application summary. */
export function LabeledRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="labeled-row">
      <span>{label}</span>
      <span>{children}</span>
    </div>
  )
}
