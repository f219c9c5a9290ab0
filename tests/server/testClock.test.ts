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

  it('is refused in production', async () => {
    expect(productionProblems({ ...loadConfig({}), testClock: true })).toContain(
      'APP_MODE=production refuses TEST_CLOCK (a test-only clock control)',
    )
    await expect(createTestApp({ mode: 'production', testClock: true })).rejects.toThrow(/TEST_CLOCK/)
  })
})
