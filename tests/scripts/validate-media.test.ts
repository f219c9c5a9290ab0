import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { COLOR_PATTERN } from '../../src/page-config/colors'
import { formatError } from '../../src/page-config/errors'
import { createValidator, type ConfigValidator } from '../../src/page-config/validate'
import { isStudioMediaPath } from '../../server/modules/pages/media'

// Studio content must not make every visitor's browser contact another host: an image is a path of our own
// (public/ or the studio's media store) or https on a host allowed for media (src/page-config/allowedUrls.ts),
// and a colour field holds a colour, nothing a browser would fetch. Each hostile form is refused at its field.

const root = resolve(import.meta.dirname, '../..')
let validator: ConfigValidator

beforeAll(async () => {
  validator = await createValidator({ root, screenRoutes: ['/'], uploadedAsset: isStudioMediaPath })
})

const file = 'page-configs/test/media.json'
const page = (blocks: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ schemaVersion: 3, title: '测试页', ...extra, blocks }, null, 2)
/** Pointer and message of each error, without the file and position. */
const errorsOf = (text: string) =>
  validator
    .validate([{ file, text }], [file])
    .map(formatError)
    .map((line) => line.replace(/^\S+ {2}/, ''))

const IMAGE_REFUSED = '图片地址不允许'
const hero = (image: string) => page([{ type: 'hero', image, alt: '头图' }])

describe('images: our own paths or https on an allowed media host', () => {
  it.each([
    ['another https host', 'https://evil.example.com/a.png'],
    ['protocol-relative', '//evil.example.com/a.png'],
    ['an allowed name as a prefix of another host', 'https://media.guoheng-demo.com.evil.example.com/a.png'],
    ['credentials before another host', 'https://user@evil.example.com/a.png'],
    ['an allowed name as the credentials', 'https://media.guoheng-demo.com@evil.example.com/a.png'],
    ['upper case', 'HTTPS://EVIL.EXAMPLE.COM/A.PNG'],
    ['leading whitespace', ' https://evil.example.com/a.png'],
    ['a tab inside the slashes', '/\t/evil.example.com/a.png'],
    ['a backslash turned into a slash', '/\\evil.example.com/a.png'],
    ['two backslashes', '\\\\evil.example.com\\a.png'],
    ['backslashes after the scheme', 'https:\\\\evil.example.com/a.png'],
    ['a backslash hiding the real host', 'https://evil.example.com\\@media.guoheng-demo.com/a.png'],
    ['plain http on an allowed host', 'http://media.guoheng-demo.com/a.png'],
    ['another port of an allowed host', 'https://media.guoheng-demo.com:8443/a.png'],
    ['a link host that serves no media', 'https://www.nfra.gov.cn/a.png'],
    ['a data URL', 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['javascript:', 'javascript:alert(1)'],
  ])('hero image: %s', (_name, image) => {
    expect(errorsOf(hero(image))).toEqual([expect.stringMatching(`^/blocks/0/image {2}.*${IMAGE_REFUSED}`)])
  })

  it("refuses an API route other than the media store (a GET with the visitor's cookies)", () => {
    expect(errorsOf(hero('/api/studio/staff.png'))).toContainEqual(
      expect.stringMatching(`^/blocks/0/image {2}.*${IMAGE_REFUSED}`),
    )
  })

  it('names the allowed hosts in the message', () => {
    expect(errorsOf(hero('https://evil.example.com/a.png'))[0]).toContain('media.guoheng-demo.com')
  })

  it('checks every image field of every block, nested ones and the page-level ones', () => {
    const evil = 'https://evil.example.com/x.png'
    const text = page(
      [
        { type: 'image', src: evil, alt: 'x' },
        { type: 'carousel', items: [{ image: evil, alt: 'x' }] },
        { type: 'image-grid', items: [{ image: evil, alt: 'x' }] },
        { type: 'share', image: evil },
        { type: 'video', src: '/travelSafely/claim-guide.mp4', poster: evil },
        { type: 'poster', background: '/\\evil.example.com/bg.png' },
        {
          type: 'app-download',
          appName: '国恒保险',
          icon: evil,
          ios: { href: 'https://apps.apple.com/cn/app/id6450000001' },
          android: { href: 'https://sj.qq.com/appdetail/com.guoheng.mall' },
        },
        {
          type: 'tabs',
          tabs: [
            { title: '一', blocks: [{ type: 'hero', image: evil, alt: 'x' }] },
            { title: '二', blocks: [{ type: 'markdown', source: 'x' }] },
          ],
        },
      ],
      { share: { title: '分享', image: evil } },
    )
    const errors = errorsOf(text)
    const refused = errors.filter((line) => line.includes(IMAGE_REFUSED)).map((line) => line.split('  ')[0])
    // The poster is drawn on a canvas: its background is a file of ours only, by its own pattern.
    expect(errors).toContainEqual(
      expect.stringMatching(/^\/blocks\/5\/background {2}.*「背景图」应是站内图片路径/),
    )
    expect(refused.sort()).toEqual(
      [
        '/share/image',
        '/blocks/0/src',
        '/blocks/1/items/0/image',
        '/blocks/2/items/0/image',
        '/blocks/3/image',
        '/blocks/4/poster',
        '/blocks/6/icon',
        '/blocks/7/tabs/0/blocks/0/image',
      ].sort(),
    )
  })

  it("refuses a campaign prize's image elsewhere", () => {
    const window = { startAt: '2026-11-24T00:00:00+08:00', endAt: '2027-01-31T23:59:59+08:00' }
    const text = page([{ type: 'lottery', campaign: 'media-draw' }], {
      schedule: { ...window, fallback: '/' },
      campaigns: {
        'media-draw': {
          kind: 'lottery',
          title: '抽奖',
          window,
          limits: { perUserTotal: 1 },
          prizes: [
            {
              id: 'p1',
              name: '积分',
              weight: 1,
              image: 'https://evil.example.com/p.png',
              reward: { kind: 'points', amount: 10 },
            },
          ],
        },
      },
    })
    expect(errorsOf(text)).toContainEqual(
      expect.stringMatching(`^/campaigns/media-draw/prizes/0/image {2}.*${IMAGE_REFUSED}`),
    )
  })

  it.each([
    ['an inline image', '![图](https://evil.example.com/a.png)'],
    ['a reference-style image', '看图 ![图][ref]\n\n[ref]: https://evil.example.com/a.png'],
    ['a protocol-relative image', '![图](//evil.example.com/a.png)'],
    ['an image on a link host', '![图](https://www.12378.cn/a.png)'],
  ])('markdown: %s is refused at the markdown field', (_name, source) => {
    expect(errorsOf(page([{ type: 'markdown', source }]))).toEqual([
      expect.stringMatching(/^\/blocks\/0\/source {2}.*Markdown 中的图片 ".+" 不允许/),
    ])
  })

  it('markdown images inside other blocks (an FAQ answer) are checked too', () => {
    const text = page([{ type: 'faq', items: [{ q: '问题', a: '![图](https://evil.example.com/a.png)' }] }])
    expect(errorsOf(text)).toEqual([
      expect.stringMatching(/^\/blocks\/0\/items\/0\/a {2}.*Markdown 中的图片/),
    ])
  })

  it('accepts public/ files, the studio media store and the allowed media host, in fields and markdown', () => {
    const media = '/api/pages/media/AAAAAAAAAAAAAAAAAAAAAA.webp'
    const text = page(
      [
        { type: 'hero', image: '/springFestival/hero.svg', alt: '头图' },
        { type: 'image', src: media, alt: '上传的图' },
        { type: 'image', src: 'https://media.guoheng-demo.com/2026/banner.png?v=2', alt: '媒体服务器' },
        {
          type: 'markdown',
          source: `![a](/springFestival/hero.svg) ![b](${media}) ![c](https://media.guoheng-demo.com/c.png)\n\n[官网](https://www.12378.cn/)`,
        },
      ],
      { share: { title: '分享', image: 'https://media.guoheng-demo.com/share.png' } },
    )
    expect(errorsOf(text)).toEqual([])
  })
})

describe('colour fields hold colours only', () => {
  const styled = (style: Record<string, unknown>) => page([{ type: 'title', text: '标题', style }])

  it.each([
    ['a gradient followed by an image', 'linear-gradient(red,blue),url(https://evil.example.com/x.png)'],
    ['an image', 'url(https://evil.example.com/x.png)'],
    ['a colour followed by an image', '#fff url(https://evil.example.com/x.png)'],
    ['a second declaration', '#fff;background-image:url(https://evil.example.com/x.png)'],
    ['a CSS escape of url(', '\\75 rl(https://evil.example.com/x.png)'],
    ['image-set()', 'image-set("https://evil.example.com/x.png" 1x)'],
    ['a custom property', 'var(--evil)'],
    ['an IE expression', 'expression(alert(1))'],
    ['rgb() with something else inside', 'rgb(0,0,0) url(x)'],
    ['a gradient (not used by any page)', 'linear-gradient(#fff, #000)'],
    ['an upper-case URL', 'URL(https://evil.example.com/x.png)'],
  ])('style.background: %s', (_name, background) => {
    expect(errorsOf(styled({ background }))).toEqual([
      expect.stringMatching(/^\/blocks\/0\/style\/background {2}.*应是颜色，如 #ff6600/),
    ])
  })

  it('style.color and the theme colours are colours too', () => {
    expect(errorsOf(styled({ color: 'red;background:url(https://evil.example.com/x.png)' }))).toEqual([
      expect.stringMatching(/^\/blocks\/0\/style\/color {2}.*应是颜色，如 #ff6600/),
    ])
    const themed = page([{ type: 'title', text: '标题' }], {
      theme: { primaryColor: 'url(https://evil.example.com/x.png)', background: '#fff url(x)' },
    })
    expect(errorsOf(themed)).toEqual([
      expect.stringMatching(/^\/theme\/primaryColor {2}.*应是颜色，如 #ff6600/),
      expect.stringMatching(/^\/theme\/background {2}.*应是颜色，如 #ff6600/),
    ])
  })

  it.each([
    '#fff',
    '#fff8',
    '#fff4ef',
    '#fff4ef80',
    'rgb(255, 0, 0)',
    'rgba(0,0,0,0.5)',
    'hsl(210, 50%, 40%)',
    'hsla(210,50%,40%,.3)',
    'transparent',
  ])('accepts %s', (colour) => {
    expect(errorsOf(styled({ background: colour, color: colour }))).toEqual([])
  })

  it('the schema and the runtime (src/page-config/colors.ts) know one colour syntax', () => {
    const common = JSON.parse(readFileSync(join(root, 'schemas/block-common.schema.json'), 'utf8')) as {
      $defs: { color: { pattern: string } }
    }
    expect(common.$defs.color.pattern).toBe(COLOR_PATTERN)
  })
})
