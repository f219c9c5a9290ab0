import { useState, type KeyboardEvent } from 'react'
import { ChoiceFieldWheel, preloadFieldWheels, useOpenedOnce } from './sheets/lazyFieldWheels'
import './DateField.css'

// One choice control everywhere (antd-mobile's wheel picker, as DateField for dates), never the browser's
// <select>: a button named by its field's <label>, showing the chosen name, that opens the wheel (its code loads
// when the field is first touched, sheets/lazyFieldWheels.tsx). By keyboard it works as a closed <select> does:
// the arrow keys (and Home/End) change the choice in place; the open wheel is keyboard-operable too.

const STEP: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (i, last) => Math.min(i + 1, last),
  ArrowRight: (i, last) => Math.min(i + 1, last),
  ArrowUp: (i) => Math.max(i - 1, 0),
  ArrowLeft: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
}

export interface PickerOption<T extends string> {
  value: T
  label: string
}

export function PickerField<T extends string>({
  id,
  value,
  options,
  onChange,
  title,
  placeholder = '请选择',
  disabled = false,
  name,
  defaultOpen = false,
}: {
  id: string
  /** The chosen value ('' for none yet). */
  value: T | ''
  options: readonly PickerOption<T>[]
  onChange: (value: T) => void
  /** The picker's heading, e.g. 证件类型. */
  title: string
  placeholder?: string
  disabled?: boolean
  /** The field's name, for a picker without a <label> of its own: the button reads "证件类型：居民身份证". */
  name?: string
  /** Open from the start (a stand-in was tapped before the field's code had loaded, FormBlock.tsx). */
  defaultOpen?: boolean
}) {
  const [open, setOpen] = useState(defaultOpen)
  const opened = useOpenedOnce(open)
  const shown = options.find((o) => o.value === value)?.label

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const step = STEP[event.key]
    if (!step || options.length === 0) return
    event.preventDefault()
    const index = options.findIndex((o) => o.value === value)
    const next = options[step(index < 0 ? -1 : index, options.length - 1)] ?? options[0]
    if (next.value !== value) onChange(next.value)
  }
  return (
    <>
      <button
        type="button"
        id={id}
        className="date-field picker-field"
        value={value}
        disabled={disabled}
        onClick={() => setOpen(true)}
        onPointerDown={preloadFieldWheels}
        onFocus={preloadFieldWheels}
        onKeyDown={onKeyDown}
        aria-haspopup="dialog"
        aria-label={name && `${name}：${shown ?? placeholder}`}
      >
        {shown ?? <span className="date-field-placeholder">{placeholder}</span>}
      </button>
      {opened && (
        <ChoiceFieldWheel
          id={id}
          title={title}
          open={open}
          close={() => setOpen(false)}
          options={options}
          value={value}
          onChoose={(chosen) => {
            const option = options.find((o) => o.value === chosen)
            if (option && option.value !== value) onChange(option.value)
          }}
        />
      )}
    </>
  )
}
