import { test as base, type BrowserContext, type Page } from '@playwright/test'
import { shiftDate } from '../../../server/platform/shiftedDate'

export { expect } from '@playwright/test'
export type { APIRequestContext, BrowserContext, Page } from '@playwright/test'

// Pages rendered before their JavaScript (server-rendered screens, prerendered config pages) take taps and
// typing only once hydrated (#root loses data-prerendered; src/styles/global.css): until then an input would
// take text that React never sees, which no user can do (taps do not reach the page yet), but Playwright's
// fill() can. So every goto and reload here waits for the page to be hydrated, as a user's first tap does,
// unless the test says what to wait for (`waitUntil`: a test of the page before or without its scripts).

const hydrated = () => !document.getElementById('root')?.hasAttribute('data-prerendered')

/** Keeps every script from loading: what a visitor sees before the JavaScript arrives. */
export const withoutScripts = (page: Page) => page.route(/\.js$/, (route) => route.abort())

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(hydrated, undefined, { polling: 50 })
}

/**
 * Shifts a browser context's `Date` to the server's clock (which `npm run test:e2e` starts at E2E_START, see
 * playwright.config.ts) the way the server shifted its own: timers and animation frames stay real. Contexts a
 * test opens itself call it too.
 */
export async function syncServerClock(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  if (!process.env.E2E_START) return
  const { epochMs } = (await (await fetch(`${baseURL}/api/time`)).json()) as { epochMs: number }
  await context.addInitScript(shiftDate, epochMs - Date.now())
}

export const test = base.extend({
  context: async ({ context, baseURL }, provide) => {
    await syncServerClock(context, baseURL)
    await provide(context)
  },
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      if (!options?.waitUntil) await waitForHydration(page)
      return response
    }
    page.reload = async (options) => {
      const response = await reload(options)
      if (!options?.waitUntil) await waitForHydration(page)
      return response
    }
    await provide(page)
  },
})
