import type { ReactNode } from 'react'
import './Folds.css'

// Questions and clauses that open in place: the browser's own <details> (no script, works before hydration and
// without JS), styled as a list.

export interface Fold {
  key: string
  title: string
  content: ReactNode
}

export function Folds({ items }: { items: Fold[] }) {
  return (
    <div className="folds">
      {items.map((item) => (
        <details key={item.key} className="fold">
          <summary className="fold-title">{item.title}</summary>
          <div className="fold-content">{item.content}</div>
        </details>
      ))}
    </div>
  )
}
