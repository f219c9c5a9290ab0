import { useState } from 'react'
import { AddIcon, MinusIcon } from './controlIcons'
import './NumberStepper.css'

interface NumberStepperProps {
  /** What the number is (被保险人年龄): the input's name for a screen reader, and the buttons' (减少…, 增加…). */
  label: string
  value: number
  min: number
  max: number
  step?: number
  onChange: (value: number) => void
}

/**
 * A number with − and + buttons, each a 44px tap target. antd-mobile's Stepper leaves its input without a name
 * and puts aria-valuenow/min/max on a plain div (WCAG 4.1.2); this one is a named spin button. A typed number is
 * kept within min and max when the input loses focus.
 */
export function NumberStepper({ label, value, min, max, step = 1, onChange }: NumberStepperProps) {
  const [draft, setDraft] = useState<string | null>(null)
  const clamp = (n: number) => Math.min(max, Math.max(min, n))
  const commit = () => {
    const n = Number(draft)
    if (draft !== null && draft.trim() !== '' && Number.isFinite(n)) onChange(clamp(n))
    setDraft(null)
  }
  return (
    <div className="number-stepper">
      <button
        type="button"
        className="number-stepper-button"
        aria-label={`减少${label}`}
        disabled={value <= min}
        onClick={() => onChange(clamp(value - step))}
      >
        <MinusIcon />
      </button>
      <input
        className="number-stepper-input"
        type="text"
        inputMode="decimal"
        role="spinbutton"
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={min}
        aria-valuemax={max}
        value={draft ?? String(value)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit()
        }}
      />
      <button
        type="button"
        className="number-stepper-button"
        aria-label={`增加${label}`}
        disabled={value >= max}
        onClick={() => onChange(clamp(value + step))}
      >
        <AddIcon />
      </button>
    </div>
  )
}
