import { useState } from 'react'
import { chineseDate } from '../domain/dates'
import { DateFieldWheel, preloadFieldWheels, useOpenedOnce } from './sheets/lazyFieldWheels'
import './DateField.css'

// One date control everywhere (antd-mobile's wheel picker, labels in Chinese), never the browser's
// mm/dd/yyyy input. The value stays an ISO calendar date (YYYY-MM-DD); the field shows 2020年1月1日.

export function DateField({
  id,
  value,
  onChange,
  min,
  max,
  title,
  placeholder = '请选择日期',
  disabled = false,
  defaultOpen = false,
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
  /** Open from the start (a stand-in was tapped before the field's code had loaded, FormBlock.tsx). */
  defaultOpen?: boolean
}) {
  const [open, setOpen] = useState(defaultOpen)
  const opened = useOpenedOnce(open)
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
        onPointerDown={preloadFieldWheels}
        onFocus={preloadFieldWheels}
        aria-haspopup="dialog"
      >
        {shown || <span className="date-field-placeholder">{placeholder}</span>}
      </button>
      {opened && (
        <DateFieldWheel
          id={id}
          title={title}
          open={open}
          close={() => setOpen(false)}
          min={min}
          max={max}
          value={value}
          onChoose={onChange}
        />
      )}
    </>
  )
}
