import { expect, type APIRequestContext } from '@playwright/test'

// Logging in without the login screen, for tests about other screens: the request context shares its cookie
// with the pages of the same browser context.

export const AGREEMENTS = ['privacy', 'sensitive', 'service']

/** The code the demo SMS provider wrote to its outbox for a phone. */
export async function codeFor(request: APIRequestContext, phone: string): Promise<string> {
  await expect
    .poll(async () => (await request.get(`/api/dev/sms-outbox?phone=${phone}`)).status(), { timeout: 10_000 })
    .toBe(200)
  return ((await (await request.get(`/api/dev/sms-outbox?phone=${phone}`)).json()) as { code: string }).code
}

export async function logInByApi(request: APIRequestContext, phone: string): Promise<void> {
  expect((await request.post('/api/auth/sms-code', { data: { phone } })).status()).toBe(200)
  const code = await codeFor(request, phone)
  const login = await request.post('/api/auth/login', { data: { phone, code, agreements: AGREEMENTS } })
  expect(login.status()).toBe(200)
}
