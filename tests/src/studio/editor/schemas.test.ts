import { describe, expect, it } from 'vitest'
import { BLOCK_CATALOG, blockFormSchema, pageFormSchema } from '../../../../src/studio/editor/schemas'

type Props = Record<string, { title?: string }>

describe('studio form schemas', () => {
  it('labels a field by its own description, not the shared definition it refers to', () => {
    const props = blockFormSchema('title')?.properties as Props
    expect(props.text.title).toBe('标题文字')
    expect(props.subtitle.title).toBe('副标题')
  })

  it('says the choices of a select in its help text in Chinese, never by their raw values', () => {
    const raw: string[] = []
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`))
      if (!node || typeof node !== 'object') return
      const o = node as Record<string, unknown>
      if (Array.isArray(o.enum) && typeof o.description === 'string')
        for (const v of o.enum)
          if (new RegExp(`(^|[\\s：:，,、；])${String(v)}\\s+[\\u4e00-\\u9fa5]`).test(o.description))
            raw.push(`${where}: ${o.description}`)
      for (const [k, v] of Object.entries(o)) walk(v, `${where}/${k}`)
    }
    walk(pageFormSchema(), 'page')
    for (const { type } of BLOCK_CATALOG) walk(blockFormSchema(type), type)
    expect(raw).toEqual([])
  })
})
