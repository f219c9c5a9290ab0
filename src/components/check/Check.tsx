import { createContext, useContext, useId, type CSSProperties, type ReactNode } from 'react'
import 'antd-mobile/es/components/checkbox/checkbox.css'
import 'antd-mobile/es/components/radio/radio.css'
import './Check.css'

// antd-mobile's Checkbox and Radio (the API subset the app uses, the same markup and class names, so they look
// the same) on a native input that stays focusable: antd-mobile's bring its props helpers, a click listener
// and icons (about 1.6 KiB gzip) to every form and questionnaire; these are a few hundred bytes.

type Value = string | number

interface GroupState {
  name: string
  disabled?: boolean
  has: (value: Value) => boolean
  set: (value: Value, checked: boolean) => void
}

const CheckboxGroupContext = createContext<GroupState | null>(null)
const RadioGroupContext = createContext<GroupState | null>(null)

interface CheckProps {
  checked?: boolean
  disabled?: boolean
  onChange?: (checked: boolean) => void
  /** Inside a group: the value it stands for. */
  value?: Value
  id?: string
  block?: boolean
  className?: string
  style?: CSSProperties
  'aria-label'?: string
  'data-testid'?: string
  children?: ReactNode
}

const TICK = (
  <svg viewBox="0 0 40 40" aria-hidden>
    <path d="M12 20.5l6 6 11-12" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
  </svg>
)

function Check({
  type,
  group,
  ...props
}: CheckProps & { type: 'checkbox' | 'radio'; group: GroupState | null }) {
  const prefix = `adm-${type}`
  const inGroup = group !== null && props.value !== undefined
  const checked = inGroup ? group.has(props.value as Value) : Boolean(props.checked)
  const disabled = Boolean(props.disabled || group?.disabled)
  const change = (next: boolean) => {
    if (inGroup) group.set(props.value as Value, next)
    props.onChange?.(next)
  }
  return (
    <label
      className={[
        prefix,
        'app-check',
        checked && `${prefix}-checked`,
        disabled && `${prefix}-disabled`,
        props.block && `${prefix}-block`,
        props.className,
      ]
        .filter(Boolean)
        .join(' ')}
      style={props.style}
      data-testid={props['data-testid']}
    >
      <div className={`${prefix}-icon`}>
        <input
          type={type}
          name={inGroup ? group.name : undefined}
          id={props.id}
          checked={checked}
          disabled={disabled}
          aria-label={props['aria-label']}
          onChange={(event) => change(event.target.checked)}
        />
        {checked && TICK}
      </div>
      {props.children && <div className={`${prefix}-content`}>{props.children}</div>}
    </label>
  )
}

interface GroupProps<V> {
  value: V
  onChange?: (value: V) => void
  disabled?: boolean
  children?: ReactNode
}

function CheckboxGroup({ value, onChange, disabled, children }: GroupProps<Value[]>) {
  const name = useId()
  const state: GroupState = {
    name,
    disabled,
    has: (v) => value.includes(v),
    set: (v, checked) =>
      onChange?.(checked ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v)),
  }
  return <CheckboxGroupContext value={state}>{children}</CheckboxGroupContext>
}

function RadioGroup({
  value,
  onChange,
  disabled,
  children,
}: Omit<GroupProps<Value | null>, 'onChange'> & { onChange?: (value: Value) => void }) {
  const name = useId()
  const state: GroupState = {
    name,
    disabled,
    has: (v) => v === value,
    set: (v, checked) => {
      if (checked && v !== value) onChange?.(v)
    },
  }
  return <RadioGroupContext value={state}>{children}</RadioGroupContext>
}

export function Checkbox(props: CheckProps) {
  return <Check type="checkbox" group={useContext(CheckboxGroupContext)} {...props} />
}
Checkbox.Group = CheckboxGroup

export function Radio(props: CheckProps) {
  return <Check type="radio" group={useContext(RadioGroupContext)} {...props} />
}
Radio.Group = RadioGroup
