import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import { Ajv, type Options, type ValidateFunction } from 'ajv'
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

// Each route's validators and reply serializer are compiled when it is first used, not at start-up: compiling
// all of them (~360 schemas) was a third of a server process's start (1.3 of 4 CPU-s) and a quarter of each
// test app's. A schema that does not compile is still found by a test (compileAllSchemas, inputSchemas.test.ts).
const pending = new WeakMap<FastifyInstance, Array<() => unknown>>()

function onFirstUse<F>(list: Array<() => unknown>, compile: () => F): () => F {
  let compiled: F | undefined
  const get = () => (compiled ??= compile())
  list.push(get)
  return get
}

/** Installs the request validators and reply serializers, each compiled on first use. */
export function installSchemaCompilers(app: FastifyInstance): void {
  const list: Array<() => unknown> = []
  pending.set(app, list)
  const bodyAjv = createAjv(false)
  const textAjv = createAjv(true)
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : textAjv
    const get = onFirstUse(list, () => ajv.compile(refuseControlCharacters(schema) as object))
    const validate = Object.assign(
      (data: unknown) => {
        const compiled = get()
        const valid = compiled(data)
        // Fastify reads a failed validation's errors from the function it was given.
        validate.errors = compiled.errors
        return valid
      },
      { errors: null as ValidateFunction['errors'] },
    )
    return validate
  })
  // Fastify's own serializer compiler (fast-json-stringify), deferred the same way.
  const serializer = SerializerSelector()()
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    const get = onFirstUse(list, () =>
      serializer({ schema, method, url, httpStatus: httpStatus ?? 'default' }),
    )
    return (data: unknown) => get()(data)
  })
}

/** Compiles every schema of `app`'s routes now (after `app.ready()`): a broken schema throws here. */
export function compileAllSchemas(app: FastifyInstance): number {
  const list = pending.get(app) ?? []
  for (const compile of list) compile()
  return list.length
}
