import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createPageConfigValidator,
  type PageConfigValidator,
} from '../../server/modules/pages/validateConfig'
import { BLOCK_CATALOG } from '../../src/studio/editor/schemas'
import { STARTER_TYPES } from '../../src/studio/editor/starters/blockStarters'
import { insertStarter } from '../../src/studio/editor/starters/insertStarter'
import type { PageConfig } from '../../src/studio/editor/types'

// What an operations person gets when they drop a block from the palette (or add it with 添加区块) onto a new
// page: content that validates and says what to fill in, never another campaign's title, picture, link or dates.

const root = resolve(import.meta.dirname, '../..')
const FILE = 'page-configs/zz-starters/blank.json'

/** The other campaigns' pages and picture folders: a starter may link or point to none of them. */
const campaignPaths = [
  ...readdirSync(resolve(root, 'page-configs')).map((name) => name.replace(/\.json$/, '')),
  ...readdirSync(resolve(root, 'public'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'images')
    .map((e) => e.name),
]
const FOREIGN_PATH = new RegExp(`/(${campaignPaths.join('|')})(\\b|/|$)`, 'i')
const FOREIGN_WORDS =
  /春节|新春|世界杯|worldcup|spring\s*festival|双十一|双十二|元旦|中秋|国庆|年终|停车|parking|新人礼|trialfee|riskcheck|国恒储备金/i

const blankPage = (): PageConfig =>
  ({ schemaVersion: 3, title: '新页面', blocks: [] }) as unknown as PageConfig

function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out)
  else if (typeof value === 'object' && value !== null)
    for (const v of Object.values(value)) stringsIn(v, out)
  return out
}

/** The month of Beijing now, as YYYY-MM: an earlier month in a starter is another campaign's date. */
const thisMonth = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7)

let validator: PageConfigValidator
beforeAll(async () => {
  validator = await createPageConfigValidator({ root })
})

describe('a block added from the palette', () => {
  it.each(BLOCK_CATALOG.map((info) => [info.name, info.type]))(
    '%s (%s) on a new page validates and carries no other campaign',
    (_name, type) => {
      const { config } = insertStarter(blankPage(), type, '/blocks', 0)
      const check = validator.validate(JSON.stringify(config, null, 2), FILE)
      expect(check.lines).toEqual([])

      const texts = stringsIn({ blocks: config.blocks, campaigns: config.campaigns })
      expect(texts.filter((t) => FOREIGN_WORDS.test(t) || FOREIGN_PATH.test(t))).toEqual([])
      // Dates: none of a past campaign (a generated window starts today; a month is this one or later).
      const past = texts.filter((t) => /^\d{4}-\d{2}/.test(t) && t.slice(0, 7) < thisMonth())
      expect(past).toEqual([])
      expect(texts.filter((t) => /\d{4}年/.test(t))).toEqual([])
    },
  )
})

describe('campaign blocks from the palette', () => {
  it('every palette block type has a starter of its own', () => {
    expect(BLOCK_CATALOG.map((info) => info.type).filter((t) => !STARTER_TYPES.includes(t))).toEqual([])
  })

  it('a lottery allows a draw a day and three in all, with three prizes that have stock, weights and rewards', () => {
    const { config } = insertStarter(blankPage(), 'lottery', '/blocks', 0)
    const [lottery] = Object.values(config.campaigns ?? {})
    if (!lottery) throw new Error('the lottery block declared no campaign')
    expect(lottery.limits).toEqual({ perUserPerDay: 1, perUserTotal: 3 })
    expect((lottery.prizes ?? []).map((p) => [p.name, p.weight, p.stock, p.dailyCap, p.reward.kind])).toEqual(
      [
        ['10 积分', 30, 1000, undefined, 'points'],
        ['礼品券', 10, 100, 10, 'coupon'],
        ['谢谢参与', 60, undefined, undefined, 'nothing'],
      ],
    )
    expect(validator.validate(JSON.stringify(config, null, 2), FILE).lines).toEqual([])
  })

  it('runs the page campaign that no block runs yet, and a second lottery block a new one', () => {
    const first = insertStarter(blankPage(), 'lottery', '/blocks', 0).config
    const [id] = Object.keys(first.campaigns ?? {})
    // The campaign made in the 活动 tab, its block deleted: the next lottery block runs it.
    const orphan = { ...first, blocks: [] } as unknown as PageConfig
    const again = insertStarter(orphan, 'lottery', '/blocks', 0).config
    expect(Object.keys(again.campaigns ?? {})).toEqual([id])
    expect(again.blocks[0]).toMatchObject({ type: 'lottery', campaign: id })

    const second = insertStarter(again, 'lottery', '/blocks', 1).config
    const ids = Object.keys(second.campaigns ?? {})
    expect(ids).toHaveLength(2)
    expect(second.blocks.map((b) => (b as { campaign?: string }).campaign)).toEqual(ids)
    expect(validator.validate(JSON.stringify(second, null, 2), FILE).lines).toEqual([])
  })
})
