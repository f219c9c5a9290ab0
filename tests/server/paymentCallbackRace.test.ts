import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { burstEffects, callbackBurst, statusCounts } from './callbackBurst'
import { startRaceCluster, type RaceCluster } from './raceCluster'

// A provider that notifies several times at once (its retries, or several notification servers) sends correctly
// signed success callbacks with distinct event ids for one payment. On PostgreSQL with two server processes (CI)
// they really run in parallel: every one is answered 200 (no deadlock, no 5xx), and the capture, the policy, its
// messages and its points happen once. The timings are measured by `npm run bench:callbacks`.

let c: RaceCluster
let users = 0

beforeAll(async () => {
  c = await startRaceCluster()
}, 120_000)
afterAll(async () => c?.close())

describe('parallel success callbacks of one payment', () => {
  for (const n of [2, 5, 20]) {
    it(`answers ${n} at once with 200 and captures once`, async () => {
      users += 1
      const cookie = await c.login(0, `1351100${String(users).padStart(4, '0')}`, `10.110.0.${users}`)
      const burst = await callbackBurst(c, cookie, n)
      expect(statusCounts(burst.answers)).toEqual({ 200: n })
      const effects = await burstEffects(c, burst)
      expect(effects).toEqual({
        payments: ['SUCCEEDED'],
        policies: [expect.any(String)],
        messages: ['order_paid', 'points_credited', 'policy_issued'],
        ledger: [{ kind: 'policy', reference: effects.policies[0] }],
        callbacks: n,
      })
    }, 60_000)
  }
})
