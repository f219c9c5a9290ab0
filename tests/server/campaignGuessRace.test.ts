import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GuessResultEntered } from '../../src/types/generated/api/campaign'
import type { Campaign } from '../../src/types/generated/page'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { startRaceCluster, type Answer, type RaceCluster } from './raceCluster'

// A guessing game under load (issue 14), across two server processes on one PostgreSQL in CI
// (scripts/with-postgres.sh): picks sent several at a time keep one pick per user and item; results entered many
// times at once (for two different outcomes) decide the item once, and every correct pick is rewarded exactly
// once, in points and in the message center, while late picks are refused and picks of another item go on.

const USERS = 60
const ENTRIES = 20
const REWARD = 20
let c: RaceCluster
const cookies: string[] = []
const userIds: string[] = []

const options: NonNullable<Campaign['items']>[number]['options'] = [
  { id: 'home', label: '主胜' },
  { id: 'draw', label: '平局' },
  { id: 'away', label: '客胜' },
]
const campaign: Campaign = {
  kind: 'guess',
  title: '压力测试竞猜',
  window: { startAt: '2020-01-01T00:00:00+08:00', endAt: '2099-01-01T00:00:00+08:00' },
  items: [
    { id: 'final', title: '决赛', lockAt: '2098-01-01T00:00:00+08:00', options },
    { id: 'bronze', title: '季军赛', lockAt: '2098-01-01T00:00:00+08:00', options },
  ],
  correctReward: { kind: 'points', amount: REWARD },
}

async function login(i: number): Promise<{ cookie: string; id: string }> {
  const ip = `10.160.${Math.floor(i / 200)}.${i % 200}`
  const cookie = await c.login(i, `1394${String(i).padStart(7, '0')}`, ip)
  const me = await c.send(i, 'GET', '/api/me', { cookie })
  return { cookie, id: (me.body as { id: string }).id }
}

const pick = (i: number, itemId: string, optionId: string) =>
  c.send(i, 'POST', '/api/campaigns/race-guess/entries', {
    cookie: cookies[i % USERS],
    body: { picks: [{ itemId, optionId }] },
    ip: `10.161.0.${i % 200}`,
  })
let publisher: string
const enter = (i: number, itemId: string, optionId: string) =>
  c.send(i, 'POST', '/api/dev/campaigns/race-guess/results', {
    cookie: publisher,
    body: { itemId, optionId },
  })
const statuses = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((t, a) => ({ ...t, [a.status]: (t[a.status] ?? 0) + 1 }), {})
/** The item's lock passes (the match has been played): as a config change would move it. */
const lock = (itemId: string) =>
  c.db
    .updateTable('campaign_guess_items')
    .set({ lock_at: new Date(Date.now() - 1000) })
    .where('campaign_id', '=', 'race-guess')
    .where('item_id', '=', itemId)
    .execute()

beforeAll(async () => {
  c = await startRaceCluster()
  await registerCampaign(c.db, { id: 'race-guess', file: 'page-configs/race.json', campaign }, new Date())
  // Results are entered by staff (a publisher), as the demo route asks.
  publisher = await c.staffLogin(0, 'publisher')
  for (let batch = 0; batch < USERS; batch += 20) {
    const logged = await Promise.all(Array.from({ length: 20 }, (_, i) => login(batch + i)))
    cookies.push(...logged.map((l) => l.cookie))
    userIds.push(...logged.map((l) => l.id))
  }
}, 180_000)
afterAll(async () => c?.close())

async function rewardsOf(itemId: string) {
  const rewards = await c.db
    .selectFrom('campaign_guess_rewards')
    .select('user_id')
    .where('campaign_id', '=', 'race-guess')
    .where('item_id', '=', itemId)
    .execute()
  const ledger = await c.db
    .selectFrom('point_ledger')
    .select(['user_id', 'amount'])
    .where('kind', '=', 'campaign')
    .where('reference', 'like', `guess:race-guess:${itemId}:%`)
    .execute()
  return { rewards, ledger }
}

describe('a guessing game under load', () => {
  it('keeps one pick per user and item when each user sends three at once', async () => {
    const answers = await c.race(USERS * 3, (i) => pick(i, 'final', options[Math.floor(i / USERS)].id))
    expect(statuses(answers)).toEqual({ 200: USERS * 3 })
    const rows = await c.db
      .selectFrom('campaign_guess_picks')
      .select(['user_id', 'option_id'])
      .where('campaign_id', '=', 'race-guess')
      .where('item_id', '=', 'final')
      .execute()
    expect(rows).toHaveLength(USERS)
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(USERS)
    // Then each changes to a pick of its own (half home, half away), all at once: still one row each.
    const changed = await c.race(USERS, (i) => pick(i, 'final', i % 2 ? 'away' : 'home'))
    expect(statuses(changed)).toEqual({ 200: USERS })
    const after = await c.db
      .selectFrom('campaign_guess_picks')
      .select(['option_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('campaign_id', '=', 'race-guess')
      .where('item_id', '=', 'final')
      .groupBy('option_id')
      .orderBy('option_id')
      .execute()
    expect(after.map((r) => [r.option_id, Number(r.n)])).toEqual([
      ['away', USERS / 2],
      ['home', USERS / 2],
    ])
  }, 120_000)

  it('decides an item once under many entries of two outcomes, rewarding each correct pick exactly once', async () => {
    await lock('final')
    const picks = await c.db
      .selectFrom('campaign_guess_picks')
      .select(['user_id', 'option_id'])
      .where('campaign_id', '=', 'race-guess')
      .where('item_id', '=', 'final')
      .execute()
    const started = performance.now()
    const answers = await c.race(ENTRIES + USERS * 2, (i) => {
      if (i < ENTRIES) return enter(i, 'final', i % 2 ? 'home' : 'away')
      const user = i - ENTRIES
      // Late picks of the locked item, and picks of the open one, at the same moment.
      return user < USERS ? pick(user, 'final', 'home') : pick(user, 'bronze', 'draw')
    })
    const seconds = (performance.now() - started) / 1000
    const entries = answers.slice(0, ENTRIES)
    const decided = entries.filter(
      (a) => a.status === 200 && !(a.body as unknown as GuessResultEntered).alreadyEntered,
    )
    expect(decided).toHaveLength(1)
    const winner = (decided[0].body as unknown as GuessResultEntered).optionId
    const right = picks.filter((p) => p.option_id === winner).map((p) => p.user_id)
    expect((decided[0].body as unknown as GuessResultEntered).rewarded).toBe(right.length)
    for (const [i, a] of entries.entries()) {
      if (a === decided[0]) continue
      if ((i % 2 ? 'home' : 'away') === winner)
        expect([a.status, (a.body as unknown as GuessResultEntered).alreadyEntered]).toEqual([200, true])
      else expect([a.status, a.body.error?.code]).toEqual([409, 'GUESS_RESULT_ENTERED'])
    }
    const late = answers.slice(ENTRIES, ENTRIES + USERS)
    expect(late.every((a) => a.status === 409 && a.body.error?.code === 'GUESS_LOCKED')).toBe(true)
    expect(statuses(answers.slice(ENTRIES + USERS))).toEqual({ 200: USERS })

    const { rewards, ledger } = await rewardsOf('final')
    expect(rewards.map((r) => r.user_id).sort()).toEqual([...right].sort())
    expect(ledger.map((l) => l.user_id).sort()).toEqual([...right].sort())
    expect(ledger.every((l) => l.amount === REWARD)).toBe(true)
    const told = await c.db
      .selectFrom('messages')
      .select('user_id')
      .where('title', '=', '猜中奖励到账')
      .execute()
    expect(told.map((m) => m.user_id).sort()).toEqual([...right].sort())
    // The picks of the locked item are as they were before the result.
    const after = await c.db
      .selectFrom('campaign_guess_picks')
      .select(['user_id', 'option_id'])
      .where('campaign_id', '=', 'race-guess')
      .where('item_id', '=', 'final')
      .execute()
    expect(after.sort((a, b) => a.user_id.localeCompare(b.user_id))).toEqual(
      picks.sort((a, b) => a.user_id.localeCompare(b.user_id)),
    )
    console.info(
      `[guess race] ${c.kind}: ${answers.length} requests in ${seconds.toFixed(1)} s, ${right.length} rewarded`,
    )
  }, 120_000)

  it('rewards everyone right on a second item once, however many times its result is entered', async () => {
    await lock('bronze')
    const answers = await c.race(ENTRIES, (i) => enter(i, 'bronze', 'draw'))
    expect(statuses(answers)).toEqual({ 200: ENTRIES })
    const firsts = answers.filter((a) => !(a.body as unknown as GuessResultEntered).alreadyEntered)
    expect(firsts.map((a) => (a.body as unknown as GuessResultEntered).rewarded)).toEqual([USERS])
    const { rewards, ledger } = await rewardsOf('bronze')
    expect(rewards).toHaveLength(USERS)
    expect(new Set(ledger.map((l) => l.user_id)).size).toBe(USERS)
    expect(ledger).toHaveLength(USERS)
    const balances = await c.db
      .selectFrom('point_accounts')
      .select(['user_id', 'usable'])
      .where('currency', '=', 'point')
      .where('user_id', 'in', userIds)
      .execute()
    const finals = new Set((await rewardsOf('final')).rewards.map((r) => r.user_id))
    for (const b of balances) expect(b.usable).toBe(REWARD * (1 + (finals.has(b.user_id) ? 1 : 0)))
  }, 120_000)
})
