import type { FastifyInstance } from 'fastify'
import { runSweep } from './jobs'
import type { ServerModule } from './module'
import { route } from './route'
import { toIso } from './time'

// A clock end-to-end tests can move forward (TEST_CLOCK=on, demo mode only; production refuses to start with
// it): a user signs in "tomorrow" without waiting a day. It moves the server's `now` for everything the server
// decides (sign-in days, expiries, order deadlines); the database's own clock is never used for those. Where it
// starts is the process's clock, which TEST_CLOCK_START shifts as a whole (server/index.ts, shiftedDate.ts).

const DAY_MS = 86_400_000

export class TestClock {
  private offsetMs = 0

  readonly now = (): Date => new Date(Date.now() + this.offsetMs)

  /** Moves the clock forward (never back by a step: what happened stays in the past). */
  advance(ms: number): void {
    this.offsetMs += Math.max(0, ms)
  }

  /** Back to the process's time, for the next test (a test that moved the clock puts it back when it ends). */
  reset(): void {
    this.offsetMs = 0
  }
}

/** POST /api/test/clock (days forward) and POST /api/test/sweep (run the background sweep now). */
export function registerTestControls(
  app: FastifyInstance,
  clock: TestClock,
  modules: readonly ServerModule[],
): void {
  route(app, {
    method: 'POST',
    url: '/api/test/clock',
    schema: {
      summary: '测试时钟：把服务器时间向前拨（仅 TEST_CLOCK=on 的演示模式）',
      tags: ['system'],
      querystring: 'common/EmptyQuery',
      body: 'common/ClockAdvance',
      response: 'common/ServerTime',
    },
    handler: async (request) => {
      const { days = 0, hours = 0, reset = false } = request.body
      if (reset) clock.reset()
      clock.advance(days * DAY_MS + hours * 3_600_000)
      const now = clock.now()
      return { now: toIso(now), epochMs: now.getTime() }
    },
  })
  route(app, {
    method: 'POST',
    url: '/api/test/sweep',
    schema: {
      summary: '测试时钟：立即执行一轮后台任务（仅 TEST_CLOCK=on 的演示模式）',
      tags: ['system'],
      querystring: 'common/EmptyQuery',
      response: 'common/Ok',
    },
    handler: async () => {
      await runSweep(app, modules)
      return { ok: true as const }
    },
  })
}
