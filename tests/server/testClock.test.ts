import { describe, expect, it } from 'vitest'
import { loadConfig, productionProblems } from '../../server/platform/config'
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

  it('starts at TEST_CLOCK_START and goes back there on reset, so an e2e run sees the seed’s dates', async () => {
    const start = '2026-11-25T12:00:00+08:00'
    expect(loadConfig({ TEST_CLOCK: 'on', TEST_CLOCK_START: start }).testClockStart).toEqual(new Date(start))
    expect(() => loadConfig({ TEST_CLOCK_START: start })).toThrow(/TEST_CLOCK_START needs TEST_CLOCK=on/)
    expect(() => loadConfig({ TEST_CLOCK: 'on', TEST_CLOCK_START: 'tomorrow' })).toThrow(/ISO date-time/)
    const pinned = await createTestApp({ orderSweepMs: 0, testClock: true, testClockStart: new Date(start) })
    try {
      const near = (epochMs: number) => Math.abs(epochMs - Date.parse(start)) < 60_000
      expect(near((await pinned.app.inject({ url: '/api/time' })).json().epochMs)).toBe(true)
      await pinned.app.inject({ method: 'POST', url: '/api/test/clock', payload: { days: 3 } })
      const moved = (await pinned.app.inject({ url: '/api/time' })).json().epochMs
      expect(moved - Date.parse(start)).toBeGreaterThan(3 * 86_400_000 - 60_000)
      const reset = await pinned.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        payload: { reset: true },
      })
      expect(near(reset.json().epochMs)).toBe(true)
    } finally {
      await pinned.close()
    }
  })

  it('is refused in production', async () => {
    expect(productionProblems({ ...loadConfig({}), testClock: true })).toContain(
      'APP_MODE=production refuses TEST_CLOCK (a test-only clock control)',
    )
    await expect(createTestApp({ mode: 'production', testClock: true })).rejects.toThrow(/TEST_CLOCK/)
  })
})
