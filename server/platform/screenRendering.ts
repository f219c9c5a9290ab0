import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  PATH_ATTRIBUTE,
  PRERENDER_ATTRIBUTE,
  RENDERED_FOR_EVERYONE,
  RENDERED_FOR_SESSION,
  VALID_FROM_ATTRIBUTE,
  VALID_UNTIL_ATTRIBUTE,
} from '../../src/page-config/prerenderBoot'
import { detectEnvironment } from '../../src/domain/environment'
import { withAppMode } from '../../src/page-config/appMode'
import {
  compileScreenTemplate,
  escapeHtml,
  RENDER_REQUEST_HEADER,
  SAME_FOR_EVERYONE_HEADER,
  SCREEN_TEMPLATES_FILE,
  type ScreenRender,
  type ScreenRenderRequest,
  type ScreenTemplate,
} from '../../src/page-config/screenHtml'
import { sendHtml } from './htmlEncoding'
import { sharedCacheControl, type Rendered } from './renderCache'
import { RenderPool } from './renderPool'
import { SESSION_COOKIE } from './sessions'
import type { PageTest } from '../modules/analytics/experiments'

// Hand-written screens are rendered here for each visitor, with their data, so a screen shows before its
// JavaScript has loaded; the browser then hydrates it (src/main.tsx). The renderer is the app's own code, built
// by `vite build` into dist/server/ (src/app/ssr/renderScreen.tsx). Without that build, with SSR=off, or when a
// render fails, the screen is sent as before: the app's HTML, rendered in the browser. A page published through
// the studio (/activity/{id}) comes back rendered by the light shell and is sent in the light shell's template
// (LIGHT_SHELL_TEMPLATE), so the browser boots the light shell, not the app. A render for a visitor who is not
// logged in is the same for all of them: it is kept (renderCache.ts) and may be kept by a CDN in front. A screen
// that is the same for everyone (ScreenRoute.sameForEveryone: the catalog, campaign pages) is sent from that
// kept render to logged-in visitors too, marked so their browser fetches their own data once it shows; their
// session (/api/me) comes with it, so the browser knows who they are without asking.

/** How long a render waits for its data before it renders what it has (the browser loads the rest). */
export const SCREEN_DATA_BUDGET_MS = 800
/**
 * How long a visitor waits for a render at most (its data budget, the renderer's waits for lazy code, and the
 * renders): past it they get the app's HTML, rendered in their browser, while a render for everyone goes on and
 * is kept for the visitors after them. A busy database or process then costs a first paint, not a page.
 */
export const SCREEN_RENDER_BUDGET_MS = 1_500
/**
 * A render still running after this long (a block caught in a loop) has its render thread stopped and replaced
 * (renderPool.ts); renders sharing that thread end with it, their visitors long since sent the app's HTML.
 */
export const SCREEN_RENDER_LIMIT_MS = 10_000

/** Whether the screen at a URL is the same for every visitor (src/app/ssr/renderScreen.tsx). */
type SharedScreen = (url: string) => boolean

export interface ScreenRendering {
  /** Sends the screen at the request's URL rendered for its visitor; false when it did not (send the app). */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>
}

/** Who a render's API requests are made as: the request's visitor. */
export interface Visitor {
  cookie?: string
  userAgent?: string
  ip: string
  /** More headers for every request (the A/B test variant the render is for). */
  headers?: Record<string, string>
}

/** The API answering a render's requests in-process, as the visitor (their cookie and address). */
export function visitorFetch(app: FastifyInstance, visitor: Visitor): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const headers = new Headers(init?.headers)
    if (visitor.cookie) headers.set('cookie', visitor.cookie)
    if (visitor.userAgent) headers.set('user-agent', visitor.userAgent)
    for (const [name, value] of Object.entries(visitor.headers ?? {})) headers.set(name, value)
    headers.set(RENDER_REQUEST_HEADER, '1')
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: Object.fromEntries(headers),
      payload: typeof init?.body === 'string' ? init.body : undefined,
      remoteAddress: visitor.ip,
    })
    const body = answer.statusCode === 204 || answer.statusCode === 205 ? null : answer.payload
    const same = answer.headers[SAME_FOR_EVERYONE_HEADER]
    return new Response(body, {
      status: answer.statusCode,
      headers: {
        'content-type': String(answer.headers['content-type'] ?? ''),
        ...(same ? { [SAME_FOR_EVERYONE_HEADER]: String(same) } : {}),
      },
    })
  }
}

/** Null when the build has no renderer (or SSR is off): every screen is then rendered in the browser. */
export async function loadScreenRendering(
  app: FastifyInstance,
  distDir: string,
  now: () => Date,
  { threads, limitMs = SCREEN_RENDER_LIMIT_MS }: { threads: number; limitMs?: number },
): Promise<ScreenRendering | null> {
  const rendererFile = join(distDir, 'server', 'renderScreen.js')
  const templatesFile = join(distDir, SCREEN_TEMPLATES_FILE)
  if (!existsSync(rendererFile) || !existsSync(templatesFile)) return null
  const { renderScreen, sharedScreen = () => false } = (await import(pathToFileURL(rendererFile).href)) as {
    renderScreen: (request: ScreenRenderRequest & { fetch: typeof fetch }) => Promise<ScreenRender>
    sharedScreen?: SharedScreen
  }
  // Renders run on threads of their own; with none (SSR_THREADS=0), on this one, which they then hold.
  let renderOn: (request: ScreenRenderRequest, fetch: typeof globalThis.fetch) => Promise<ScreenRender>
  if (threads > 0) {
    const pool = new RenderPool({ renderer: rendererFile, threads, stopAfterMs: limitMs, log: app.log })
    app.addHook('onClose', () => pool.close())
    renderOn = (request, fetch) => pool.render(request, fetch)
  } else renderOn = (request, fetch) => renderScreen({ ...request, fetch })
  const templates = new Map<string, ScreenTemplate>(
    Object.entries(JSON.parse(readFileSync(templatesFile, 'utf8')) as Record<string, string>).map(
      ([route, html]) => [route, compileScreenTemplate(withAppMode(html, app.services.mode))],
    ),
  )
  const cache = app.services.renderCache

  /**
   * The screen at the request's URL in its template; null when it is not rendered here. A personal render's API
   * requests carry the visitor's cookies; a shared one (kept for everyone) carries none.
   */
  const render = async (
    request: FastifyRequest,
    personal: boolean,
    test: PageTest | null,
  ): Promise<Rendered | null> => {
    let result: ScreenRender
    try {
      result = await renderOn(
        {
          url: request.url,
          userAgent: request.headers['user-agent'] ?? '',
          nowMs: now().getTime(),
          dataBudgetMs: SCREEN_DATA_BUDGET_MS,
        },
        visitorFetch(app, {
          cookie: personal ? request.headers.cookie : undefined,
          userAgent: request.headers['user-agent'],
          ip: request.ip,
          // A published page under an A/B test renders the visitor's variant (the pages API believes this
          // header from this process only).
          headers: test ? Object.fromEntries([test.header]) : undefined,
        }),
      )
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'screen render failed; the browser renders it')
      return null
    }
    if (!result.rendered) return null
    const template = templates.get(result.route)
    if (!template) {
      request.log.warn({ route: result.route }, 'no HTML template for this screen; rebuild the app')
      return null
    }
    const path = request.url.split('?')[0]
    const attributes = [
      `${PRERENDER_ATTRIBUTE}="${escapeHtml(JSON.stringify(result.snapshot))}"`,
      `${PATH_ATTRIBUTE}="${escapeHtml(path)}"`,
      personal ? '' : RENDERED_FOR_EVERYONE,
      // A light-shell render (a published page) holds only while its phase and block windows hold.
      typeof result.validFrom === 'number' ? `${VALID_FROM_ATTRIBUTE}="${result.validFrom}"` : '',
      typeof result.validUntil === 'number' ? `${VALID_UNTIL_ATTRIBUTE}="${result.validUntil}"` : '',
    ]
    const html = template({
      title: escapeHtml(result.title),
      rootAttributes: attributes.filter(Boolean).join(' '),
      root: result.html,
      data: result.payload,
    })
    return { body: html, validFrom: result.validFrom, validUntil: result.validUntil }
  }

  return {
    async send(request, reply) {
      reply.type('text/html; charset=utf-8').header('Vary', 'Cookie, User-Agent')
      const url = new URL(request.url, 'http://localhost')
      const loggedIn = !!request.cookies[SESSION_COOKIE]
      // A published page under an A/B test: the visitor's variant (their aid cookie, given now when absent).
      const test = await app.services.experiments.forPageUrl(request, reply)
      if (
        PERSONAL_PARAMS.some((name) => url.searchParams.has(name)) ||
        (loggedIn && !sharedScreen(request.url))
      ) {
        const page = await withinBudget(request, render(request, true, test))
        if (!page) return false
        // Rendered for this visitor: no shared cache may keep it.
        reply.header('Cache-Control', 'private, no-cache')
        await sendHtml(request, reply, { body: page.body })
        return true
      }
      // Each variant of a page under test is kept apart.
      const key = renderKey(request, url) + (test ? ` ${test.experimentId}:${test.variant}` : '')
      const kept = await withinBudget(
        request,
        cache.get(key, () => render(request, false, test)),
      )
      if (!kept) return false
      // The render kept for everyone, marked for a logged-in visitor's browser to fetch their own data (their
      // session too, from /api/me once the page shows): encoded once and kept, as for everyone. Putting each
      // visitor's session in the page cost an in-process /api/me and an encoding of the whole page per visit:
      // about a sixth of the requests a second (bench:launch, `/` logged in 835 against 5,523).
      if (loggedIn) {
        reply.header('Cache-Control', 'private, no-cache')
        const body = kept.body.replace(RENDERED_FOR_EVERYONE, RENDERED_FOR_SESSION)
        await sendHtml(request, reply, {
          body,
          keptAs: { owner: kept, variant: 'session' },
          etag: kept.etag.replace(/"$/, '-s"'),
        })
      } else {
        // A page under test sent with a new visitor cookie (or to one who opted out) is never kept by a shared
        // cache: it carries a Set-Cookie, or a variant a shared cache would give the next visitor. Otherwise a
        // shared cache may keep it per cookie (Vary: Cookie).
        reply.header(
          'Cache-Control',
          test && !test.shared ? 'private, no-cache' : sharedCacheControl(kept, now().getTime()),
        )
        await sendHtml(request, reply, {
          body: kept.body,
          keptAs: { owner: kept, variant: 'everyone' },
          etag: kept.etag,
        })
      }
      return true
    },
  }
}

/** The render's result, or null when it takes longer than SCREEN_RENDER_BUDGET_MS (it goes on unawaited). */
async function withinBudget<T>(request: FastifyRequest, work: Promise<T | null>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      request.log.warn({ url: request.url }, 'screen render over its time budget; the browser renders it')
      resolve(null)
    }, SCREEN_RENDER_BUDGET_MS)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

/** Query parameters that make a URL someone's own (a shared policy's token, a draft's preview link). */
const PERSONAL_PARAMS = ['token', 'preview']

/** An anonymous render's key: the URL (its query sorted) and what the render reads of the user agent. */
function renderKey(request: FastifyRequest, url: URL): string {
  const query = new URLSearchParams(url.searchParams)
  query.sort()
  const env = detectEnvironment(request.headers['user-agent'] ?? '', url.search)
  return `${url.pathname}?${query} ${env.device} ${env.inMallApp} ${env.isInApp} ${env.inWechat}`
}
