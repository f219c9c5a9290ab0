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

export function installValidation(app: FastifyInstance): void {
  const bodyAjv = createAjv(false)
  const textAjv = createAjv(true)
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object),
  )
}
