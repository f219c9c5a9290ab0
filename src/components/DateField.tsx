import { useState } from 'react'
import { DateWheel, preloadSheets } from './sheets/LazySheets'
import './DateField.css'

// One date control everywhere (antd-mobile's wheel picker, labels in Chinese), never the browser's
// mm/dd/yyyy input. The value stays an ISO calendar date (YYYY-MM-DD); the field shows 2020年1月1日.

const toDate = (iso: string) => new Date(`${iso}T00:00:00`)
const pad = (n: number) => String(n).padStart(2, '0')
const toIso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
const UNITS = { year: '年', month: '月', day: '日' } as const

/** A date wheel's item with its unit (2020年, 1月, 5日): every antd-mobile DatePicker's `renderLabel`. */
export const chineseWheelLabel = (type: string, data: number): string =>
  type in UNITS ? `${data}${UNITS[type as keyof typeof UNITS]}` : String(data)

/** 2020-01-05 -> 2020年1月5日 (empty for anything else). */
export function chineseDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : ''
}

export function DateField({
  id,
  value,
  onChange,
  min,
  max,
  title,
  placeholder = '请选择日期',
  disabled = false,
}: {
  id: string
  value: string
  onChange: (iso: string) => void
  /** ISO dates bounding the choice. */
  min: string
  max: string
  /** The picker's heading, e.g. 出生日期. */
  title: string
  placeholder?: string
  disabled?: boolean
}) {
  const [open, setOpen] = useState(false)
  const shown = chineseDate(value)
  return (
    <>
      <button
        type="button"
        id={id}
        className="date-field"
        value={value}
        disabled={disabled}
        onClick={() => setOpen(true)}
        onPointerDown={preloadSheets}
        onFocus={preloadSheets}
        aria-haspopup="dialog"
      >
        {shown || <span className="date-field-placeholder">{placeholder}</span>}
      </button>
      <DateWheel
        title={title}
        // Names the picker after its field: the pickers of closed fields stay in the document.
        data-field={id}
        visible={open}
        onClose={() => setOpen(false)}
        precision="day"
        min={toDate(min)}
        max={toDate(max)}
        value={value ? toDate(value) : undefined}
        renderLabel={chineseWheelLabel}
        onConfirm={(date) => onChange(toIso(date))}
      />
    </>
  )
}
