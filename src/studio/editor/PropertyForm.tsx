// The generated property form of one block (or of the page-level fields): react-jsonschema-form with its antd
// theme, the studio's own editors, and the server's errors shown at their fields. rjsf does not validate: the
// server's validator is the one source of truth, its findings come in as `extraErrors`.

import { memo, useMemo } from 'react'
import Form from '@rjsf/antd'
import validator from '@rjsf/validator-ajv8'
import type { IChangeEvent } from '@rjsf/core'
import type { ErrorSchema, UiSchema } from '@rjsf/utils'
import { studioFields, studioWidgets, type EditorFormContext } from './fields'
import type { JsonSchema } from './schemas'
import { splitPointer, type Json } from './configOps'
import type { StudioConfigError } from './types'

const FIELD_OF: Record<string, string> = {
  action: 'action',
  navigate: 'action',
  condition: 'condition',
  phases: 'phases',
  'nested-blocks': 'nested-blocks',
}
const WIDGET_OF: Record<string, string> = { datetime: 'datetime', image: 'image', markdown: 'markdown' }

/** The uiSchema for a schema made by schemas.ts: its x-studio marks become fields and widgets. */
export function uiSchemaFor(schema: JsonSchema, top = true): UiSchema {
  const ui: UiSchema = {}
  const mark = schema['x-studio']
  if (typeof mark === 'string' && FIELD_OF[mark]) {
    ui['ui:field'] = FIELD_OF[mark]
    if (mark === 'navigate') ui['ui:options'] = { navigate: true }
    return ui
  }
  if (typeof mark === 'string' && WIDGET_OF[mark]) ui['ui:widget'] = WIDGET_OF[mark]
  if (Array.isArray(schema['x-enum-names'])) ui['ui:enumNames'] = schema['x-enum-names'] as string[]
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

export const PropertyForm = memo(function PropertyForm(props: PropertyFormProps) {
  const { schema, value, pointer, errors, context, readOnly, onChange } = props
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema])
  const extraErrors = useMemo(() => errorSchemaFor(errors, pointer), [errors, pointer])
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={value}
      validator={validator}
      fields={studioFields}
      widgets={studioWidgets}
      formContext={context}
      extraErrors={extraErrors}
      noHtml5Validate
      showErrorList={false}
      liveValidate={false}
      readonly={readOnly}
      experimental_defaultFormStateBehavior={behaviour}
      onChange={(event: IChangeEvent, id?: string) => {
        const next = prune(event.formData) as Json
        // rjsf reports its own normalisations too: only a real change is an edit.
        if (JSON.stringify(next) === JSON.stringify(value)) return
        onChange(next, id ?? '')
      }}
    />
  )
})
