import { useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react'
import './Choices.css'

// A row (or grid) of choice chips with antd-mobile Selector's look, class names and single-choice behaviour (a tap
// on the chosen one clears it), plus the keyboard Selector lacks: the group is one tab stop (the chosen option,
// else the first), the arrow keys move between options and Enter or Space chooses, as in a radio group. Selector
// itself weighed about 3 KiB gzip with its grid, space and locale on each screen and block that showed one.

export interface ChoiceOption<V> {
  label: ReactNode
  value: V
  description?: ReactNode
  disabled?: boolean
}

export interface ChoicesProps<V> {
  options: readonly ChoiceOption<V>[]
  /** The chosen value as a one-item list (empty: none), as Selector has it. */
  value: readonly V[]
  onChange: (value: V[]) => void
  /** Laid out in this many equal columns; otherwise the chips wrap. */
  columns?: number
  disabled?: boolean
  style?: CSSProperties
  'aria-label'?: string
}

const MOVE: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }

export function Choices<V extends string | number>({
  options,
  value,
  onChange,
  columns,
  disabled = false,
  style,
  'aria-label': label = '选择组',
}: ChoicesProps<V>) {
  const box = useRef<HTMLDivElement>(null)
  const chosen = options.findIndex((o) => value.includes(o.value))
  const focusable = chosen >= 0 ? chosen : 0

  function choose(option: ChoiceOption<V>, active: boolean) {
    if (disabled || option.disabled) return
    onChange(active ? [] : [option.value])
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      event.currentTarget.click()
      return
    }
    const step = MOVE[event.key]
    if (!step) return
    event.preventDefault()
    const items = box.current?.querySelectorAll<HTMLElement>('[role="option"]')
    items?.[(index + step + options.length) % options.length]?.focus()
  }

  return (
    <div
      ref={box}
      className={`adm-selector choices${columns ? ' choices-grid' : ''}`}
      style={columns ? { ...style, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : style}
      role="listbox"
      aria-label={label}
    >
      {options.map((option, index) => {
        const active = value.includes(option.value)
        const off = disabled || option.disabled
        return (
          <div
            key={option.value}
            role="option"
            aria-selected={active}
            aria-disabled={off || undefined}
            tabIndex={index === focusable ? 0 : -1}
            className={`adm-selector-item${active ? ' adm-selector-item-active' : ''}${off ? ' adm-selector-item-disabled' : ''}`}
            onClick={() => choose(option, active)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {option.label}
            {option.description && <div className="adm-selector-item-description">{option.description}</div>}
            {active && (
              <div className="adm-selector-check-mark-wrapper">
                <svg viewBox="0 0 8 6" aria-hidden>
                  <path d="M1 3l2 2 4-4" fill="none" stroke="#fff" strokeWidth="1.4" strokeLinecap="round" />
                </svg>
              </div>
            )}
          </div>
        )
      })}
    </div>
  )
}
