import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './repoRoot'

// The API's JSON Schemas live in schemas/api/<resource>.schema.json (also the source of the generated
// TypeScript types). Routes take self-contained copies of their definitions: local $refs inlined, so
// Fastify's validator, the response serializer and the OpenAPI document all see the same plain schema.

export type JsonSchema = { [key: string]: unknown }

const API_SCHEMA_DIR = join(REPO_ROOT, 'schemas/api')

const files = new Map<string, JsonSchema>()
for (const name of readdirSync(API_SCHEMA_DIR)) {
  if (!name.endsWith('.schema.json')) continue
  files.set(
    name.replace('.schema.json', ''),
    JSON.parse(readFileSync(join(API_SCHEMA_DIR, name), 'utf8')) as JsonSchema,
  )
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function inline(node: unknown, root: JsonSchema, file: string, seen: string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, root, file, seen))
  if (!isObject(node)) return node
  const ref = node.$ref
  if (typeof ref === 'string') {
    const match = /^#\/definitions\/([A-Za-z0-9_]+)$/.exec(ref)
    if (!match) throw new Error(`schemas/api/${file}: unsupported $ref "${ref}" (only #/definitions/Name)`)
    if (seen.includes(match[1])) throw new Error(`schemas/api/${file}: recursive $ref ${match[1]}`)
    const { $ref: _ref, ...siblings } = node
    const target = (root.definitions as JsonSchema | undefined)?.[match[1]]
    if (!isObject(target)) throw new Error(`schemas/api/${file}: no definition ${match[1]}`)
    // Siblings (like a field's description) override the referenced definition's own.
    return { ...(inline(target, root, file, [...seen, match[1]]) as JsonSchema), ...siblings }
  }
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(node)) out[key] = inline(value, root, file, seen)
  return out
}

/** A definition of schemas/api/<file>.schema.json with every $ref inlined. */
export function apiSchema(file: string, definition: string): JsonSchema {
  const root = files.get(file)
  if (!root) throw new Error(`schemas/api/${file}.schema.json does not exist`)
  return inline({ $ref: `#/definitions/${definition}` }, root, file, []) as JsonSchema
}
