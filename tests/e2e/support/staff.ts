import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test'
import { DEMO_STAFF, staffCredentials, type DemoStaffRole } from '../../../scripts/studioPublish'
import { expect } from './test'

// Staff routes want the studio's session and its X-Studio-CSRF header, as the studio app sends them.

/**
 * Signs a demo staff member in through `request`; the headers a staff route needs. The session cookie is given
 * outright: a browser sends it under /api/studio only, and the demo switches (/api/sandbox/…, /api/dev/…) are
 * staff routes too.
 */
export async function staffHeaders(
  request: APIRequestContext,
  role: DemoStaffRole,
): Promise<Record<string, string>> {
  const { cookie, csrf } = await staffCredentials(request, role)
  return { cookie, 'x-studio-csrf': csrf }
}

/** The CSRF header of the studio session a browser context holds (signed in through the studio's login screen). */
export async function studioCsrfHeader(context: BrowserContext): Promise<Record<string, string>> {
  const csrf = (await context.cookies()).find((c) => c.name === 'studio_csrf')
  if (!csrf) throw new Error('no studio_csrf cookie: sign in to the studio first')
  return { 'x-studio-csrf': csrf.value }
}

type RequestOptions = NonNullable<Parameters<APIRequestContext['post']>[1]>

/** The page's request context with the X-Studio-CSRF header of the studio session its browser context holds. */
export function studioApi(page: Page) {
  const signed = async (options: RequestOptions = {}): Promise<RequestOptions> => ({
    ...options,
    headers: { ...options.headers, ...(await studioCsrfHeader(page.context())) },
  })
  return {
    get: async (url: string, options?: RequestOptions) => page.request.get(url, await signed(options)),
    post: async (url: string, options?: RequestOptions) => page.request.post(url, await signed(options)),
    put: async (url: string, options?: RequestOptions) => page.request.put(url, await signed(options)),
  }
}
export type StudioApi = ReturnType<typeof studioApi>

/** Signs a demo staff member in through the studio's login screen, as a person does. */
export async function studioLogIn(page: Page, role: DemoStaffRole): Promise<void> {
  await page.goto('/studio/')
  await page.getByLabel('用户名').fill(DEMO_STAFF[role].username)
  await page.getByLabel('密码').fill(DEMO_STAFF[role].password)
  await page.getByRole('button', { name: '登录' }).click()
  // Page roles start on the pages list; 合规 and 客服 on their own desk.
  if (role === 'compliance' || role === 'agent')
    await expect(page.getByText(DEMO_STAFF_NAMES[role])).toBeVisible()
  else await expect(page.getByRole('button', { name: '新建页面' })).toBeVisible()
}

const DEMO_STAFF_NAMES = { compliance: '合规专员', agent: '小恒' } as const

/** A desktop browser context of its own (1440×900) with a demo staff member signed in to the studio. */
export async function studioSignedIn(browser: Browser, role: DemoStaffRole): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await studioLogIn(page, role)
  return [context, page]
}

/** Opens a studio page in the editor and waits until it is ready for input. */
export async function openStudioPage(page: Page, id: string): Promise<void> {
  await page.goto(`/studio/pages/${id}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()
}
