// Signs a consumer in over HTTP the way the demo allows: an SMS code read back from the demo outbox. For the
// benches and the tests that drive real server processes; `ip` is sent as X-Forwarded-For (behind TRUST_PROXY).

export const DEMO_AGREEMENTS = ['privacy', 'sensitive', 'service']

/** The `sid=…` cookie pair of a fresh session of `phone` on the server at `base`. */
export async function demoLogin(base: string, phone: string, ip?: string): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (ip) headers['x-forwarded-for'] = ip
  const sent = await fetch(`${base}/api/auth/sms-code`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone }),
  })
  if (!sent.ok) throw new Error(`sms-code ${sent.status} ${await sent.text()}`)
  const outbox = await fetch(`${base}/api/dev/sms-outbox?phone=${phone}`, { headers })
  const { code } = (await outbox.json()) as { code: string }
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone, code, agreements: DEMO_AGREEMENTS }),
  })
  const cookie = res.headers.getSetCookie().find((h) => h.startsWith('sid='))
  if (!cookie) throw new Error(`login ${res.status}`)
  return cookie.split(';')[0]
}
