import { describe, expect, it } from 'vitest'
import type { PageConfig } from '../../../src/studio/api/types'
import { bundleOf, insertBundle } from '../../../src/studio/editor/collab/blockTransfer'

// Blocks copied from one page into another: their campaigns come along under new ids, block ids stay unique.

const lotteryCampaign = { kind: 'lottery', title: '幸运抽奖', eligibility: { entryOf: 'a-calc' } }
const source = {
  schemaVersion: 3,
  title: 'A',
  campaigns: {
    'a-draw': lotteryCampaign,
    'a-calc': { kind: 'form', title: '试算' },
    other: { kind: 'coupon' },
  },
  blocks: [
    { type: 'title', id: 'head', text: 'A' },
    { type: 'lottery', id: 'draw', campaign: 'a-draw', action: { to: '/api/campaigns/a-draw/entries' } },
  ],
} as unknown as PageConfig

describe('copy and paste of blocks', () => {
  it('takes the referenced campaigns (and their eligibility’s) along, nothing else', () => {
    const bundle = bundleOf(source, ['/blocks/1'], 'a')
    expect(Object.keys(bundle.campaigns).sort()).toEqual(['a-calc', 'a-draw'])
  })

  it('pasted twice on a page: two lotteries with new campaign ids, new block ids, references rewritten', () => {
    const bundle = bundleOf(source, ['/blocks/1'], 'a')
    const target = {
      schemaVersion: 3,
      title: 'B',
      blocks: [{ type: 'title', id: 'head', text: 'B' }],
    } as PageConfig
    const once = insertBundle(target, bundle, '/blocks/0', 'b')
    const twice = insertBundle(once.config, bundle, once.pointer, 'b')
    const config = twice.config as unknown as {
      campaigns: Record<string, { eligibility?: { entryOf: string } }>
      blocks: { id: string; campaign?: string; action?: { to: string } }[]
    }
    expect(Object.keys(config.campaigns)).toEqual(['b-draw', 'b-calc', 'b-draw-2', 'b-calc-2'])
    expect(config.campaigns['b-draw-2'].eligibility?.entryOf).toBe('b-calc-2')
    expect(config.blocks.map((b) => [b.id, b.campaign])).toEqual([
      ['head', undefined],
      ['draw', 'b-draw'],
      ['draw-2', 'b-draw-2'],
    ])
    expect(config.blocks[2].action?.to).toBe('/api/campaigns/b-draw-2/entries')
    expect(twice.pointer).toBe('/blocks/2')
  })
})
