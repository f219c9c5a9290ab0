// The schema of the field at a JSON pointer of a config, followed through $refs and the oneOf of blocks,
// campaigns and rewards (the branch whose type/kind the config holds): where an error's field gets its
// Chinese name (its description, the words at the $ref site winning over the shared kind's).
import { isObject, type JsonObject } from './json'
import { SCHEMA_BASE, type SchemaFile } from './schemaSet'

export interface FieldSchema {
  /** The field's key (the last pointer segment that is not an array index). */
  key: string
  /** The field's description (the one at the reference site wins). */
  description?: string
  schema: JsonObject
}

const ROOT = 'schemas/page.schema.json'

export function splitPointer(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
}

export function createSchemaLookup(files: readonly SchemaFile[]) {
  const byPath = new Map(files.map((f) => [f.path, f.schema as JsonObject]))

  const node = (file: string, pointer: string): JsonObject | undefined => {
    let at: unknown = byPath.get(file)
    for (const part of splitPointer(pointer)) at = isObject(at) ? at[part] : undefined
    return isObject(at) ? at : undefined
  }

  /** Follows $refs; the first description met (the outermost) wins. */
  const deref = (
    schema: JsonObject,
    file: string,
  ): { schema: JsonObject; file: string; description?: string } => {
    let description = typeof schema.description === 'string' ? schema.description : undefined
    for (let hops = 0; typeof schema.$ref === 'string' && hops < 10; hops++) {
      const url = new URL(schema.$ref, SCHEMA_BASE + file)
      const target = url.href.slice(SCHEMA_BASE.length).split('#')[0]
      const next = node(target, decodeURIComponent(url.hash.slice(1)))
      if (!next) break
      file = target
      schema = next
      description ??= typeof schema.description === 'string' ? schema.description : undefined
    }
    return { schema, file, description }
  }

  /** The branch of a oneOf/anyOf the instance means (by its type/kind const), or the first with `key`. */
  const branch = (schema: JsonObject, file: string, instance: unknown, key: string | undefined) => {
    const options = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined
    if (!Array.isArray(options)) return { schema, file }
    const resolved = options.filter(isObject).map((o) => deref(o, file))
    const tag = (s: JsonObject, name: string) => {
      const p = isObject(s.properties) ? s.properties[name] : undefined
      return isObject(p) ? p.const : undefined
    }
    const picked =
      (isObject(instance) &&
        resolved.find((r) =>
          ['type', 'kind'].some(
            (name) => instance[name] !== undefined && tag(r.schema, name) === instance[name],
          ),
        )) ||
      resolved.find((r) => key !== undefined && isObject(r.schema.properties) && key in r.schema.properties)
    return picked ? { schema: picked.schema, file: picked.file } : { schema, file }
  }

  return {
    /** The field at `pointer` of `config`, or undefined when the schema does not know it. */
    fieldAt(config: unknown, pointer: string): FieldSchema | undefined {
      let current = deref(node(ROOT, '')!, ROOT)
      let instance: unknown = config
      let field: FieldSchema = { key: '', schema: current.schema, description: current.description }
      for (const part of splitPointer(pointer)) {
        const chosen = branch(current.schema, current.file, instance, part)
        const s = chosen.schema
        let child: unknown
        if (Array.isArray(instance) && /^\d+$/.test(part)) child = s.items
        else if (isObject(s.properties) && part in s.properties) child = s.properties[part]
        else if (isObject(s.additionalProperties)) child = s.additionalProperties
        if (!isObject(child)) return undefined
        current = deref(child, chosen.file)
        instance = Array.isArray(instance)
          ? instance[Number(part)]
          : isObject(instance)
            ? instance[part]
            : undefined
        if (!/^\d+$/.test(part) || !field.key)
          field = { key: part, schema: current.schema, description: current.description }
        else field = { ...field, schema: current.schema }
      }
      field.schema = branch(field.schema, current.file, instance, undefined).schema
      return field
    },
  }
}

export type SchemaLookup = ReturnType<typeof createSchemaLookup>
