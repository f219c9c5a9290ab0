import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatError } from '../../src/page-config/errors'
import { createValidator, type ConfigValidator } from '../../src/page-config/validate'
import type { CampaignReward } from '../../src/types/generated/page'
import { cupPrize, DECEMBER, lotteryCampaign, pointsPrize } from '../fixtures/lottery'

// A prize whose name promises something (「10 积分」) while its reward is 谢谢参与 pays nothing to the person who
// draws it: the page checks (the server's, at save and publish) refuse it at the prize's reward.

const root = resolve(import.meta.dirname, '../..')
const FILE = 'page-configs/zz-prize/a.json'
const window = DECEMBER
let validator: ConfigValidator

beforeAll(async () => {
  validator = await createValidator({ root, screenRoutes: ['/'] })
})

const lottery = (thirdName: string, thirdReward: Record<string, unknown> = { kind: 'nothing' }) =>
  JSON.stringify(
    {
      schemaVersion: 3,
      title: '抽奖页',
      schedule: { ...window, fallback: '/' },
      campaigns: {
        'prize-check': lotteryCampaign({
          title: '幸运抽奖',
          limits: { perUserPerDay: 1, perUserTotal: 3 },
          prizes: [
            cupPrize(),
            pointsPrize(50, { id: 'pts' }),
            { id: 'third', name: thirdName, weight: 60, stock: 100, reward: thirdReward as CampaignReward },
          ],
        }),
      },
      blocks: [{ type: 'lottery', id: 'draw', campaign: 'prize-check' }],
    },
    null,
    2,
  )

const lines = (text: string) =>
  validator.validate([{ file: FILE, text }], [FILE]).map((e) => formatError(e).replace(/^\S+ {2}/, ''))

describe('a prize that pays nothing', () => {
  it.each(['谢谢参与', '再接再厉', '谢谢惠顾'])('named %s is a thank-you: no error', (name) => {
    expect(lines(lottery(name))).toEqual([])
  })

  it.each(['10 积分', '保温杯'])(
    'named %s is refused at its reward, saying what the name promises',
    (name) => {
      expect(lines(lottery(name))).toEqual([
        `/campaigns/prize-check/prizes/2/reward  活动「幸运抽奖」 › 奖品 3（${name}）：奖品名称是「${name}」，但奖励为「谢谢参与」（不发奖）：抽中的人什么也得不到，请选择奖励，或把名称改为谢谢参与`,
      ])
    },
  )
})

describe('a prize whose reward is not what its name says', () => {
  const say = (name: string, what: string) =>
    `/campaigns/prize-check/prizes/2/reward  活动「幸运抽奖」 › 奖品 3（${name}）：奖品名称是「${name}」，但奖励为「${what}」：抽中的人得到的不是名称所写的奖品，请改奖励或名称`

  it.each([
    ['保温杯', { kind: 'points', amount: 10 }, '10 积分'],
    ['20 积分', { kind: 'points', amount: 10 }, '10 积分'],
    ['20 积分', { kind: 'beans', amount: 20 }, '20 金豆'],
    ['100 积分', { kind: 'physical', description: '保温杯一个' }, '实物：保温杯一个'],
  ])('named %s, paying %j, is refused at its reward', (name, reward, what) => {
    expect(lines(lottery(name, reward))).toEqual([say(name, what)])
  })

  it.each([
    ['10 积分', { kind: 'points', amount: 10 }],
    ['10积分大礼', { kind: 'points', amount: 10 }],
    ['50 金豆', { kind: 'beans', amount: 50 }],
    ['体检卡', { kind: 'coupon', benefit: '体检卡', validDays: 30 }],
    ['保温杯', { kind: 'physical', description: '保温杯一个' }],
  ])('named %s, paying %j, passes', (name, reward) => {
    expect(lines(lottery(name, reward))).toEqual([])
  })
})

// A guess has no prize names: the name its consumer sees is the campaign's title (「猜冠军赢 50 积分」), and its
// 每猜中一项的奖励 must be what that title says, or what some number of correct picks adds up to.
const guess = (title: string, correctReward: Record<string, unknown>, items = 2) =>
  JSON.stringify(
    {
      schemaVersion: 3,
      title: '竞猜页',
      schedule: { ...window, fallback: '/' },
      campaigns: {
        'guess-check': {
          kind: 'guess',
          title,
          window,
          items: Array.from({ length: items }, (_, i) => ({
            id: `match-${i + 1}`,
            title: `第 ${i + 1} 场`,
            lockAt: '2026-12-20T20:00:00+08:00',
            options: [
              { id: 'a', label: '甲队胜' },
              { id: 'b', label: '乙队胜' },
            ],
          })),
          correctReward,
        },
      },
      blocks: [{ type: 'guess', id: 'picks', campaign: 'guess-check' }],
    },
    null,
    2,
  )

describe('a guess whose reward is not what its title says', () => {
  it.each([
    ['猜冠军赢 50 积分', { kind: 'points', amount: 20 }, 2, '20 积分'],
    ['猜冠军赢 50 积分', { kind: 'beans', amount: 50 }, 2, '50 金豆'],
    ['猜 2 场赢 100 积分', { kind: 'points', amount: 20 }, 2, '20 积分'],
    ['猜胜负赢金豆', { kind: 'points', amount: 20 }, 2, '20 积分'],
  ])('titled %s, paying %j a pick over %i items, is refused at its reward', (title, reward, items, what) => {
    expect(lines(guess(title, reward, items))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^/campaigns/guess-check/correctReward  .*活动名称是「${title}」，但每猜中一项的奖励为「${what}」：猜中的人得不到名称所写的奖励，请改奖励或名称$`,
        ),
      ),
    ])
  })

  it.each([
    ['世界杯竞猜', { kind: 'beans', amount: 5 }, 2],
    ['世界杯竞猜：猜胜负，赢积分', { kind: 'points', amount: 20 }, 2],
    ['猜中一场赢 20 积分', { kind: 'points', amount: 20 }, 2],
    ['猜 5 场赢 100 积分', { kind: 'points', amount: 20 }, 5],
    ['猜中赢 10 金豆', { kind: 'beans', amount: 5 }, 2],
  ])('titled %s, paying %j a pick over %i items, passes', (title, reward, items) => {
    expect(lines(guess(title, reward, items))).toEqual([])
  })
})
