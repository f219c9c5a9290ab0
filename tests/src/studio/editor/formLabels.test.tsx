import { describe, expect, it } from 'vitest'
import { BLOCK_CATALOG, blockFormSchema, type JsonSchema } from '../../../../src/studio/editor/schemas'
import { renderBlockForm } from './blockForm'

// Every block's generated form speaks Chinese: no raw generator label (「products Key」, 「additionalProperties」,
// an English property name) on any field, rendered or nested in a list or a union; and the block's own fields come
// first, the generic ones folded under 高级.

/** Terms a label may keep: they are what people call these things. */
const ALLOWED = /\b(URL|App|iPhone|Markdown|ID)\b|id\b/g
const englishIn = (label: string) => /[A-Za-z]{3,}/.test(label.replace(ALLOWED, ''))

/** Every title and enum name a schema gives its fields, wherever they sit. */
function labelsOf(schema: unknown, path = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => labelsOf(s, `${path}/${i}`))
  if (!schema || typeof schema !== 'object') return []
  const node = schema as JsonSchema
  const own: string[] = []
  if (typeof node.title === 'string' && path) own.push(`${path}  ${node.title}`)
  if (Array.isArray(node['x-enum-names']))
    own.push(...(node['x-enum-names'] as string[]).map((n) => `${path}  ${n}`))
  return [
    ...own,
    ...Object.entries(node)
      .filter(([k]) => k !== 'examples' && k !== 'enum' && k !== 'const' && k !== 'default')
      .flatMap(([k, v]) => labelsOf(v, `${path}/${k}`)),
  ]
}

describe('the property forms of every block', () => {
  it('give no field an English or generated label (schemas, lists and unions included)', () => {
    const bad = BLOCK_CATALOG.flatMap(({ type }) =>
      labelsOf(blockFormSchema(type))
        .filter((line) => englishIn(line.split('  ')[1]))
        .map((line) => `${type}${line}`),
    )
    expect(bad).toEqual([])
  })

  it.each(BLOCK_CATALOG.map((b) => [b.type, b] as const))(
    '%s: rendered with its example, every label is Chinese; the generic fields are folded under 高级',
    (type, info) => {
      const { container } = renderBlockForm(type, info.example)
      const labels = [
        ...container.querySelectorAll('.studio-field-label, label, legend, .studio-sub-label, summary'),
      ]
        .map((el) => el.textContent?.trim() ?? '')
        .filter(Boolean)
      // A table row's cells are keyed by the table's own column keys (the data, e.g. "item"): rjsf shows those
      // keys as labels; a row editor by column title is not built yet.
      const dataKeys = type === 'table' ? /^(item|amount)( 的名称)?$/ : /^$/
      expect(labels.filter((l) => englishIn(l) && !dataKeys.test(l))).toEqual([])
      const advanced = container.querySelector('details.studio-advanced')!
      expect(advanced).not.toBeNull()
      expect(advanced.hasAttribute('open')).toBe(false)
      expect(advanced.querySelector('summary')?.textContent).toMatch(/^高级/)
      // The block's own fields come before it; the id, phases, conditions, window and style are inside it.
      expect(advanced.querySelector('#root_id')).not.toBeNull()
      expect(advanced.querySelector('#root_style, [id^="root_style"]')).not.toBeNull()
    },
  )
})
