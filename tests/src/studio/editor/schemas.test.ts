import { describe, expect, it } from 'vitest'
import { blockFormSchema } from '../../../../src/studio/editor/schemas'

type Props = Record<string, { title?: string }>

describe('studio form schemas', () => {
  it('labels a field by its own description, not the shared definition it refers to', () => {
    const props = blockFormSchema('title')?.properties as Props
    expect(props.text.title).toBe('标题文字')
    expect(props.subtitle.title).toBe('副标题')
  })
})
