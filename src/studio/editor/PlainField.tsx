// A plain text or number property, edited without react-jsonschema-form. rjsf reports a change only after it has
// re-rendered its form in the keystroke's own task, and the preview frame shares this thread, so each key reached
// the preview 40–60 ms late with 4x CPU throttling. This field renders the same markup as rjsf's antd theme
// (Form.Item, label, description, errors, ids) and hands the edit on at once; a key re-renders its input alone.

import { useState } from 'react'
import { Form, Input, InputNumber } from 'antd'
import type { JsonSchema } from './schemas'

const FULL = { span: 24 }
const INPUT_STYLE = { width: '100%' }

/** Whether a property is a plain string or number rjsf would give its default input. */
export function isPlainField(schema: JsonSchema): boolean {
  const type = schema.type
  return (
    (type === 'string' || type === 'number' || type === 'integer') &&
    schema['x-studio'] === undefined &&
    schema.enum === undefined &&
    schema.format === undefined &&
    !('const' in schema)
  )
}

interface EchoState {
  shown: unknown
  /** The last value received from the config. */
  prop: unknown
  /** Values handed on whose echo has not come back yet. */
  sent: unknown[]
}

/** The state after the config's value for this field changed to `value`. */
export function received(state: EchoState, value: unknown): EchoState {
  const echo = state.sent.indexOf(value)
  return echo >= 0
    ? { shown: state.shown, prop: value, sent: state.sent.slice(echo + 1) }
    : { shown: value, prop: value, sent: [] }
}

export interface PlainFieldProps {
  id: string
  schema: JsonSchema
  /** The label (with the required mark already added). */
  label: string
  value: unknown
  errors: readonly string[] | undefined
  readOnly: boolean
  /** The new value; undefined when the field is emptied. */
  onChange(value: string | number | undefined): void
}

export function PlainField({ id, schema, label, value, errors, readOnly, onChange }: PlainFieldProps) {
  const description = typeof schema.description === 'string' ? schema.description : undefined
  return (
    <form className="rjsf" noValidate onSubmit={(e) => e.preventDefault()}>
      <div className={`rjsf-field rjsf-field-${String(schema.type)}`}>
        <Form.Item
          hasFeedback
          htmlFor={id}
          label={label}
          labelCol={FULL}
          wrapperCol={FULL}
          validateStatus={errors?.length ? 'error' : undefined}
          help={
            errors?.length ? (
              <div id={`${id}__error`}>
                {errors.map((error) => (
                  <div key={error}>{error}</div>
                ))}
              </div>
            ) : undefined
          }
          extra={description && <span id={`${id}__description`}>{description}</span>}
        >
          <PlainInput id={id} schema={schema} value={value} readOnly={readOnly} onChange={onChange} />
        </Form.Item>
      </div>
    </form>
  )
}

/**
 * The input with the value it shows: a key re-renders this alone, not the Form.Item around it (label, grid,
 * status), which is most of the key's own work with 4x CPU throttling (bench:studio).
 */
function PlainInput({
  id,
  schema,
  value,
  readOnly,
  onChange,
}: Pick<PlainFieldProps, 'id' | 'schema' | 'value' | 'readOnly' | 'onChange'>) {
  // The shown value is local so the input follows every key at once; the config catches up as a transition,
  // so the values coming back may lag behind the keys. Those are echoes of `sent` and change nothing; any other
  // value (undo, the JSON view) replaces what is shown.
  const [state, setState] = useState<EchoState>(() => ({ shown: value, prop: value, sent: [] }))
  if (value !== state.prop) setState(received(state, value))
  const change = (next: string | number | undefined) => {
    setState((s) => ({ ...s, shown: next, sent: [...s.sent, next] }))
    onChange(next)
  }
  const shown = state.shown
  const describedBy = `${id}__error ${id}__description ${id}__help`
  return schema.type !== 'string' ? (
    <InputNumber
      id={id}
      name={id}
      style={INPUT_STYLE}
      disabled={readOnly}
      changeOnWheel={false}
      min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
      max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
      value={typeof shown === 'number' ? shown : null}
      onChange={(next) => change(typeof next === 'number' ? next : undefined)}
      aria-describedby={describedBy}
    />
  ) : (
    <Input
      id={id}
      name={id}
      style={INPUT_STYLE}
      disabled={readOnly}
      value={shown === undefined || shown === null ? '' : String(shown)}
      onChange={(e) => change(e.target.value === '' ? undefined : e.target.value)}
      aria-describedby={describedBy}
    />
  )
}
