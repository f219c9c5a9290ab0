import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Campaign } from '../../src/types/generated/page'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { startRaceCluster, type RaceCluster } from './raceCluster'

// A campaign spike (issue 14): 2,000 draws from 200 users at once, spread over two server processes on one
// PostgreSQL in CI (scripts/with-postgres.sh). Exactly min(stock, chances) prizes are awarded, no user draws more
// than their limit, and every draw is recorded once.

const USERS = 200
const TRIES = 10
const LIMIT = 8
let c: RaceCluster
const cookies: string[] = []

const campaign: Campaign = {
  kind: 'lottery',
  title: '压力测试抽奖',
  window: { startAt: '2020-01-01T00:00:00+08:00', endAt: '2099-01-01T00:00:00+08:00' },
  limits: { perUserTotal: LIMIT },
  // No 谢谢参与: while any stock is left every draw wins; 700 prizes for 1,600 chances.
  prizes: [
    { id: 'a', name: '一等奖', weight: 1, stock: 200, reward: { kind: 'points', amount: 1 } },
    { id: 'b', name: '二等奖', weight: 3, stock: 500, reward: { kind: 'beans', amount: 1 } },
  ],
}

const login = (i: number) =>
  c.login(i, `1393${String(i).padStart(7, '0')}`, `10.150.${Math.floor(i / 200)}.${i % 200}`)

beforeAll(async () => {
  c = await startRaceCluster()
  await registerCampaign(c.db, { id: 'spike-draw', file: 'page-configs/spike.json', campaign }, new Date())
  for (let batch = 0; batch < USERS; batch += 20)
    cookies.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => login(batch + i)))))
}, 180_000)
afterAll(async () => c?.close())

describe('a lottery under a spike', () => {
  it('awards exactly min(stock, chances), never past a user’s limit, each draw recorded once', async () => {
    const started = performance.now()
    const answers = await c.race(USERS * TRIES, (i) =>
      c.send(i, 'POST', '/api/campaigns/spike-draw/draws', {
        cookie: cookies[i % USERS],
        ip: `10.151.0.${i % 200}`,
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const byStatus = answers.reduce<Record<number, number>>(
      (t, a) => ({ ...t, [a.status]: (t[a.status] ?? 0) + 1 }),
      {},
    )
    expect(byStatus).toEqual({ 200: USERS * LIMIT, 409: USERS * (TRIES - LIMIT) })
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error?.code === 'NO_CHANCES')).toBe(
      true,
    )

    const prizes = await c.db
      .selectFrom('campaign_prizes')
      .select(['prize_id', 'awarded'])
      .where('campaign_id', '=', 'spike-draw')
      .orderBy('prize_id')
      .execute()
    expect(prizes).toEqual([
      { prize_id: 'a', awarded: 200 },
      { prize_id: 'b', awarded: 500 },
    ])
    const draws = await c.db
      .selectFrom('campaign_draws')
      .select(['user_id', 'seq', 'prize_id'])
      .where('campaign_id', '=', 'spike-draw')
      .execute()
    expect(draws).toHaveLength(USERS * LIMIT)
    expect(draws.filter((d) => d.prize_id !== null)).toHaveLength(700)
    const perUser = new Map<string, number[]>()
    for (const d of draws) perUser.set(d.user_id, [...(perUser.get(d.user_id) ?? []), d.seq])
    expect(perUser.size).toBe(USERS)
    for (const seqs of perUser.values()) expect(seqs.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    // The ledger has exactly what was won.
    const ledger = await c.db
      .selectFrom('point_ledger')
      .select(['currency', (eb) => eb.fn.sum<string>('amount').as('total')])
      .where('kind', '=', 'campaign')
      .groupBy('currency')
      .orderBy('currency')
      .execute()
    expect(ledger.map((l) => [l.currency, Number(l.total)])).toEqual([
      ['bean', 500],
      ['point', 200],
    ])
    console.info(`[campaign spike] ${c.kind}: ${answers.length} draws in ${seconds.toFixed(1)} s`)
  }, 300_000)
})
