// `npm run bench:callbacks` (on PostgreSQL: `scripts/with-postgres.sh npm run bench:callbacks`): N correctly
// signed success callbacks with distinct event ids for ONE payment, all at once over two server processes on one
// PostgreSQL database, for N = 2, 5 and 20 (BENCH_CALLBACKS="2,5,20"). Prints per N the answers by status, the
// slowest answer, the slowest /api/health answer during the burst, and whether the payment was captured once
// (one policy, one set of messages and points); exits 1 on a 5xx or a second capture. The burst and the race
// cluster are those of the server tests (tests/server/callbackBurst.ts, tests/server/raceCluster.ts).
import { burstEffects, callbackBurst, statusCounts } from '../tests/server/callbackBurst'
import { startRaceCluster } from '../tests/server/raceCluster'

if (!process.env.DATABASE_URL) {
  console.error('bench:callbacks measures PostgreSQL: run `scripts/with-postgres.sh npm run bench:callbacks`')
  process.exit(2)
}
const sizes = (process.env.BENCH_CALLBACKS ?? '2,5,20').split(',').map(Number)

const c = await startRaceCluster()
let failed = false
try {
  for (const [i, n] of sizes.entries()) {
    const cookie = await c.login(0, `1359900${String(i).padStart(4, '0')}`, `10.199.0.${i + 1}`)
    const burst = await callbackBurst(c, cookie, n)
    const effects = await burstEffects(c, burst)
    const fivexx = burst.answers.filter((a) => a.status >= 500).length
    const once =
      effects.payments.join() === 'SUCCEEDED' && effects.policies.length === 1 && effects.ledger.length === 1
    if (fivexx || !once) failed = true
    console.log(
      `N=${String(n).padStart(2)} over ${c.bases.length} processes: answers ${JSON.stringify(statusCounts(burst.answers))}, ` +
        `slowest ${burst.slowestMs.toFixed(0)} ms; /api/health slowest ${burst.health.slowestMs.toFixed(0)} ms ` +
        `of ${burst.health.asked}; ${once ? 'captured once (1 policy, 1 points credit)' : `NOT ONCE ${JSON.stringify(effects)}`}`,
    )
  }
} finally {
  await c.close()
}
if (failed) process.exitCode = 1
