// The generic fields every block has (block-common: id, display phases, conditions, active window, style) folded
// under 高级, after the block's own fields: a person sees what the block is about first. It opens by itself when
// one of its fields has an error (and focusField.ts opens it when an error there is picked).

import { useState, type ReactNode } from 'react'
import { labelOf } from '../../page-config/fieldLabels'

/** The block-common fields (schemas/block-common.schema.json#/properties). */
export const ADVANCED_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'showIn',
  'visibleWhen',
  'activeBetween',
  'style',
])

export function AdvancedFields({
  names,
  hasErrors,
  children,
}: {
  /** The advanced fields this form has, in order. */
  names: readonly string[]
  hasErrors: boolean
  children: ReactNode
}) {
  const [open, setOpen] = useState(hasErrors)
  if (!names.length) return null
  return (
    <details
      className="studio-advanced"
      open={open || hasErrors}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="studio-advanced-summary">
        高级<span className="studio-advanced-hint">{names.map((n) => labelOf(undefined, n)).join('、')}</span>
      </summary>
      {children}
    </details>
  )
}
