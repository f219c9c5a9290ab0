import { useState } from 'react'
import { Picker } from 'antd-mobile'
import './DateField.css'

// One choice control everywhere (antd-mobile's wheel picker, as DateField for dates), never the browser's
// <select>: a button named by its field's <label>, showing the chosen name, that opens the wheel.

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
  return (
    <>
      <button
        type="button"
        id={id}
        className="date-field picker-field"
        value={value}
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={name && `${name}：${shown ?? placeholder}`}
      >
        {shown ?? <span className="date-field-placeholder">{placeholder}</span>}
      </button>
      <Picker
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
