// Guessing games (竞猜): when an item locks, how a pick is judged once the result is known, and the masked names
// of the leaderboard. Shared by the server (which enforces the lock in SQL on its own clock) and the guess block
// (which shows the lock and counts down to the next one on the page's server clock).
import { toShanghaiIso } from './dates'

/** An item takes picks until its lock time, on server time; from that moment on it is 已截止. */
export const isLocked = (lockAt: string, nowMs: number): boolean => nowMs >= Date.parse(lockAt)

/** The next lock time still ahead of `nowMs` (for the countdown), or null when every item has locked. */
export function nextLock(items: readonly { lockAt: string }[], nowMs: number): string | null {
  let next: string | null = null
  for (const { lockAt } of items) {
    const at = Date.parse(lockAt)
    if (at > nowMs && (next === null || at < Date.parse(next))) next = lockAt
  }
  return next
}

/** A pick against the result: none (no pick), pending (no result yet), right or wrong. */
export type PickOutcome = 'none' | 'pending' | 'right' | 'wrong'

export function pickOutcome(picked: string | null, result: string | null): PickOutcome {
  if (picked === null) return 'none'
  if (result === null) return 'pending'
  return picked === result ? 'right' : 'wrong'
}

/** What a user's picks come to: right, wrong, still waiting for a result. */
export function scorePicks(items: readonly { myPick: string | null; result: string | null }[]): {
  right: number
  wrong: number
  pending: number
} {
  const score = { right: 0, wrong: 0, pending: 0 }
  for (const item of items) {
    const outcome = pickOutcome(item.myPick, item.result)
    if (outcome !== 'none') score[outcome] += 1
  }
  return score
}

/** A nickname as others see it on a leaderboard: first and last character, the rest hidden (小*, 用**4). */
export function maskNickname(nickname: string): string {
  const chars = Array.from(nickname.trim())
  if (chars.length === 0) return '匿名用户'
  if (chars.length <= 2) return `${chars[0]}*`
  return `${chars[0]}**${chars[chars.length - 1]}`
}

/** "12月5日 20:00" (Asia/Shanghai), how a match time reads on the page. */
export function formatMatchTime(iso: string): string {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return ''
  const [, month, day, time] = /^\d{4}-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(toShanghaiIso(ms)) ?? []
  return `${Number(month)}月${Number(day)}日 ${time}`
}
