// Every image field of every schema gets the studio's image widget (upload and 素材库). The fields are found in the
// schema files themselves, independently of how schemas.ts inlines them: by the "x-image" mark, and by a name that
// says image, so a new field someone forgot to mark fails here instead of getting a bare text box.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { blockFormSchema, pageFieldFormSchema, type JsonSchema } from '../../../../src/studio/editor/schemas'

const ROOT = join(__dirname, '../../../..')
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as JsonSchema
const BLOCK_TYPES = readdirSync(join(ROOT, 'src/blocks'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .filter((type) => {
    try {
      read(`src/blocks/${type}/schema.json`)
      return true
    } catch {
      return false
    }
  })

/** A field name that says it holds a picture. */
const IMAGE_NAME = /image|img|icon|background|poster|cover|avatar|logo|thumb|banner|picture|photo|pic$/i
/** Where a field with such a name holds a colour, not a picture. */
const COLOUR = /#\/\$defs\/(color|blockStyle)$/

const isPlain = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v)

function at(schema: JsonSchema, pointer: string): JsonSchema {
  let node: unknown = schema
  for (const part of pointer.split('/').filter(Boolean)) node = (node as JsonSchema)[part]
  return node as JsonSchema
}

/**
 * The paths of the image fields under `node` (in `file`): property names, `*` for an array's items or a map's
 * values, `oneOf:1` for a branch.
 */
function imageFields(node: unknown, file: string, key: string, path: string[], seen: string[]): string[][] {
  if (!isPlain(node)) return []
  let schema = node
  let where = file
  if (typeof node.$ref === 'string') {
    const url = new URL(node.$ref, `https://x/${file}`)
    const target = url.pathname.slice(1)
    const id = `${target}${url.hash}`
    if (COLOUR.test(decodeURIComponent(url.hash)) || seen.includes(id)) return []
    if (target.endsWith('content-block.schema.json') || target.startsWith('src/blocks/')) return [] // blocks
    const { $ref: _ref, ...siblings } = node
    schema = { ...at(read(target), decodeURIComponent(url.hash.slice(1))), ...siblings }
    where = target
    seen = [...seen, id]
  }
  const stringy =
    schema.type === 'string' || (schema.type === undefined && !schema.properties && !schema.items)
  if (schema['x-image'] === true || (IMAGE_NAME.test(key) && stringy)) return [path]
  const found: string[][] = []
  if (isPlain(schema.properties))
    for (const [name, prop] of Object.entries(schema.properties))
      found.push(...imageFields(prop, where, name, [...path, name], seen))
  if (isPlain(schema.items)) found.push(...imageFields(schema.items, where, key, [...path, '*'], seen))
  if (isPlain(schema.additionalProperties))
    found.push(...imageFields(schema.additionalProperties, where, key, [...path, '*'], seen))
  for (const branch of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = schema[branch]
    if (Array.isArray(list))
      list.forEach((item, i) =>
        found.push(...imageFields(item, where, key, [...path, `${branch}:${i}`], seen)),
      )
  }
  return found
}

/** The node at `path` in a form schema (as schemas.ts built it). */
function formNode(form: JsonSchema | undefined, path: string[]): JsonSchema | undefined {
  let node: unknown = form
  for (const step of path) {
    if (!isPlain(node)) return undefined
    const branch = /^(oneOf|anyOf|allOf):(\d+)$/.exec(step)
    if (branch) node = (node[branch[1]] as unknown[] | undefined)?.[Number(branch[2])]
    else if (step === '*') node = node.items ?? node.additionalProperties
    else node = (node.properties as JsonSchema | undefined)?.[step]
  }
  return isPlain(node) ? node : undefined
}

interface Field {
  where: string
  path: string[]
  widget: unknown
}

function pageFields(): Field[] {
  const page = read('schemas/page.schema.json')
  return Object.entries(page.properties as JsonSchema)
    .filter(([name]) => name !== 'blocks')
    .flatMap(([name, prop]) =>
      imageFields(prop, 'schemas/page.schema.json', name, [], []).map((path) => ({
        where: `page ${[name, ...path].join('.')}`,
        path,
        widget: formNode(pageFieldFormSchema(name), path)?.['x-studio'],
      })),
    )
}

function blockFields(): Field[] {
  return BLOCK_TYPES.flatMap((type) => {
    const file = `src/blocks/${type}/schema.json`
    return imageFields(read(file), file, '', [], [file]).map((path) => ({
      where: `${type} ${path.join('.')}`,
      path,
      widget: formNode(blockFormSchema(type), path)?.['x-studio'],
    }))
  })
}

describe('image fields in the studio', () => {
  const fields = [...pageFields(), ...blockFields()]

  it('finds the image fields of the blocks and the page, poster backgrounds and prize images included', () => {
    const where = fields.map((f) => f.where)
    expect(where).toEqual(
      expect.arrayContaining([
        'poster background',
        'page campaigns.*.prizes.*.image',
        'page share.image',
        'hero image',
        'carousel items.*.image',
        'video poster',
      ]),
    )
  })

  it('gives every one of them the image widget (upload and 从素材库选择)', () => {
    const without = fields.filter((f) => f.widget !== 'image').map((f) => f.where)
    expect(without).toEqual([])
  })
})
