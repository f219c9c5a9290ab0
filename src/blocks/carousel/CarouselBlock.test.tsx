import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'

describe('carousel block', () => {
  it('draws every slide in one snapping row with its dots, and a tap on a slide runs its action', async () => {
    const run = vi.fn(async () => {})
    const action = { type: 'navigate' as const, to: '/newgift' }
    renderBlocks(
      [
        {
          type: 'carousel',
          height: 180,
          items: [
            { image: '/images/banners/newgift.svg', alt: '新人专享', action },
            { image: '/images/banners/spring.svg', alt: '春节保障节' },
          ],
        },
      ],
      { runtime: { run } },
    )
    const region = await screen.findByRole('region', { name: '轮播图' })
    const slides = within(region).getAllByRole('img')
    expect(slides.map((img) => img.getAttribute('alt'))).toEqual(['新人专享', '春节保障节'])
    expect(slides[0]).toHaveStyle({ height: '180px' })
    expect(region.querySelectorAll('.snap-carousel-dots span')).toHaveLength(2)
    await userEvent.click(slides[0])
    expect(run).toHaveBeenCalledWith(action)
  })
})
