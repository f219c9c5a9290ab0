import { describe, expect, it } from 'vitest'
import type { PageConfig } from '../../../src/studio/api/types'
import { diffConfigs } from '../../../src/studio/versions/blockDiff'

const page = (blocks: unknown[], extra: Record<string, unknown> = {}) =>
  ({ schemaVersion: 3, title: '春季保障节', blocks, ...extra }) as unknown as PageConfig

describe('block-level diff of two configs', () => {
  it('matches blocks by id: a moved block is a move, a changed one lists its fields before and after', () => {
    const older = page([
      { type: 'hero', id: 'top', title: '春季保障节' },
      { type: 'countdown', id: 'timer', label: '距开始' },
      { type: 'faq', id: 'faq', items: [{ q: '怎么参加？', a: '登录即可' }] },
    ])
    const newer = page([
      { type: 'countdown', id: 'timer', label: '距开始' },
      { type: 'hero', id: 'top', title: '春季保障节 · 第二波' },
      { type: 'faq', id: 'faq', items: [{ q: '怎么参加？', a: '登录后点击参加' }] },
    ])
    const { blocks, page: settings } = diffConfigs(older, newer)
    expect(settings).toEqual([])
    const byKey = Object.fromEntries(blocks.map((b) => [b.key, b]))
    expect(byKey.faq).toMatchObject({
      kind: 'changed',
      fields: [{ path: '/items/0/a', before: '登录即可', after: '登录后点击参加' }],
    })
    // One of hero/timer moved; the changed hero shows its title either way.
    const hero = byKey.top
    expect(hero.fields).toEqual([{ path: '/title', before: '春季保障节', after: '春季保障节 · 第二波' }])
    expect(blocks.some((b) => b.kind === 'moved')).toBe(true)
  })

  it('lists added and removed blocks, matching blocks without an id by type and rank', () => {
    const older = page([
      { type: 'image', src: '/a.png' },
      { type: 'markdown', content: '规则' },
      { type: 'image', src: '/b.png' },
    ])
    const newer = page([
      { type: 'image', src: '/a.png' },
      { type: 'image', src: '/b2.png' },
      { type: 'button', id: 'join', text: '立即参加' },
    ])
    const { blocks } = diffConfigs(older, newer)
    expect(blocks.map((b) => [b.kind, b.key])).toEqual(
      expect.arrayContaining([
        ['removed', 'markdown#0'],
        ['changed', 'image#1'],
        ['added', 'join'],
      ]),
    )
    expect(blocks.find((b) => b.key === 'image#1')?.fields).toEqual([
      { path: '/src', before: '/b.png', after: '/b2.png' },
    ])
    expect(blocks.find((b) => b.key === 'image#0')).toBeUndefined()
  })

  it('compares the page settings outside the blocks', () => {
    const older = page([{ type: 'hero', id: 'top' }], { schedule: { startAt: '2026-12-01T00:00:00+08:00' } })
    const newer = page([{ type: 'hero', id: 'top' }], {
      title: '冬季保障节',
      schedule: { startAt: '2026-12-05T00:00:00+08:00' },
    })
    const { blocks, page: settings } = diffConfigs(older, newer)
    expect(blocks).toEqual([])
    expect(settings).toEqual(
      expect.arrayContaining([
        { path: '/title', before: '春季保障节', after: '冬季保障节' },
        {
          path: '/schedule/startAt',
          before: '2026-12-01T00:00:00+08:00',
          after: '2026-12-05T00:00:00+08:00',
        },
      ]),
    )
  })
})
