// rjsf's validator without ajv: the studio page's CSP forbids eval (ajv compiles schemas to code), and the
// server's validator is the one source of truth anyway. rjsf still asks "does this data fit this schema?" to
// pick a oneOf/anyOf option; a structural check (type, const, required, enum) answers that.

import type { ErrorSchema, RJSFSchema, ValidationData, ValidatorType } from '@rjsf/utils'

type Schema = Record<string, unknown>
const isPlain = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v)

function typeFits(type: unknown, data: unknown): boolean {
  if (type === undefined) return true
  if (Array.isArray(type)) return type.some((t) => typeFits(t, data))
  switch (type) {
    case 'object':
      return isPlain(data)
    case 'array':
      return Array.isArray(data)
    case 'integer':
      return Number.isInteger(data)
    case 'number':
      return typeof data === 'number'
    case 'null':
      return data === null
    default:
      return typeof data === type
  }
}

export function fits(schema: unknown, data: unknown): boolean {
  if (!isPlain(schema)) return true
  if (!typeFits(schema.type, data)) return false
  if ('const' in schema && schema.const !== data) return false
  if (Array.isArray(schema.enum) && !schema.enum.includes(data)) return false
  if (isPlain(data)) {
    for (const key of (schema.required as string[] | undefined) ?? []) if (!(key in data)) return false
    const props = isPlain(schema.properties) ? schema.properties : {}
    for (const [key, sub] of Object.entries(props)) if (key in data && !fits(sub, data[key])) return false
  }
  return true
}

export const structuralValidator: ValidatorType = {
  validateFormData(): ValidationData<unknown> {
    return { errors: [], errorSchema: {} as ErrorSchema }
  },
  isValid(schema: RJSFSchema, formData: unknown) {
    return fits(schema, formData)
  },
  rawValidation() {
    return { errors: undefined, validationError: undefined }
  },
}
