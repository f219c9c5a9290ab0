// Whether a prize pays what its name says: a prize named 「10 积分」 whose reward is 谢谢参与 pays nothing to the
// person who draws it, and one named 「保温杯」 whose reward is still the example's 10 积分 pays points, not a cup
// (the light stops on 保温杯 and the result says 恭喜获得：10 积分). Shared by the page checks (checks.ts, on the server at save and publish) and the studio's
// prize table, which says it at the reward cell as the name is typed.

import { isObject } from './json'

/** Names that say "no prize" (a 谢谢参与 row). */
export const THANK_YOU_NAMES = ['谢谢参与', '再接再厉', '谢谢惠顾', '感谢参与', '未中奖'] as const

export const isThankYouName = (name: string): boolean => {
  const plain = name.replace(/\s/g, '')
  return THANK_YOU_NAMES.some((n) => plain.includes(n))
}

/** The reward a prize's name reads as ('10 积分' → 10 points, '50 金豆' → 50 beans), or null. */
export function rewardNamed(name: string): { kind: 'points' | 'beans'; amount: number } | null {
  const m = /(\d{1,6})\s*(积分|金豆)/.exec(name)
  if (!m || Number(m[1]) < 1) return null
  return { kind: m[2] === '积分' ? 'points' : 'beans', amount: Number(m[1]) }
}

const UNIT = { points: '积分', beans: '金豆' } as const

/** What a reward gives, in the words the draw's result uses. */
function rewardWords(reward: Record<string, unknown>): string | null {
  if ((reward.kind === 'points' || reward.kind === 'beans') && typeof reward.amount === 'number')
    return `${reward.amount} ${UNIT[reward.kind]}`
  if (reward.kind === 'physical' && typeof reward.description === 'string')
    return `实物：${reward.description}`
  if (reward.kind === 'coupon' && typeof reward.benefit === 'string') return `券：${reward.benefit}`
  if (reward.kind === 'gift-policy') return '赠险'
  return null
}

/**
 * The sentence for a prize whose reward is not what its name says, or null: 谢谢参与 (nothing) under a name that
 * promises something; points or beans under a name that does not say them, or says another amount; anything else
 * under a name that says points or beans. Coupons, gifts and gift policies under other names are the editor's call.
 */
export function rewardProblem(name: unknown, reward: unknown): string | null {
  if (!isObject(reward) || typeof name !== 'string' || !name.trim()) return null
  const shown = name.trim()
  if (reward.kind === 'nothing')
    return isThankYouName(name)
      ? null
      : `奖品名称是「${shown}」，但奖励为「谢谢参与」（不发奖）：抽中的人什么也得不到，请选择奖励，或把名称改为谢谢参与`
  const named = rewardNamed(name)
  const what = rewardWords(reward)
  if (!what) return null
  const pays = reward.kind === 'points' || reward.kind === 'beans' ? reward.kind : null
  const fits = pays
    ? named
      ? named.kind === pays && named.amount === reward.amount
      : name.includes(UNIT[pays])
    : !named
  return fits
    ? null
    : `奖品名称是「${shown}」，但奖励为「${what}」：抽中的人得到的不是名称所写的奖品，请改奖励或名称`
}

/**
 * The sentence for a guess whose 每猜中一项的奖励 is not what its title (the name the consumer sees, e.g. 「猜冠军赢
 * 50 积分」) says, or null. A title naming an amount must be what some number of correct picks pays (1 to the
 * number of items, times the reward: 「猜 5 场赢 100 积分」 fits 20 积分 a pick); a title naming only 积分 or 金豆
 * must name the currency paid. A title naming neither (「世界杯竞猜」) says nothing of the reward.
 */
export function guessRewardProblem(title: unknown, reward: unknown, items: number): string | null {
  if (!isObject(reward) || typeof title !== 'string' || !title.trim()) return null
  const what = rewardWords(reward)
  if (!what) return null
  const pays = reward.kind === 'points' || reward.kind === 'beans' ? reward.kind : null
  const amount = typeof reward.amount === 'number' ? reward.amount : 0
  const named = rewardNamed(title)
  const says = (['points', 'beans'] as const).filter((kind) => title.includes(UNIT[kind]))
  let fits: boolean
  if (named) {
    const picks = amount > 0 ? named.amount / amount : 0
    fits = named.kind === pays && Number.isInteger(picks) && picks >= 1 && picks <= Math.max(1, items)
  } else fits = says.length !== 1 || says[0] === pays
  return fits
    ? null
    : `活动名称是「${title.trim()}」，但每猜中一项的奖励为「${what}」：猜中的人得不到名称所写的奖励，请改奖励或名称`
}
