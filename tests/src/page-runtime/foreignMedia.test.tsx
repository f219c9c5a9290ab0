import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import PublishedPageScreen from '../../../src/app/publishedPages/PublishedPageScreen'
import { RouterPageHost } from '../../../src/app/RouterPageHost'
import { resetClockOffset } from '../../../src/page-runtime/serverClock'
import { renderScreen } from '../harness'
import { json, serve } from '../app/publishedPages/serve'
import { YEAR_END_SCHEDULE } from './yearEndSchedule'

// A version published before images and colours were checked (or by a server that did not check) still makes
// no visitor's browser contact another host: the runtime shows no image from outside src/page-config/allowedUrls.ts
// and applies no colour that is not a colour.

const EVIL = 'https://evil.example.com'
const treeSource = `规则 ![跟踪](${EVIL}/tree.png)`

const oldVersion = {
  id: 'old-page',
  version: 3,
  publishedAt: '2026-11-20T00:00:00+08:00',
  config: {
    schemaVersion: 3,
    title: '旧版本',
    schedule: YEAR_END_SCHEDULE,
    theme: { background: `#fff url(${EVIL}/theme.png)` },
    share: { title: '分享', image: `${EVIL}/share.png` },
    blocks: [
      { type: 'hero', image: `${EVIL}/hero.png`, alt: '头图', title: '旧版本头图' },
      { type: 'image', src: '/springFestival/hero.svg', alt: '自家图片' },
      {
        type: 'image-grid',
        items: [
          { image: `//evil.example.com/grid.png`, alt: '宫格一', text: '宫格一' },
          { image: '/benefit/icon-health.svg', alt: '宫格二', text: '宫格二' },
        ],
      },
      {
        type: 'title',
        text: '带背景的标题',
        style: { background: `linear-gradient(red,blue),url(${EVIL}/bg.png)`, color: `url(${EVIL}/c.png)` },
      },
      { type: 'title', text: '正常颜色的标题', style: { background: '#fff4ef', color: 'rgb(10, 20, 30)' } },
      { type: 'markdown', source: treeSource },
      {
        type: 'tabs',
        tabs: [
          { title: '甲', blocks: [{ type: 'image', src: `${EVIL}/tab.png`, alt: '标签页图片' }] },
          { title: '乙', blocks: [{ type: 'title', text: '乙' }] },
        ],
      },
    ],
  },
  // A tree an old compiler made, images from anywhere included.
  markdown: {
    [treeSource]: [
      {
        tag: 'p',
        children: [
          '规则 ',
          { tag: 'img', props: { src: `${EVIL}/tree.png`, alt: '跟踪' } },
          { tag: 'img', props: { src: '/springFestival/banner-1.svg', alt: '自家' } },
        ],
      },
    ],
  },
}

function Screen() {
  return (
    <RouterPageHost>
      <PublishedPageScreen />
    </RouterPageHost>
  )
}

beforeEach(() => resetClockOffset())
afterEach(() => vi.unstubAllGlobals())

describe('an old published version with images and colours from elsewhere', () => {
  it('renders its content without a single reference to the other host', async () => {
    serve('2026-11-25T10:00:00+08:00', { '/api/pages/old-page': () => json(200, oldVersion) })
    renderScreen(Screen, '/activity/old-page', '/activity/:id')
    expect(await screen.findByText('旧版本头图')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('img', { name: '自家' })).toBeInTheDocument())
    expect(screen.getByText('规则', { exact: false })).toBeInTheDocument()

    // What a browser would fetch: no element, attribute or style names the other host.
    expect(document.documentElement.outerHTML).not.toContain('evil.example.com')
    // Our own images and real colours are still shown.
    expect(screen.getByRole('img', { name: '自家图片' })).toHaveAttribute('src', '/springFestival/hero.svg')
    expect(screen.getByRole('img', { name: '宫格二' })).toHaveAttribute('src', '/benefit/icon-health.svg')
    const plain = screen.getByText('正常颜色的标题').closest('section')
    expect(plain).toHaveStyle({ background: '#fff4ef', color: 'rgb(10, 20, 30)' })
    expect(screen.getByText('带背景的标题').closest('section')?.getAttribute('style') ?? '').toBe('')
  })
})
