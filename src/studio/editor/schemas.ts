// The block schemas as the property forms need them: every $ref inlined (relative to the file it sits in, as
// the validator resolves them in src/page-config/schemaSet.ts), Chinese labels from the descriptions, and the
// fields the studio edits with its own pickers (actions, conditions, times, images, markdown, nested blocks)
// marked with `x-studio` so the form can give them their widget.

import { BLOCK_TYPES } from '../../page-config/blockCatalog'
import { IMAGE_KEYWORD } from '../../page-config/schemaKeywords'
import { withCampaignPicker } from './campaigns/campaignModel'
import { withProductSourcePicker } from './productSource/productSourceModel'
import { blockNameOf, enumNames, labelOf } from '../../page-config/fieldLabels'

export type JsonSchema = Record<string, unknown>

const files = import.meta.glob<JsonSchema>(['../../../schemas/*.schema.json', '../../blocks/*/schema.json'], {
  eager: true,
  import: 'default',
})
const BASE = 'https://schemas.guoheng.local/'
/** By path from the repository root ("schemas/page.schema.json", "src/blocks/hero/schema.json"), as the validator has them. */
const byPath = new Map<string, JsonSchema>(
  Object.entries(files).map(([key, schema]) => [
    key.replace('../../../schemas/', 'schemas/').replace('../../blocks/', 'src/blocks/'),
    schema,
  ]),
)
const blockSchemaPath = (type: string) => `src/blocks/${type}/schema.json`

/** The studio's own editors, by the schema a field refers to. */
export type StudioWidget =
  | 'action'
  | 'navigate'
  | 'condition'
  | 'datetime'
  | 'image'
  | 'markdown'
  | 'phases'
  | 'nested-blocks'
  | 'campaign'
  | 'product-source'
const SPECIAL: Record<string, StudioWidget> = {
  'schemas/block-common.schema.json#/$defs/action': 'action',
  'schemas/block-common.schema.json#/$defs/navigateAction': 'navigate',
  'schemas/block-common.schema.json#/$defs/condition': 'condition',
  'schemas/block-common.schema.json#/$defs/dateTime': 'datetime',
  'schemas/block-common.schema.json#/properties/showIn': 'phases',
  'schemas/content-block.schema.json#': 'nested-blocks',
}

function resolveRef(ref: string, file: string): { file: string; pointer: string } {
  const url = new URL(ref, BASE + file)
  return { file: url.href.slice(BASE.length).split('#')[0], pointer: decodeURIComponent(url.hash.slice(1)) }
}

function at(schema: JsonSchema, pointer: string): JsonSchema {
  let node: unknown = schema
  for (const part of pointer.split('/').filter(Boolean)) {
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  if (!node || typeof node !== 'object') throw new Error(`schema pointer not found: ${pointer}`)
  return node as JsonSchema
}

const isPlain = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Inlines every $ref of `node` (found in `file`); the special ones become `x-studio` markers. */
function inline(node: unknown, file: string, key: string, seen: readonly string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, file, '', seen))
  if (!isPlain(node)) return node
  let out: JsonSchema = {}
  if (typeof node.$ref === 'string') {
    const target = resolveRef(node.$ref, file)
    const id = `${target.file}#${target.pointer}`
    const special = SPECIAL[id]
    const { $ref: _ref, ...siblings } = node
    if (special && special !== 'datetime' && special !== 'phases') {
      const described = special === 'nested-blocks' ? {} : at(byPath.get(target.file)!, target.pointer)
      out = { 'x-studio': special, description: described.description }
    } else if (seen.includes(id)) {
      out = { 'x-studio': 'condition' }
    } else {
      const resolved = inline(at(byPath.get(target.file)!, target.pointer), target.file, key, [...seen, id])
      out = { ...(resolved as JsonSchema) }
      if (special) out['x-studio'] = special
    }
    // A field's own words (description, maxLength…) win over the referenced schema's.
    for (const [k, v] of Object.entries(siblings)) out[k] = inline(v, file, k, seen)
    // The label follows the field's own description too ("标题文字", not the shared text's "文字").
    if (typeof siblings.description === 'string' && !('title' in siblings)) delete out.title
  } else {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$schema' || k === '$defs' || k === 'examples') continue
      if (k === 'properties' && isPlain(v)) {
        out.properties = Object.fromEntries(
          Object.entries(v).map(([name, prop]) => [name, inline(prop, file, name, seen)]),
        )
      } else out[k] = inline(v, file, k === 'items' ? '' : k, seen)
    }
  }
  if (node['x-markdown'] === true) out['x-studio'] = 'markdown'
  // Every image field (the schemas' own mark, as the validator reads it) uploads and picks from the library.
  if (node[IMAGE_KEYWORD] === true) out['x-studio'] = 'image'
  // Chinese labels: English type names (ButtonBlock, TimeWindow) give way to the description's words.
  if (key && key !== 'properties') {
    if (typeof out.title !== 'string' || /^[A-Z][A-Za-z]*$/.test(out.title))
      out.title = labelOf(out.description, key, Array.isArray(out.enum))
  } else if (typeof out.title === 'string' && /^[A-Z][A-Za-z]*$/.test(out.title)) delete out.title
  // A description that only repeats the label (页面主题色) is said once, as the label.
  if (out.description === out.title) delete out.description
  // A list's items and a map's values are labelled too (rjsf would show "items", "blocks-0", "item Key").
  for (const part of ['items', 'additionalProperties'] as const) {
    const sub = out[part]
    if (isPlain(sub) && typeof sub.title !== 'string')
      out[part] = { ...sub, title: typeof out.title === 'string' ? out.title : '一项' }
  }
  if (Array.isArray(out.enum) && out.enum.length > 1) {
    out['x-enum-names'] = enumNames(out.enum, out.description)
    // The help says the choices in the words the select shows ("default 区块间留边距" reads 区块间留边距).
    if (typeof out.description === 'string') out.description = withoutEnumValues(out.description, out.enum)
  }
  return out
}

/** A description without the raw enum values it names its choices by ("plain 区块紧贴" → "区块紧贴"). */
function withoutEnumValues(description: string, values: readonly unknown[]): string {
  return values.reduce<string>(
    (text, value) =>
      text.replace(
        new RegExp(
          `(^|[\\s：:，,、；])${String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(?=[\\u4e00-\\u9fa5])`,
        ),
        '$1',
      ),
    description,
  )
}

export interface BlockInfo {
  type: string
  /** Chinese name, e.g. 按钮. */
  name: string
  description: string
  example: Record<string, unknown>
  /** May not sit inside tabs. */
  pageOnly: boolean
}

/** The block catalogue: every block type with its Chinese name and first example. */
export const BLOCK_CATALOG: readonly BlockInfo[] = BLOCK_TYPES.map((type) => {
  const schema = byPath.get(blockSchemaPath(type))!
  const description = String(schema.description ?? '')
  const examples = schema.examples as Record<string, unknown>[] | undefined
  return {
    type,
    name: blockNameOf(description, type),
    description,
    example: examples?.[0] ?? { type },
    pageOnly: schema['x-page-only'] === true,
  }
})
const catalogByType = new Map(BLOCK_CATALOG.map((info) => [info.type, info]))

export function blockInfo(type: unknown): BlockInfo | undefined {
  return typeof type === 'string' ? catalogByType.get(type) : undefined
}

const formSchemas = new Map<string, JsonSchema>()

/** The self-contained form schema of one block type (cached), or undefined for an unknown type. */
export function blockFormSchema(type: unknown): JsonSchema | undefined {
  if (typeof type !== 'string' || !catalogByType.has(type)) return undefined
  let schema = formSchemas.get(type)
  if (!schema) {
    const file = blockSchemaPath(type)
    schema = withCampaignPicker(type, inline(byPath.get(file)!, file, '', [file + '#']) as JsonSchema)
    schema = withProductSourcePicker(type, schema)
    formSchemas.set(type, schema)
  }
  return schema
}

const PAGE_FIELDS = ['title', 'layout', 'requiresLogin', 'theme', 'share', 'schedule', 'dataSources'] as const
let pageSchema: JsonSchema | undefined

/** The form schema of the page-level fields (title, share, schedule, data sources…). */
export function pageFormSchema(): JsonSchema {
  if (!pageSchema) {
    const page = byPath.get('schemas/page.schema.json')!
    const props = page.properties as Record<string, unknown>
    const picked = Object.fromEntries(PAGE_FIELDS.map((k) => [k, props[k]]))
    pageSchema = inline(
      { type: 'object', required: ['title'], properties: picked },
      'schemas/page.schema.json',
      '',
      [],
    ) as JsonSchema
  }
  return pageSchema
}
export const PAGE_FORM_FIELDS: readonly string[] = PAGE_FIELDS

/** The form schema of one page-level field outside the page form (e.g. `campaigns`, edited on its own). */
export function pageFieldFormSchema(field: string): JsonSchema | undefined {
  const props = byPath.get('schemas/page.schema.json')!.properties as Record<string, unknown>
  return field in props
    ? (inline(props[field], 'schemas/page.schema.json', field, []) as JsonSchema)
    : undefined
}
