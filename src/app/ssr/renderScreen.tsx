import { AsyncLocalStorage } from 'node:async_hooks'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { matchRoutes, StaticRouter } from 'react-router-dom'
import { belowBasename, ROUTER_BASENAME } from '../../config/router'
import { fetchMe, meKey, type Me } from '../../features/member/api'
import { storeLoggedIn } from '../../features/member/session'
import { setTransport } from '../../lib/request'
import { PrerenderContext, type PrerenderSnapshot } from '../../components/prerender'
import { commonStore } from '../../page-runtime/bindingStores'
import { nativeStore } from '../../state/native'
import { stateNamespaces } from '../stateNamespaces'
import type { DataLoad, RouteHandle, ScreenLocation, ScreenLoader, ScreenRoute } from '../../types/route'
import { swrFetcher, type SwrKey } from '../../lib/request'
import { unstable_serialize, type Key } from 'swr'
import type { Params } from 'react-router-dom'
import { AppProviders } from '../AppProviders'
import { detectEnvironment } from '../../domain/environment'
import { AppRoutes, appRoutes, preloadScreensAt, screenLoadersAt } from '../router'
import { publishedRoutes, screenRoutes } from '../routes'
import { infiniteKey, loaderCheck, serverRenderedData, type DataSession } from './screenData'
import { payloadText } from './payload'
import {
  LIGHT_SHELL_TEMPLATE,
  SAME_FOR_EVERYONE_HEADER,
  type ScreenRender as ScreenRenderOf,
  type ScreenRenderRequest,
} from '../../page-config/screenHtml'
import {
  loadConfigPage,
  renderConfigPage,
  renderPublishedPage,
  type PrerenderedPage,
} from '../configShell/prerender'
import { configRoutes } from '../../page-runtime/configRoutes'
import { configPageDataText, type RenderedSources } from '../../page-config/configPageData'
import { withParamValues } from '../../page-config/routeParams'
import type { PageConfig } from '../../types/generated/page'
import {
  publishedPageText,
  publishedTitle,
  type EmbeddedPublishedPage,
} from '../../page-config/publishedPageData'
import { publishedPagePath } from '../publishedPages/api'
import { fetchAll } from '../../page-runtime/dataSources'
import { PUBLISHED_PAGE_PATH } from '../publishedPages/routes'

// The server's renderer of hand-written screens (built into dist/server/, loaded by server/platform/
// screenRendering.ts): renders the screen a URL matches, once, for the visitor of the request, with the data its
// loader declares (ScreenLoader), to HTML the browser hydrates (src/main.tsx). A config page of page-configs/ and a page published
// through the studio, opened directly, are rendered here by the light shell's renderer
// (src/app/configShell/prerender.tsx, the one the build uses), with their data sources' answers.

export interface ScreenRequest extends ScreenRenderRequest {
  /** Answers the screen's API requests as the visitor (their cookie), without a network hop. */
  fetch: typeof fetch
}

export type ScreenRender = ScreenRenderOf<PrerenderSnapshot>

/**
 * What renderToString leaves of a Suspense boundary whose code was still loading (a lazy component's first
 * use since the server started): the browser renders it instead, with a recoverable error. A moment later the
 * code is there and the render is tried again.
 */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->'
/**
 * The waits before rendering again while a boundary is still left to the browser: a busy server can take a few
 * hundred milliseconds to load a chunk the first time (three waits of 10 ms left /product hydrating with an
 * error now and then). Past them, the screen is sent to be rendered in the browser, never with a broken part.
 */
const LAZY_WAITS_MS = [10, 20, 40, 80, 160, 320]

const requests = new AsyncLocalStorage<typeof fetch>()
/** The piece of data being loaded: whether any of its answers was the visitor's own (not SAME_FOR_EVERYONE). */
const loading = new AsyncLocalStorage<{ personal: boolean }>()
// The request layer's requests go to the visitor's request being rendered, never to a shared cache. Set again by
// each render: whatever else in the process set the layer's transport (a test of the browser's) does not stay.
const serverTransport = {
  fetch: (async (input, init) => {
    const send = requests.getStore()
    if (!send) throw new Error('server render: no request to answer')
    const answer = await send(input, init)
    const piece = loading.getStore()
    if (piece && !answer.headers.has(SAME_FOR_EVERYONE_HEADER)) piece.personal = true
    return answer
  }) satisfies typeof fetch,
  cache: false,
}

function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('server render: data came too late')), deadline - Date.now())
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/** The stores as this visitor's browser starts with them (src/app/bootstrap.ts, the session). */
function setStores(request: ScreenRequest, search: string, me: Me | null): void {
  const env = detectEnvironment(request.userAgent, search)
  commonStore.update({ inMallApp: env.inMallApp })
  nativeStore.update({ isInApp: env.isInApp, inWechat: env.inWechat, device: env.device })
  if (me) storeLoggedIn(me)
}

/** One module graph renders every visitor: each render starts from the spec's defaults. */
function resetStores(): void {
  for (const store of Object.values(stateNamespaces)) store.reset()
}

/** The handle of the screen (or page) `pathname` matches, if any. */
function handleAt(pathname: string): RouteHandle | undefined {
  return matchRoutes(appRoutes(), pathname, ROUTER_BASENAME)?.at(-1)?.route.handle as RouteHandle | undefined
}

/** Answers by path: matching ranks every route of the table each time (~3 ms), asked on each logged-in visit. */
const sharedByPath = new Map<string, boolean>()
const SHARED_PATHS_KEPT = 1_000

/**
 * Whether the screen at `url` is the same for every visitor (ScreenRoute.sameForEveryone): the server then sends
 * a logged-in visitor the render it keeps for everyone (their data follows from the API in the browser).
 */
export function sharedScreen(url: string): boolean {
  const { pathname } = new URL(url, 'http://localhost')
  let shared = sharedByPath.get(pathname)
  if (shared === undefined) {
    const path = handleAt(pathname)?.path
    // A config page is rendered logged out for everyone (the light shell): what is personal comes from the API.
    shared =
      configRoutes.some((route) => route.path === path) ||
      [...screenRoutes, ...publishedRoutes].some((route) => route.path === path && route.sameForEveryone)
    if (sharedByPath.size >= SHARED_PATHS_KEPT) sharedByPath.clear()
    sharedByPath.set(pathname, shared)
  }
  return shared
}

export async function renderScreen(request: ScreenRequest): Promise<ScreenRender> {
  setTransport(serverTransport)
  const url = new URL(request.url, 'http://localhost')
  const handle = handleAt(url.pathname)
  if (!handle?.path) return { rendered: false, reason: 'no screen at this path' }
  const configRoute = configRoutes.find((route) => route.path === handle.path)
  if (configRoute) return renderFolderPage(request, url, configRoute)
  if (![...screenRoutes, ...publishedRoutes].some((route) => route.path === handle.path))
    return { rendered: false, reason: `no screen renders ${handle.path}` }
  if (handle.path === PUBLISHED_PAGE_PATH && !url.searchParams.has('preview')) {
    const light = await renderInLightShell(request, url)
    if (light) return light
  }
  // The screen's chunk first: a render shows it, never a placeholder for it; then its loader's data.
  const below = belowBasename(url.pathname) ?? url.pathname
  await preloadScreensAt(below)
  const snapshot: PrerenderSnapshot = { pathname: url.pathname, nowMs: request.nowMs }

  return requests.run(request.fetch, async () => {
    const deadline = Date.now() + request.dataBudgetMs
    const me = await withDeadline(fetchMe(), deadline).catch(() => null)
    const at = { pathname: below, search: url.searchParams, loggedIn: me !== null }
    // An error shows in the browser, which asks again: the HTML shows the screen loading it.
    const session = dataSession(request, deadline, { [meKey]: me })
    const data = await loadDeclared(screenLoadersAt(below), at, session, deadline)
    const fallback: Record<string, unknown> = { ...data.loaded, [meKey]: me }
    const wanted = new Set<string>()
    const use = [serverRenderedData(fallback, (key) => void wanted.add(key))]
    const render = () => {
      wanted.clear()
      setStores(request, url.search, me)
      try {
        return renderToString(
          <StrictMode>
            <PrerenderContext value={snapshot}>
              <AppProviders swr={{ fallback, provider: () => new Map(), use }}>
                <StaticRouter basename={ROUTER_BASENAME} location={`${url.pathname}${url.search}`}>
                  <AppRoutes />
                </StaticRouter>
              </AppProviders>
            </PrerenderContext>
          </StrictMode>,
        )
      } finally {
        resetStores()
      }
    }
    let html = render()
    for (const wait of LAZY_WAITS_MS) {
      if (!html.includes(CLIENT_RENDERED_BOUNDARY)) break
      await new Promise((resolve) => setTimeout(resolve, wait))
      html = render()
    }
    // Still a part the server could not render (its code, or an error in it): the browser renders it all.
    if (html.includes(CLIENT_RENDERED_BOUNDARY))
      return { rendered: false, reason: `${handle.path}: a part could not be rendered on the server` }
    wanted.delete(meKey)
    const check = loaderCheck(wanted, data.asked)
    if (check.undeclared.length)
      console.warn('[ssr] data not in the loader of', handle.path, check.undeclared)
    return {
      rendered: true,
      route: handle.path ?? '',
      title: handle.title,
      html,
      snapshot,
      payload: payloadText({ fallback, shared: data.sameForEveryone }),
      loaderCheck: check,
    }
  })
}

/**
 * Runs the loaders of a screen (and its layouts) as the request's visitor until `deadline`: what came, by SWR's
 * fallback key, every key they asked for, and the keys whose every answer read no session. A piece that failed
 * or came late is left out (the browser asks for it), and so is whatever a loader meant to load after it.
 */
async function loadDeclared(
  loaders: { loader: ScreenLoader; params: Params }[],
  at: Omit<ScreenLocation, 'params'>,
  session: ServerDataSession,
  deadline: number,
) {
  await withDeadline(
    Promise.all(
      loaders.map(({ loader, params }) =>
        Promise.resolve()
          .then(() => loader({ ...at, params }, session.load))
          .catch(() => {}),
      ),
    ),
    deadline,
  ).catch(() => {})
  return session.settled()
}

interface ServerDataSession extends DataSession {
  settled(): Promise<{ loaded: Record<string, unknown>; asked: Set<string>; sameForEveryone: string[] }>
}

/**
 * Loads a render's data as the request's visitor (a render kept for everyone asks with no cookies), each piece
 * once, until `deadline`: what fails or comes late is left out, and shows loading until the browser asks.
 * `known`: what the render has already (the session), given to a loader that asks for it, never counted as asked.
 */
function dataSession(
  request: ScreenRequest,
  deadline: number,
  known: Record<string, unknown> = {},
): ServerDataSession {
  const loaded: Record<string, unknown> = {}
  const sameForEveryone: string[] = []
  const pieces = new Map(Object.entries(known).map(([key, data]) => [key, Promise.resolve(data)]))
  const piece = (key: string, fetch: () => Promise<unknown>) => {
    let loading = pieces.get(key)
    if (!loading) {
      loading = loadPiece(request, fetch, deadline).then(({ data, personal }) => {
        loaded[key] = data
        if (!personal) sameForEveryone.push(key)
        return data
      })
      pieces.set(key, loading)
    }
    return loading
  }
  const load = ((key: Key, fetch?: () => Promise<unknown>) =>
    piece(unstable_serialize(key), fetch ?? (() => swrFetcher(key as SwrKey)))) as DataLoad
  load.pages = <T,>(firstPage: SwrKey) =>
    piece(infiniteKey(firstPage), async () => [await swrFetcher(firstPage)]).then(
      (pages) => (pages as T[])[0],
    )
  return {
    load,
    // A piece a loader started without waiting for it is waited for too.
    settled: async () => {
      await Promise.allSettled(pieces.values())
      return { loaded, sameForEveryone, asked: new Set([...pieces.keys()].filter((key) => !(key in known))) }
    },
  }
}

/** Loads one piece as the request's visitor until `deadline`: it, and whether any answer was the visitor's own. */
async function loadPiece(
  request: ScreenRequest,
  fetch: () => Promise<unknown>,
  deadline: number,
): Promise<{ data: unknown; personal: boolean }> {
  const piece = { personal: false }
  const data = await withDeadline(
    requests.run(request.fetch, () => loading.run(piece, fetch)),
    deadline,
  )
  return { data, personal: piece.personal }
}

/**
 * What a published page's data sources answer now (as the visitor), when every one of them answered; null
 * otherwise, and the page is rendered before its data (the browser asks for it).
 */
async function pageData(
  request: ScreenRequest,
  sources: PageConfig['dataSources'],
): Promise<RenderedSources | null> {
  if (!sources || !Object.keys(sources).length) return null
  const settled = await requests.run(request.fetch, () => fetchAll(sources))
  const answered = Object.entries(settled).map(([name, { data, error }]) =>
    error === undefined ? ([name, { data }] as const) : null,
  )
  return answered.every(Boolean)
    ? (Object.fromEntries(answered as (readonly [string, { data: unknown }])[]) as RenderedSources)
    : null
}

/** The live version of /activity/{id} from the pages API, or null (unknown, offline, failed: the screen's). */
async function livePublishedPage(request: ScreenRequest, id: string): Promise<EmbeddedPublishedPage | null> {
  const answer = await request.fetch(publishedPagePath(id), {
    headers: { accept: 'application/json' },
  })
  if (!answer.ok) return null
  const body = (await answer.json()) as Partial<EmbeddedPublishedPage> & { offline?: boolean }
  if (body.offline || typeof body.version !== 'number' || typeof body.config !== 'object' || !body.config)
    return null
  // Under an A/B test, the variant's version and which it is (the browser sends it with its events).
  const experiment = body.experiment
  return {
    id,
    version: body.version,
    config: body.config,
    markdown: body.markdown ?? {},
    ...(experiment ? { experiment } : {}),
  }
}

/**
 * A page published through the studio, opened directly: its live version rendered by the light shell (as a
 * folder config page is at build time), sent in the light shell's template with the page embedded, so the
 * browser boots the light shell rather than the app (src/main.tsx). Null: the screen renders it (a preview,
 * an unknown id, an offline page, a page the light shell could not render).
 */
async function renderInLightShell(request: ScreenRequest, url: URL): Promise<ScreenRender | null> {
  const below = belowBasename(url.pathname) ?? url.pathname
  const id = /\/activity\/([^/]+)\/?$/i.exec(below)?.[1]
  if (!id) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(id)
  } catch {
    return null
  }
  // Too late or unreadable: the screen renders it (its own request shows the error or the page).
  const deadline = Date.now() + request.dataBudgetMs
  const page = await withDeadline(livePublishedPage(request, decoded), deadline).catch(() => null)
  if (!page) return null
  const { config } = page
  const data = await withDeadline(pageData(request, config.dataSources), deadline).catch(() => null)
  if (data) page.data = data
  let rendered: Awaited<ReturnType<typeof renderPublishedPage>>
  try {
    rendered = await renderPublishedPage(page, config, below, request.nowMs, dataSession(request, deadline))
  } catch (error) {
    console.warn('[ssr] the light shell could not render', below, error)
    return null
  }
  return {
    rendered: true,
    route: LIGHT_SHELL_TEMPLATE,
    title: publishedTitle(config),
    html: rendered.html,
    snapshot: rendered.snapshot,
    payload: publishedPageText({ ...page, fallback: rendered.fallback }),
    validFrom: rendered.validFrom,
    validUntil: rendered.validUntil,
    loaderCheck: rendered.loaderCheck,
  }
}

/**
 * A config page of page-configs/ (any letter case, also under /app), rendered by the light shell as the build
 * does, but at the request's moment and with its data sources' answers (asked as nobody) when they all came within
 * the data budget: products show in the HTML instead of placeholders, and the browser hydrates with the same
 * answers (the data block). A page that cannot be rendered here is sent as the build made it.
 */
async function renderFolderPage(request: ScreenRequest, url: URL, route: ScreenRoute): Promise<ScreenRender> {
  const below = belowBasename(url.pathname) ?? url.pathname
  const deadline = Date.now() + request.dataBudgetMs
  let rendered: PrerenderedPage
  let data: RenderedSources | null
  try {
    const page = await loadConfigPage(route)
    const sources = withParamValues(page.config.dataSources, page.params)
    data = await withDeadline(pageData(request, sources), deadline).catch(() => null)
    rendered = await renderConfigPage(page, below, request.nowMs, {
      data: data ?? undefined,
      session: dataSession(request, deadline),
    })
  } catch (error) {
    console.warn('[ssr] the config page could not be rendered', below, error)
    return { rendered: false, reason: `${route.path} could not be rendered` }
  }
  return {
    rendered: true,
    route: route.path,
    title: route.title,
    html: rendered.html,
    snapshot: rendered.snapshot,
    payload: configPageDataText({ data, fallback: rendered.fallback }),
    validFrom: rendered.validFrom,
    validUntil: rendered.validUntil,
    loaderCheck: rendered.loaderCheck,
  }
}
