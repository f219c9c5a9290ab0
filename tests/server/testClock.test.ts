import { describe, expect, it } from 'vitest'
import { loadConfig, productionProblems } from '../../server/platform/config'
import { shiftDate } from '../../server/platform/shiftedDate'
import { createTestApp, loginAs } from './helpers'

// The test-only clock (TEST_CLOCK=on): e2e tests move the server's day forward; without the flag the control
// does not exist, and production refuses to start with it.
describe('test clock', () => {
  it('moves the server forward only when switched on, and only forward', async () => {
    const off = await createTestApp({ orderSweepMs: 0 })
    try {
      const res = await off.app.inject({ method: 'POST', url: '/api/test/clock', payload: { days: 1 } })
      expect(res.statusCode).toBe(404)
    } finally {
      await off.close()
    }
    const on = await createTestApp({ orderSweepMs: 0, testClock: true })
    try {
      const cookie = await loginAs(on.app, '13900001234')
      const signIn = () => on.app.inject({ method: 'POST', url: '/api/sign-in', headers: { cookie } })
      const today = (await signIn()).json().day
      expect((await signIn()).statusCode).toBe(409)
      const moved = await on.app.inject({ method: 'POST', url: '/api/test/clock', payload: { days: 1 } })
      expect(moved.statusCode).toBe(200)
      const next = await signIn()
      expect(next.json()).toMatchObject({ streak: 2 })
      expect(next.json().day).not.toBe(today)
      const back = await on.app.inject({ method: 'POST', url: '/api/test/clock', payload: { days: -1 } })
      expect(back.statusCode).toBe(400)
      const reset = await on.app.inject({ method: 'POST', url: '/api/test/clock', payload: { reset: true } })
      expect(Math.abs(reset.json().epochMs - Date.now())).toBeLessThan(5_000)
      expect((await on.app.inject({ method: 'POST', url: '/api/test/sweep' })).json()).toEqual({ ok: true })
    } finally {
      await on.close()
    }
  })

  it('reads TEST_CLOCK_START, and shifts the process’s Date (and only Date) to it', () => {
    const start = '2026-11-25T12:00:00+08:00'
    expect(loadConfig({ TEST_CLOCK: 'on', TEST_CLOCK_START: start }).testClockStart).toEqual(new Date(start))
    expect(() => loadConfig({ TEST_CLOCK_START: start })).toThrow(/TEST_CLOCK_START needs TEST_CLOCK=on/)
    expect(() => loadConfig({ TEST_CLOCK: 'on', TEST_CLOCK_START: 'tomorrow' })).toThrow(/ISO date-time/)
    const real = Date.now()
    const restore = shiftDate(Date.parse(start) - Date.now())
    try {
      expect(Math.abs(Date.now() - Date.parse(start))).toBeLessThan(1_000)
      expect(Math.abs(new Date().getTime() - Date.parse(start))).toBeLessThan(1_000)
      expect(new Date(0).getTime()).toBe(0)
      expect(new Date('2027-01-01T00:00:00Z').toISOString()).toBe('2027-01-01T00:00:00.000Z')
      expect(new Date() instanceof Date).toBe(true)
    } finally {
      restore()
    }
    expect(Math.abs(Date.now() - real)).toBeLessThan(1_000)
  })

  it('is refused in production', async () => {
    expect(productionProblems({ ...loadConfig({}), testClock: true })).toContain(
      'APP_MODE=production refuses TEST_CLOCK (a test-only clock control)',
    )
    await expect(createTestApp({ mode: 'production', testClock: true })).rejects.toThrow(/TEST_CLOCK/)
  })
})
