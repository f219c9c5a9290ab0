// The wheels of the choice and date fields (PickerField, DateField), loaded when a field is first touched
// (lazyFieldWheels.tsx): a form shows and answers without them. The wheel's 取消 and 确定 are links without an
// address in antd-mobile, out of the tab order: an open choice wheel makes them reachable (Tab, Enter or Space)
// and puts the focus on 确定; Escape cancels.
import { useEffect } from 'react'
import { chineseWheelLabel } from '../../domain/dates'
import { ChoiceWheel, DateWheel, preloadSheets } from './LazySheets'
import type { ChoiceFieldWheelProps, DateFieldWheelProps } from './lazyFieldWheels'

/**
 * Starts loading antd-mobile's wheels. (A wrapper, not a re-export: a module this lazy chunk re-exported would
 * become a chunk of its own, one more file for every screen with a sheet.)
 */
export const preloadWheels = () => preloadSheets()

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

/** The wheel of a choice field (PickerField), named after it: the wheels of closed fields stay in the document. */
export function ChoiceFieldWheel({
  id,
  title,
  open,
  close,
  options,
  value,
  onChoose,
}: ChoiceFieldWheelProps) {
  useEffect(() => (open ? keyboardHeader(id, close) : undefined), [open, id, close])
  return (
    <ChoiceWheel
      title={title}
      data-field={id}
      visible={open}
      onClose={close}
      columns={[options.map((o) => ({ label: o.label, value: o.value }))]}
      value={value ? [value] : []}
      onConfirm={([chosen]) => {
        if (chosen !== undefined && chosen !== null) onChoose(String(chosen))
      }}
    />
  )
}

const toDate = (iso: string) => new Date(`${iso}T00:00:00`)
const pad = (n: number) => String(n).padStart(2, '0')
const toIso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** The wheel of a date field (DateField), in days, between `min` and `max` (ISO dates). */
export function DateFieldWheel({ id, title, open, close, min, max, value, onChoose }: DateFieldWheelProps) {
  return (
    <DateWheel
      title={title}
      data-field={id}
      visible={open}
      onClose={close}
      precision="day"
      min={toDate(min)}
      max={toDate(max)}
      value={value ? toDate(value) : undefined}
      renderLabel={chineseWheelLabel}
      onConfirm={(date) => onChoose(toIso(date))}
    />
  )
}
