import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { registerBlocks } from '../../../src/blocks/registry'
import { renderBlocks } from './blockPage'

// blockPage.tsx, not renderBlocks.tsx: that one loads every block's chunk up front, and this file is about what a
// page shows before and after a block's chunk has come (each test file has its own module registry).
describe('lazy blocks', () => {
  it('a block whose chunk has not come yet holds its place with a placeholder, then renders', async () => {
    const { container } = renderBlocks([{ type: 'spacer', height: 24 }])
    expect(container.querySelector('.cp-block-spacer .cp-block-loading')).not.toBeNull()
    await vi.waitFor(() =>
      expect(container.querySelector('.cp-block-spacer > div')).toHaveStyle({ height: '24px' }),
    )
    expect(container.querySelector('.cp-block-loading')).toBeNull()
  })

  it('a block whose module came with the page chunk renders in the first paint, without a loading placeholder', async () => {
    registerBlocks({ image: await import('../../../src/blocks/image/ImageBlock') })
    const { container } = renderBlocks([{ type: 'image', src: '/springFestival/hero.svg', alt: '首屏图片' }])
    // Synchronous queries: nothing suspended.
    expect(screen.getByRole('img', { name: '首屏图片' })).toBeInTheDocument()
    expect(container.querySelector('.cp-block-loading')).toBeNull()
  })
})
