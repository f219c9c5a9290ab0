import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import QRCode from 'qrcode'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'
import { stubApi } from '../../../tests/src/harness'

// The share poster against the API stub and a recording canvas (jsdom draws nothing): my nickname and the
// headline are painted, the QR code is the page's address with my invite code, the result is shown as an image
// and saved as a PNG; a visitor is asked to log in; a browser without a canvas is told so.

const PNG = 'data:image/png;base64,UE5HIHBvc3Rlcg=='

function recordingCanvas() {
  const drawn = { texts: [] as string[], cells: 0, images: 0 }
  const context = {
    drawImage: () => void (drawn.images += 1),
    beginPath: () => {},
    roundRect: () => {},
    fill: () => {},
    fillRect: () => void (drawn.cells += 1),
    fillText: (text: string) => void drawn.texts.push(text),
    measureText: (text: string) => ({ width: Array.from(text).length * 10 }),
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  )
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG)
  return drawn
}

beforeEach(() => {
  // jsdom loads no images: the background "decodes" at once.
  Object.defineProperty(HTMLImageElement.prototype, 'decode', {
    configurable: true,
    value: async () => {},
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

// The invite code's address is the same in every case: each render has a cache of its own (freshSwrCache).
const poster = {
  type: 'poster' as const,
  background: '/activity/worldcup/poster-bg.svg',
  headline: '一起猜世界杯，赢积分',
  sharePath: '/activity/worldcup',
}

describe('poster block', () => {
  it('draws my nickname, the headline and a QR code of the page with my invite code, saved as a PNG', async () => {
    const drawn = recordingCanvas()
    stubApi({ 'GET /api/me/invite-code': { invite: { code: 'K7QX2M9P', nickname: '小明' } } })
    renderBlocks([poster], { freshSwrCache: true })
    // Nothing is drawn (and the QR encoder is not loaded) until asked for.
    await userEvent.setup().click(await screen.findByRole('button', { name: '生成我的专属海报' }))
    const image = await screen.findByTestId('poster-image')
    expect(image).toHaveAttribute('src', PNG)
    expect(image).toHaveAccessibleName('我的专属海报')
    const url = `${window.location.origin}/activity/worldcup?inviter=K7QX2M9P`
    expect(image.closest('figure')).toHaveAttribute('data-share-url', url)
    expect(drawn.images).toBe(1)
    expect(drawn.texts).toEqual(['小明 邀你一起参与', '一起猜世界杯，赢积分', '长按识别二维码，和我一起参与'])
    // Every dark module of that address's QR code, and nothing else, is painted as a cell.
    const modules = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules
    expect(drawn.cells).toBe(modules.data.filter(Boolean).length)
    const save = screen.getByRole('button', { name: '保存图片' })
    expect(save).toHaveAttribute('href', PNG)
    expect(save).toHaveAttribute('download', '我的专属海报.png')
    expect(screen.getByText('长按图片保存或发送给好友')).toBeInTheDocument()
  })

  it('asks a visitor to log in for a poster of their own', async () => {
    stubApi({ 'GET /api/me/invite-code': { invite: null } })
    const run = vi.fn(async () => {})
    renderBlocks([poster], { runtime: { run }, freshSwrCache: true })
    expect(await screen.findByText('登录后生成专属海报')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '保存图片' })).toBeNull()
    expect(screen.queryByRole('button', { name: '生成我的专属海报' })).toBeNull()
    await userEvent.setup().click(screen.getByRole('button', { name: '登录' }))
    expect(run).toHaveBeenCalledWith({ type: 'login' })
  })

  it('says when the browser cannot draw, and keeps 保存图片 off', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
    stubApi({ 'GET /api/me/invite-code': { invite: { code: 'K7QX2M9P', nickname: '小明' } } })
    renderBlocks([poster], { freshSwrCache: true })
    await userEvent.setup().click(await screen.findByRole('button', { name: '生成我的专属海报' }))
    expect(await screen.findByText('海报生成失败')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '保存图片' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: '保存图片' })).not.toHaveAttribute('href')
  })
})
