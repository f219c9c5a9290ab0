// The words of the version diff: a block by its Chinese name and its own title (标题「双十二狂欢」), a changed
// field by the Chinese labels of its form (条目 1 › 回答), never a JSON pointer or an English key.
import { ACTION_FIELD_LABELS, labelOf } from '../../page-config/fieldLabels'
import { blockFormSchema, blockInfo, pageFormSchema, type JsonSchema } from '../editor/schemas'

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** A block as a person knows it: its Chinese type name and its title or text, cut short. */
export function blockWords(block: unknown, type: string): string {
  const name = blockInfo(type)?.name ?? '区块'
  const b = isObject(block) ? block : {}
  for (const key of ['title', 'text', 'name', 'label', 'alt']) {
    const value = b[key]
    if (typeof value === 'string' && value.trim()) {
      const text = value.trim()
      return `${name}「${text.length > 16 ? `${text.slice(0, 16)}…` : text}」`
    }
  }
  return name
}

/** The Chinese path of a field inside a block of `type` (or the page, type null): "条目 1 › 回答". */
export function fieldWords(path: string, type: string | null): string {
  let schema: JsonSchema | undefined = type === null ? pageFormSchema() : blockFormSchema(type)
  const words: string[] = []
  const parts = path
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      words.push(`第 ${Number(part) + 1} 项`)
      schema = isObject(schema?.items) ? (schema.items as JsonSchema) : undefined
      continue
    }
    if (schema?.['x-studio'] === 'action') {
      // The action widget's own fields (its schema is a oneOf of kinds, not properties).
      words.push(ACTION_FIELD_LABELS[part] ?? labelOf(undefined, part))
      if (part !== 'then') schema = undefined // 成功后跳转 is an action of its own
      continue
    }
    const props: Record<string, unknown> | undefined = isObject(schema?.properties)
      ? schema.properties
      : undefined
    const sub =
      props?.[part] ?? (isObject(schema?.additionalProperties) ? schema.additionalProperties : undefined)
    const next = isObject(sub) ? (sub as JsonSchema) : undefined
    const title = props && part in props && typeof next?.title === 'string' ? next.title : undefined
    words.push(title ?? (props && part in props ? labelOf(undefined, part) : `「${part}」`))
    schema = next
  }
  return words.join(' › ') || '整个区块'
}
