import { Ajv, type Options } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifyInstance } from 'fastify'

// Two validators from the same schemas: query strings and path params arrive as text and are coerced
// ("20" -> 20); JSON bodies are not (a number where a string belongs is a 400, not silently fixed).
// Unknown fields are rejected, never stripped. `verbose` gives the error its schema, for Chinese labels.
const common: Options = {
  allErrors: true,
  verbose: true,
  removeAdditional: false,
  useDefaults: false,
  strict: false,
}

function createAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({ ...common, coerceTypes })
  addFormats(ajv)
  return ajv
}

/**
 * What a free-text input string may hold: no control characters (NUL, escapes, DEL) and no lone UTF-16
 * surrogate (not a character: PostgreSQL's jsonb refuses it). Ajv matches with the u flag, so a well-formed pair
 * is one code point outside the refused range. A string with a pattern, format or enum of its own keeps it (the
 * schema test checks each such pattern refuses control characters too).
 */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001F\\u007F\\uD800-\\uDFFF]*$'

type SchemaNode = { [key: string]: unknown }

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A copy of an input schema in which every free string refuses control characters. */
export function refuseControlCharacters<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(refuseControlCharacters) as T
  if (!isNode(schema)) return schema
  const out: SchemaNode = {}
  for (const [key, value] of Object.entries(schema))
    out[key] = key === 'enum' || key === 'const' ? value : refuseControlCharacters(value)
  const types = Array.isArray(out.type) ? out.type : [out.type]
  const free = out.pattern === undefined && out.enum === undefined && out.const === undefined
  if (types.includes('string') && free) out.pattern = NO_CONTROL_CHARACTERS
  return out as T
}

export function installValidation(app: FastifyInstance): void {
  const bodyAjv = createAjv(false)
  const textAjv = createAjv(true)
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(refuseControlCharacters(schema) as object),
  )
}
