import type { ReactNode } from 'react'
import 'antd-mobile/es/components/steps/steps.css'

// antd-mobile's Steps (the same markup and class names, so it looks the same) from a list: antd-mobile's clones
// its children through its props helpers, which the steps block of many campaign pages and the purchase flows'
// step bars carried for a row of dots and titles.

export interface StepItem {
  title: ReactNode
  description?: ReactNode
}

/** Steps before `current` are done (finish), `current` is under way (process), the rest wait. */
export function Steps({
  items,
  current,
  direction = 'horizontal',
  className,
}: {
  items: readonly StepItem[]
  current: number
  direction?: 'horizontal' | 'vertical'
  className?: string
}) {
  return (
    <div className={`adm-steps adm-steps-${direction}${className ? ` ${className}` : ''}`}>
      {items.map((item, i) => (
        <div
          key={i}
          className={`adm-step adm-step-status-${i < current ? 'finish' : i === current ? 'process' : 'wait'}`}
        >
          <div className="adm-step-indicator">
            <div className="adm-step-icon-container">
              <span className="adm-step-icon-dot" />
            </div>
          </div>
          <div className="adm-step-content">
            <div className="adm-step-title">{item.title}</div>
            {item.description ? <div className="adm-step-description">{item.description}</div> : null}
          </div>
        </div>
      ))}
    </div>
  )
}
