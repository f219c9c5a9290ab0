import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderBlockForm } from './blockForm'

// A list's items in a block's form are told apart by their place (问答 1, 问答 2), not all called 问答 with a
// required mark (issue 30: forms a person understands).

describe('list items in a block form', () => {
  it('numbers each 问答 of a 常见问题 block', () => {
    const { container } = renderBlockForm('faq', {
      type: 'faq',
      items: [
        { q: '怎么理赔？', a: '拨打客服电话。' },
        { q: '多久到账？', a: '3 个工作日。' },
      ],
    })
    expect(screen.getByText('问答 1')).toBeInTheDocument()
    expect(screen.getByText('问答 2')).toBeInTheDocument()
    const itemTitles = [...container.querySelectorAll('.ant-form-item-label, legend, .studio-field-label')]
      .map((el) => el.textContent?.trim())
      .filter((t) => t?.includes('问答'))
    // The list itself is required (*); its items are not marked.
    expect(itemTitles).toEqual(['问答 *', '问答 1', '问答 2'])
  })
})
