import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { summarizeTemplate } from '../../server/modules/pages/templateSummary'
import { createTestApp, testClock, type TestApp } from './helpers'
import { as, staffLogin } from './studioHelpers'

// What the 新建页面 dialog's template cards show of each folder config: cover, block count and types, campaign kinds.

describe('template list fields', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ now: testClock(new Date('2026-11-22T04:00:00.000Z')).now })
  }, 60_000)
  afterAll(() => t?.close())

  it('lists each folder config with its cover, block count, block types in page order and campaign kinds', async () => {
    const editor = await staffLogin(t.app, 'editor')
    const res = await as(t.app, editor, 'GET', '/api/studio/pages')
    expect(res.statusCode).toBe(200)
    const { folders } = res.json<{ folders: Record<string, unknown>[] }>()
    expect(folders.find((f) => f.file === 'manualactivity/trialFee/lottery.json')).toEqual({
      file: 'manualactivity/trialFee/lottery.json',
      route: '/manualactivity/trialFee/lottery',
      title: '试算有礼',
      cover: expect.stringMatching(/\.(svg|png|jpe?g|webp)$/),
      blockCount: 6,
      blockTypes: ['hero', 'title', 'lottery', 'notice-bar', 'notice-bar', 'button'],
      campaignKinds: ['form', 'lottery'],
    })
    expect(folders.find((f) => f.file === 'newgift.json')).toMatchObject({ campaignKinds: ['coupon'] })
  })

  it('takes the first picture-like image, counts nested blocks, and leaves out a cover when there is none', () => {
    expect(
      summarizeTemplate({
        blocks: [
          { type: 'app-download', icon: '/icon.png' },
          {
            type: 'tabs',
            tabs: [{ title: 'a', blocks: [{ type: 'carousel', items: [{ image: '/c1.png' }] }] }],
          },
          { type: 'image', src: '/later.png' },
        ],
        campaigns: { a: { kind: 'lottery' }, b: { kind: 'lottery' }, c: { kind: 'coupon' } },
      }),
    ).toEqual({
      cover: '/c1.png',
      blockCount: 4,
      blockTypes: ['app-download', 'tabs', 'image'],
      campaignKinds: ['lottery', 'coupon'],
    })
    expect(summarizeTemplate({ blocks: [{ type: 'title', text: '标题' }] })).toEqual({
      blockCount: 1,
      blockTypes: ['title'],
      campaignKinds: [],
    })
  })
})
