// Whether a prize pays what its name says: a prize named 「10 积分」 whose reward is 谢谢参与 pays nothing to the
// person who draws it. Shared by the page checks (checks.ts, on the server at save and publish) and the studio's
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

/** The sentence for a prize whose reward is 谢谢参与 (nothing) while its name promises something, or null. */
export function nothingRewardProblem(name: unknown, reward: unknown): string | null {
  if (!isObject(reward) || reward.kind !== 'nothing') return null
  if (typeof name !== 'string' || !name.trim() || isThankYouName(name)) return null
  return `奖品名称是「${name.trim()}」，但奖励为「谢谢参与」（不发奖）：抽中的人什么也得不到，请选择奖励，或把名称改为谢谢参与`
}
