import { useId, type ReactNode } from 'react'
import './Folds.css'

// Questions and clauses that open in place: the browser's own <details> (no script, works before hydration and
// without JS), styled as a list.

export interface Fold {
  key: string
  title: string
  content: ReactNode
}

/** `single`: one open at a time (an exclusive group, `<details name>`; browsers without it open several). */
export function Folds({ items, single = false }: { items: Fold[]; single?: boolean }) {
  const group = useId()
  return (
    <div className="folds">
      {items.map((item) => (
        <details key={item.key} className="fold" name={single ? group : undefined}>
          <summary className="fold-title">{item.title}</summary>
          <div className="fold-content">{item.content}</div>
        </details>
      ))}
    </div>
  )
}
