// The generated property form of one block (or of the page-level fields): react-jsonschema-form with its antd
// theme, the studio's own editors, and the server's errors shown at their fields. rjsf does not validate: the
// server's validator is the one source of truth, its findings come in as `extraErrors`.

import { Fragment, memo, useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react'
import { Alert } from 'antd'
import Form from '@rjsf/antd'
import { structuralValidator as validator } from './validator'
import type { IChangeEvent } from '@rjsf/core'
import type { ErrorSchema, UiSchema } from '@rjsf/utils'
import { ADVANCED_FIELDS, AdvancedFields } from './AdvancedFields'
import { translateFormString } from './formStrings'
import { isPlainField, PlainField } from './PlainField'
import { studioFields, studioWidgets, type EditorFormContext } from './fields'
import { addLabelOf, studioTemplates } from './formTemplates'
import type { JsonSchema } from './schemas'
import { selectPlaceholder } from './selectPlaceholder'
import { splitPointer, type Json } from './configOps'
import type { StudioConfigError } from './types'

const FIELD_OF: Record<string, string> = {
  action: 'action',
  navigate: 'action',
  condition: 'condition',
  phases: 'phases',
  'nested-blocks': 'nested-blocks',
  campaign: 'campaign',
  'product-source': 'product-source',
}
const WIDGET_OF: Record<string, string> = { datetime: 'datetime', image: 'image', markdown: 'markdown' }

/** The uiSchema for a schema made by schemas.ts: its x-studio marks become fields and widgets. */
export function uiSchemaFor(schema: JsonSchema, top = true): UiSchema {
  const ui: UiSchema = {}
  const mark = schema['x-studio']
  if (typeof mark === 'string' && FIELD_OF[mark]) {
    ui['ui:field'] = FIELD_OF[mark]
    if (mark === 'navigate') ui['ui:options'] = { navigate: true }
    // The campaign picker shows its errors under itself (CampaignPicker.tsx), not again below the field.
    if (mark === 'campaign') ui['ui:hideError'] = true
    return ui
  }
  if (typeof mark === 'string' && WIDGET_OF[mark]) ui['ui:widget'] = WIDGET_OF[mark]
  if (Array.isArray(schema['x-enum-names'])) ui['ui:enumNames'] = schema['x-enum-names'] as string[]
  if (Array.isArray(schema['x-enum-names'])) ui['ui:placeholder'] = selectPlaceholder(schema)
  if (addLabelOf(schema)) ui['ui:addLabel'] = addLabelOf(schema)
  if ('const' in schema && !top) ui['ui:widget'] = 'hidden'
  const props = schema.properties as Record<string, JsonSchema> | undefined
  if (props) for (const [k, v] of Object.entries(props)) ui[k] = uiSchemaFor(v, false)
  if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items))
    ui.items = uiSchemaFor(schema.items as JsonSchema, false)
  if (top) ui['ui:submitButtonOptions'] = { norender: true }
  return ui
}

/** The errors under `base` as rjsf's error tree (relative pointers -> nested keys with __errors). */
export function errorSchemaFor(errors: readonly StudioConfigError[], base: string): ErrorSchema | undefined {
  const root: Record<string, unknown> = {}
  let any = false
  for (const error of errors) {
    if (error.pointer !== base && !error.pointer.startsWith(base + '/')) continue
    any = true
    let node = root
    for (const part of splitPointer(error.pointer.slice(base.length))) {
      node[part] ??= {}
      node = node[part] as Record<string, unknown>
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), error.message]
  }
  return any ? (root as ErrorSchema) : undefined
}

const behaviour = {
  emptyObjectFields: 'skipDefaults',
  arrayMinItems: { populate: 'never' },
} as const

export interface PropertyFormProps {
  schema: JsonSchema
  value: Json
  /** The value's pointer in the config: errors under it show at their fields. */
  pointer: string
  errors: readonly StudioConfigError[]
  context: EditorFormContext
  readOnly: boolean
  onChange(value: Json, field: string): void
  /** Shown right under a property's fields (the page form's 分享 gets the WeChat card's preview). */
  after?: Readonly<Record<string, ReactNode>>
}

/** Strips undefined members rjsf leaves behind for cleared fields. */
function prune(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prune)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = prune(v)
    return out
  }
  return value
}

interface PartProps {
  name: string
  schema: JsonSchema
  value: unknown
  required: boolean
  /** rjsf's errors for this property (undefined when none). */
  extraErrors: ErrorSchema | undefined
  context: EditorFormContext
  readOnly: boolean
  onChange(name: string, value: unknown, field: string): void
}

/**
 * One property of the value as a form of its own: rjsf re-renders a whole form on every change, so a form per
 * property keeps a keystroke to the field typed in (the budget is 100 ms to the preview with 4x throttling).
 * A plain text or number property skips rjsf altogether (PlainField.tsx).
 */
const Part = memo(function Part({
  name,
  schema,
  value,
  required,
  extraErrors,
  context,
  readOnly,
  onChange,
}: PartProps) {
  const uiSchema = useMemo(() => ({ ...uiSchemaFor(schema, false), ...NO_SUBMIT }), [schema])
  const shown = useMemo(
    () => (required ? { ...schema, title: `${String(schema.title ?? name)} *` } : schema),
    [schema, required, name],
  )
  if (isPlainField(schema))
    return (
      <PlainField
        id={`root_${name}`}
        schema={schema}
        label={String(shown.title ?? name)}
        value={value}
        errors={extraErrors?.__errors}
        readOnly={readOnly}
        onChange={(next) => onChange(name, next, name)}
      />
    )
  return (
    <Form
      schema={shown}
      uiSchema={uiSchema}
      formData={value}
      idPrefix={`root_${name}`}
      validator={validator}
      fields={studioFields}
      widgets={studioWidgets}
      templates={studioTemplates}
      formContext={context}
      extraErrors={extraErrors}
      noHtml5Validate
      translateString={translateFormString}
      showErrorList={false}
      liveValidate={false}
      readonly={readOnly}
      experimental_defaultFormStateBehavior={behaviour}
      onChange={(event: IChangeEvent, id?: string) => {
        let next = prune(event.formData)
        // An emptied object or list is no value (rjsf makes {} of an absent object field).
        if (next && typeof next === 'object' && Object.keys(next).length === 0) next = undefined
        // rjsf reports its own normalisations too: only a real change is an edit.
        if (JSON.stringify(next) === JSON.stringify(value)) return
        onChange(name, next, id ?? name)
      }}
    />
  )
})

const NO_SUBMIT: UiSchema = { 'ui:submitButtonOptions': { norender: true } }

/** Each property's errors, as a stable object while its errors are the same. */
function usePartErrors(errors: readonly StudioConfigError[], pointer: string) {
  const key = errors
    .filter((e) => e.pointer === pointer || e.pointer.startsWith(pointer + '/'))
    .map((e) => `${e.pointer}\u0000${e.message}`)
    .join('\u0001')
  return useMemo(() => {
    const relevant = key
      ? key.split('\u0001').map((line) => {
          const [p, message] = line.split('\u0000')
          return { pointer: p, message, line: 0, column: 0 }
        })
      : []
    const own = relevant.filter((e) => e.pointer === pointer).map((e) => e.message)
    const byPart = new Map<string, ErrorSchema>()
    for (const e of relevant) {
      if (e.pointer === pointer) continue
      const name = splitPointer(e.pointer.slice(pointer.length))[0]
      if (byPart.has(name)) continue
      const schema = errorSchemaFor(relevant, `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`)
      if (schema) byPart.set(name, schema)
    }
    return { own, byPart }
  }, [key, pointer])
}

export const PropertyForm = memo(function PropertyForm(props: PropertyFormProps) {
  const { schema, value, pointer, errors, context, readOnly, onChange, after } = props
  const latest = useRef(value)
  useLayoutEffect(() => {
    latest.current = value
  }, [value])
  const onPart = useCallback(
    (name: string, next: unknown, field: string) => {
      const copy: Json = { ...latest.current }
      if (next === undefined) delete copy[name]
      else copy[name] = next
      latest.current = copy
      onChange(copy, field)
    },
    [onChange],
  )
  const { own, byPart } = usePartErrors(errors, pointer)
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required as string[] | undefined) ?? [])
  const part = ([name, sub]: [string, JsonSchema]) =>
    'const' in sub ? null : (
      <Fragment key={name}>
        <Part
          name={name}
          schema={sub}
          value={value[name]}
          required={required.has(name)}
          extraErrors={byPart.get(name)}
          context={context}
          readOnly={readOnly}
          onChange={onPart}
        />
        {after?.[name]}
      </Fragment>
    )
  // The block's own fields first; the generic ones folded under 高级 (AdvancedFields.tsx).
  const entries = Object.entries(properties)
  const advanced = entries.filter(([name]) => ADVANCED_FIELDS.has(name))
  return (
    <div className="studio-form">
      {own.map((message) => (
        <Alert key={message} type="error" showIcon title={message} style={{ marginBottom: 12 }} />
      ))}
      {entries.filter(([name]) => !ADVANCED_FIELDS.has(name)).map(part)}
      <AdvancedFields
        names={advanced.map(([name]) => name)}
        hasErrors={advanced.some(([name]) => byPart.has(name))}
      >
        {advanced.map(part)}
      </AdvancedFields>
    </div>
  )
})
