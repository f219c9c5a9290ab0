import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createTestApp, type testClock, type TestApp } from './helpers'
import { staffLogin } from './studioHelpers'

// The set-up of a studio server test file: one app (its own database) on the file's test clock, and before each
// test fresh sessions of the three demo staff, whose cookies carry the CSRF value `as` sends back. Fresh each
// time because the tests move the clock by hours and days, and a session ends after 12 idle hours.

export interface StudioTestApp {
  t: TestApp
  /** Cookie pairs of the demo editor's, publisher's and admin's sessions (studioHelpers.staffLogin). */
  editor: string
  publisher: string
  admin: string
}

/** Registers the file's hooks; `signedIn` receives the app and the sessions before each test. */
export function studioTestApp(
  clock: ReturnType<typeof testClock>,
  signedIn: (app: StudioTestApp) => void,
): void {
  let t: TestApp | undefined
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now })
  }, 60_000)
  afterAll(() => t?.close())
  beforeEach(async () => {
    const app = t!
    signedIn({
      t: app,
      editor: await staffLogin(app.app, 'editor'),
      publisher: await staffLogin(app.app, 'publisher'),
      admin: await staffLogin(app.app, 'admin'),
    })
  })
}
