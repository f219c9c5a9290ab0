import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { compileMarkdown } from '../../page-config/markdown'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'
import type { FaqBlock } from '../../types/generated/page'

const items: FaqBlock['items'] = [
  { q: '等待期多久？', a: '**30天**' },
  { q: '可以退保吗？', a: '犹豫期内全额退还' },
]
const markdown = Object.fromEntries(items.map((item) => [item.a, compileMarkdown(item.a)]))

describe('faq block', () => {
  it('shows the questions closed, and opens an answer in place on a tap', async () => {
    renderBlocks([{ type: 'faq', title: '常见问题', items }], { markdown })
    expect(await screen.findByRole('heading', { name: '常见问题' })).toBeInTheDocument()
    const first = screen.getByText('等待期多久？').closest('details')!
    expect(first.open).toBe(false)
    expect(screen.getByText('30天')).not.toBeVisible()
    await userEvent.click(screen.getByText('等待期多久？'))
    expect(first.open).toBe(true)
    expect(screen.getByText('30天')).toBeVisible()
    expect(screen.getByText('30天').tagName).toBe('STRONG')
  })

  it('opens one answer at a time in accordion mode (one exclusive group), several otherwise', async () => {
    const { unmount } = renderBlocks([{ type: 'faq', accordion: true, items }], { markdown })
    await screen.findByText('等待期多久？')
    const names = Array.from(document.querySelectorAll('details')).map((d) => d.getAttribute('name'))
    expect(names).toHaveLength(2)
    expect(names[0]).toBeTruthy()
    expect(new Set(names).size).toBe(1)
    unmount()
    renderBlocks([{ type: 'faq', items }], { markdown })
    await screen.findByText('等待期多久？')
    expect(Array.from(document.querySelectorAll('details')).every((d) => !d.hasAttribute('name'))).toBe(true)
  })
})
