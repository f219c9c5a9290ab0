import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { appTokenConfigFromEnv } from '../../../server/modules/auth/appToken/config'
import { wechatConfigFromEnv } from '../../../server/modules/wechat/config'
import type { WechatStandIn } from './standIn'

// What the WeChat tests share: the configs from a fixture's env (through the server's own parsing), cookies
// carried from one answer to the next request, and one web-authorization round trip as a browser makes it.

export const PUBLIC_URL = 'http://mall.test'

export function wechatOptions(env: Record<string, string>) {
  const wechat = wechatConfigFromEnv(env)
  const appToken = appTokenConfigFromEnv(env)
  if (!wechat.ok) throw new Error(wechat.problems.join('; '))
  if (!appToken.ok) throw new Error(appToken.problems.join('; '))
  return { wechat: wechat.config, appToken: appToken.config }
}

/** "name=value" of a cookie an answer set (for a later request's Cookie header); null when it set none. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | null {
  const cookie = response.cookies.find((c) => c.name === name && c.value !== '')
  return cookie ? `${name}=${encodeURIComponent(cookie.value)}` : null
}

/** True when the answer clears the cookie (an empty value or one that has expired). */
export function clears(response: LightMyRequestResponse, name: string): boolean {
  const cookie = response.cookies.find((c) => c.name === name)
  return cookie !== undefined && (cookie.value === '' || (cookie.expires?.getTime() ?? 1) <= Date.now())
}

export const joinCookies = (...cookies: (string | null | undefined)[]) =>
  cookies.filter((c): c is string => Boolean(c)).join('; ')

/** The mall's path and query of an absolute URL on PUBLIC_URL (where WeChat sends the browser back). */
export function pathOnMall(location: string): string {
  const url = new URL(location)
  expect(url.origin).toBe(PUBLIC_URL)
  return url.pathname + url.search
}

export interface RoundTrip {
  /** Our answer to /api/wechat/oauth/start. */
  start: LightMyRequestResponse
  /** The wx_oauth cookie it set. */
  stateCookie: string
  state: string
  /** Where WeChat sent the browser back (path and query on the mall). */
  back: string
}

/** /api/wechat/oauth/start, then the stand-in's authorize page as the WeChat user `user` (base: straight back). */
export async function startRoundTrip(
  app: FastifyInstance,
  standIn: WechatStandIn,
  options: { user: string; scope?: 'base' | 'userinfo'; returnTo?: string; session?: string | null },
): Promise<RoundTrip & { page: Response }> {
  const query = new URLSearchParams({
    scope: options.scope ?? 'base',
    returnTo: options.returnTo ?? '/activity/1',
  })
  const start = await app.inject({
    method: 'GET',
    url: `/api/wechat/oauth/start?${query.toString()}`,
    headers: options.session ? { cookie: options.session } : {},
  })
  expect(start.statusCode, start.body).toBe(302)
  const stateCookie = cookieFrom(start, 'wx_oauth')
  if (!stateCookie) throw new Error('no wx_oauth cookie')
  const authorize = String(start.headers.location)
  expect(authorize.endsWith('#wechat_redirect')).toBe(true)
  const state = new URL(authorize).searchParams.get('state') ?? ''
  // The fragment stays in the browser.
  const page = await fetch(authorize.split('#')[0], {
    headers: { cookie: standIn.userCookie(options.user) },
    redirect: 'manual',
  })
  const location = page.headers.get('location')
  return { start, stateCookie, state, back: location ? pathOnMall(location) : '', page }
}

/** 允许 or 拒绝 on the stand-in's snsapi_userinfo consent page; returns where WeChat sends the browser. */
export async function decide(
  standIn: WechatStandIn,
  page: Response,
  user: string,
  decision: 'allow' | 'deny',
): Promise<string> {
  const html = await page.text()
  expect(html).toContain('允许')
  expect(html).toContain('拒绝')
  const ticket = /name="ticket" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const answer = await fetch(`${standIn.baseUrl}/connect/oauth2/authorize/decide`, {
    method: 'POST',
    headers: { cookie: standIn.userCookie(user), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ticket, decision }).toString(),
    redirect: 'manual',
  })
  expect(answer.status).toBe(302)
  return pathOnMall(answer.headers.get('location') ?? '')
}

/** Our callback as the browser reaches it, with its cookies. */
export const callback = (app: FastifyInstance, back: string, ...cookies: (string | null | undefined)[]) =>
  app.inject({ method: 'GET', url: back, headers: { cookie: joinCookies(...cookies) } })

/** A full round trip with snsapi_base: the callback's answer. */
export async function roundTrip(
  app: FastifyInstance,
  standIn: WechatStandIn,
  options: { user: string; returnTo?: string; session?: string | null },
): Promise<LightMyRequestResponse> {
  const trip = await startRoundTrip(app, standIn, options)
  return callback(app, trip.back, trip.stateCookie, options.session)
}
