import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import travelSafely from '../../../page-configs/travelSafely.json'
import type { Block } from '../../types/generated/page'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'

const video = travelSafely.blocks.find((b) => b.type === 'video') as Block

describe('video block', () => {
  it('shows its poster with the player, loading nothing before play', async () => {
    const { container } = renderBlocks([video])
    const player = await screen.findByLabelText('三分钟了解出行理赔')
    expect(player.tagName).toBe('VIDEO')
    expect(player).toHaveAttribute('poster', '/travelSafely/video-poster.svg')
    expect(player).toHaveAttribute('src', 'https://media.guoheng-demo.com/travel-claim-guide.mp4')
    expect(player).toHaveAttribute('preload', 'none')
    expect(player).toHaveAttribute('controls')
    expect(player).toHaveAttribute('playsinline')
    expect(container.querySelector('figcaption')).toHaveTextContent('三分钟了解出行理赔')
  })

  it('when it cannot play keeps the poster with a Chinese notice, and tries again on 重新加载', async () => {
    const { container } = renderBlocks([video])
    fireEvent.error(await screen.findByLabelText('三分钟了解出行理赔'))
    expect(await screen.findByRole('alert')).toHaveTextContent('视频暂时无法播放，请稍后再试')
    expect(container.querySelector('.blk-video-failed img')).toHaveAttribute(
      'src',
      '/travelSafely/video-poster.svg',
    )
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }))
    expect(await screen.findByLabelText('三分钟了解出行理赔')).toHaveProperty('tagName', 'VIDEO')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
