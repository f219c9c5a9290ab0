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

/** This worker process (a new one after a failed test): tests in two workers never share a phone or an address. */
const worker = Number(process.env.TEST_WORKER_INDEX ?? 0)
let lastStamp = 0

/** A phone number no other test of this run uses: `prefix` (4 digits), then the time in ms and the worker. */
export function uniquePhone(prefix: string): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1)
  return `${prefix}${String((lastStamp % 1e6) * 10 + (worker % 10)).padStart(7, '0')}`
}

let logins = 0

/**
 * Logs in as a client of its own address (X-Forwarded-For, trusted from 127.0.0.1 by the e2e server): the whole
 * suite logs in more often than one address may ask for codes in an hour, and the limits are not what it tests.
 */
export async function logInByApi(request: APIRequestContext, phone: string): Promise<void> {
  logins += 1
  const headers = { 'x-forwarded-for': `10.${worker % 256}.${(logins >> 8) & 255}.${logins & 255}` }
  expect((await request.post('/api/auth/sms-code', { data: { phone }, headers })).status()).toBe(200)
  const code = await codeFor(request, phone)
  const login = await request.post('/api/auth/login', {
    data: { phone, code, agreements: AGREEMENTS },
    headers,
  })
  expect(login.status()).toBe(200)
}
