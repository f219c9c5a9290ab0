import { useEffect, useState, type KeyboardEvent } from 'react'
import { ChoiceWheel, preloadSheets } from './sheets/LazySheets'
import './DateField.css'

// One choice control everywhere (antd-mobile's wheel picker, as DateField for dates), never the browser's
// <select>: a button named by its field's <label>, showing the chosen name, that opens the wheel.
// By keyboard it works as a closed <select> does: the arrow keys (and Home/End) change the choice in place. The
// wheel's 取消 and 确定 are links without an address in antd-mobile, out of the tab order: the open wheel makes
// them reachable (Tab, Enter or Space) and puts the focus on 确定; Escape cancels.

/** The open wheel of field `id`, once its popup is drawn and shown (the newest: one on its way out may linger). */
function shownPicker(id: string): HTMLElement | undefined {
  const picker = Array.from(
    document.querySelectorAll<HTMLElement>(`.adm-picker[data-field="${CSS.escape(id)}"]`),
  ).at(-1)
  const popup = picker?.closest<HTMLElement>('.adm-popup')
  return picker && popup?.style.display !== 'none' ? picker : undefined
}

/**
 * Makes the open wheel's 取消/确定 keyboard-operable and focuses 确定. The popup is drawn once the wheel's code has
 * loaded, a render or two after `visible` (and a kept one shown a frame later), so this looks for it frame by
 * frame until it shows or the wheel is closed.
 */
function keyboardHeader(id: string, close: () => void): () => void {
  let frame = 0
  let picker: HTMLElement | undefined
  const onKey = (event: globalThis.KeyboardEvent) => {
    const target = event.target as HTMLElement
    if (event.key === 'Escape') close()
    else if ((event.key === 'Enter' || event.key === ' ') && target.matches('.adm-picker-header-button')) {
      event.preventDefault()
      target.click()
    }
  }
  const setUp = () => {
    picker = shownPicker(id)
    if (!picker) {
      frame = requestAnimationFrame(setUp)
      return
    }
    const buttons = Array.from(picker.querySelectorAll<HTMLElement>('.adm-picker-header-button'))
    for (const button of buttons) button.tabIndex = 0
    picker.addEventListener('keydown', onKey)
    buttons.at(-1)?.focus()
  }
  setUp()
  return () => {
    cancelAnimationFrame(frame)
    if (!picker) return
    picker.removeEventListener('keydown', onKey)
    // Closed from inside (the focus there, or dropped with the element that had it): back to the field, not to
    // the page's start.
    const active = document.activeElement
    if (!active || active === document.body || picker.contains(active)) document.getElementById(id)?.focus()
  }
}

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
}) {
  const [open, setOpen] = useState(false)
  const shown = options.find((o) => o.value === value)?.label
  useEffect(() => (open ? keyboardHeader(id, () => setOpen(false)) : undefined), [open, id])

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
        onPointerDown={preloadSheets}
        onFocus={preloadSheets}
        onKeyDown={onKeyDown}
        aria-haspopup="dialog"
        aria-label={name && `${name}：${shown ?? placeholder}`}
      >
        {shown ?? <span className="date-field-placeholder">{placeholder}</span>}
      </button>
      <ChoiceWheel
        title={title}
        // Names the picker after its field: the pickers of closed fields stay in the document.
        data-field={id}
        visible={open}
        onClose={() => setOpen(false)}
        columns={[options.map((o) => ({ label: o.label, value: o.value }))]}
        value={value ? [value] : []}
        onConfirm={([chosen]) => {
          const option = options.find((o) => o.value === chosen)
          if (option && option.value !== value) onChange(option.value)
        }}
      />
    </>
  )
}
