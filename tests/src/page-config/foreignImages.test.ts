import { describe, expect, it } from 'vitest'
import { withoutForeignImages } from '../../../src/page-config/foreignImages'

const evil = 'https://evil.example.com/x.png'

describe('withoutForeignImages (the runtime side of the image rule)', () => {
  it('keeps a config without foreign images, and each of its blocks, as the same objects', () => {
    const config = {
      title: '页',
      share: { title: '分享', image: '/springFestival/share.svg' },
      blocks: [
        { type: 'hero', image: '/springFestival/hero.svg', alt: 'x' },
        { type: 'tabs', tabs: [{ title: '甲', blocks: [{ type: 'image', src: '/a/b.png', alt: 'x' }] }] },
      ],
    }
    expect(withoutForeignImages(config)).toBe(config)
  })

  it('drops foreign images at any depth and copies only what held one', () => {
    const clean = { type: 'title', text: '不变' }
    const config = {
      title: '页',
      share: { title: '分享', image: evil },
      blocks: [
        clean,
        {
          type: 'carousel',
          items: [
            { image: evil, alt: 'a' },
            { image: '/a.png', alt: 'b' },
          ],
        },
        { type: 'tabs', tabs: [{ title: '甲', blocks: [{ type: 'video', src: '/v.mp4', poster: evil }] }] },
      ],
    }
    const out = withoutForeignImages(config)
    expect(out).toEqual({
      title: '页',
      share: { title: '分享' },
      blocks: [
        clean,
        { type: 'carousel', items: [{ alt: 'a' }, { image: '/a.png', alt: 'b' }] },
        { type: 'tabs', tabs: [{ title: '甲', blocks: [{ type: 'video', src: '/v.mp4' }] }] },
      ],
    })
    expect((out.blocks as unknown[])[0]).toBe(clean)
    // The input is not changed.
    expect(config.share.image).toBe(evil)
  })
})
