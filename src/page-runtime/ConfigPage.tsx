import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  type ComponentProps,
  type CSSProperties,
} from 'react'
import { useSnapshot } from 'valtio'
import type { PageConfig } from '../types/generated/page'
import {
  BlockRuntimeContext,
  type BlockRuntime,
  type DataSourceState,
  type ShareInfo,
} from '../blocks/runtime'
import { BlockLoading } from '../blocks/shared/BlockStatus'
import { ChunkRetryNotice } from '../components/ChunkRetryNotice'
import { lazyWithRetry } from '../lib/lazyWithRetry'
import type { MarkdownTrees } from '../page-config/markdownTree'
import { loginPathFor } from '../components/navigation/appPath'
import { commonStore, signInStore } from './bindingStores'
import { userStore } from '../state/user'
import { useActionRunner } from './actions'
import { resolvePath, resolveText, type BindingScope } from './bindings'
import { BlockRenderer, type RenderContext } from './BlockRenderer'
import { expectedItems, useDataSources, type SettledSources } from './dataSources'
import { colorOrNothing, readableOnWhite } from '../page-config/colors'
import { withParamValues } from '../page-config/routeParams'
import { blockPhase, STATUS_WORDS } from '../page-config/schedule'
import { usePageHost } from './pageHost'
import { sentToSession, usePrerender } from '../components/prerender'
import { applyShareMeta } from './share'
import { setPageShareCard } from '../lib/wechat/shareCards'
import type { PageOverrides } from './overrides'
import { frozenClock, runningClock, usePageClock } from './usePageClock'
import { showPage } from '../lib/analytics/showPage'
import type { PageRef } from '../lib/analytics/notes'
import './configPage.css'
import '../styles/targets.css'

export { preparePage } from './preparePage'
// What a host loading a page lazily needs with the page's runtime: one chunk, not two (configRoutes.ts).
export type { PageOverrides } from './overrides'

// Only a studio preview plays a draft's campaigns in the sandbox: its rules and the campaigns' domain code load
// then, not with every page.
const CampaignSandbox = lazy(() => import('./CampaignSandbox').then((m) => ({ default: m.CampaignSandbox })))

// Only a page offline or not open yet shows it: loaded then (the server's HTML of such a page shows it meanwhile).
const OfflineNotice = lazyWithRetry(
  () => import('./OfflineNotice').then((m) => ({ default: m.OfflineNotice })),
  ChunkRetryNotice,
)
const LazyOfflineNotice = (props: ComponentProps<typeof OfflineNotice>) => (
  <Suspense fallback={<BlockLoading lines={3} />}>
    <OfflineNotice {...props} />
  </Suspense>
)

function shareInfoOf(config: PageConfig): ShareInfo {
  const block = config.blocks.find((b) => b.type === 'share')
  const own = block?.type === 'share' ? block : undefined
  return {
    title: own?.title ?? config.share?.title ?? config.title,
    desc: own?.desc ?? config.share?.desc,
    image: own?.image ?? config.share?.image,
  }
}

const noTrees: MarkdownTrees = {}

const defaultStates = () => ({
  user: userStore.defaults(),
  signIn: signInStore.defaults(),
  common: commonStore.defaults(),
})
const loadingData =
  (sources: PageConfig['dataSources']) =>
  (name: string): DataSourceState => ({
    data: undefined,
    error: undefined,
    isLoading: true,
    retry: () => {},
    expected: expectedItems(sources?.[name]),
  })

/**
 * Renders one page config: lifecycle, login gate, data sources, bindings, actions and its blocks. `markdown`
 * holds the build's compiled markdown of the config (absent for configs from the server).
 */
export function ConfigPage({
  config,
  markdown = noTrees,
  initialData,
  routeParams,
  overrides,
  analytics,
}: {
  /** At the current schema, from currentPageConfig where the page came in (migrations.ts). */
  config: PageConfig
  markdown?: MarkdownTrees
  /** Data sources already fetched while the page loaded (see preparePage). */
  initialData?: SettledSources
  /** This page's values of the config's route parameters (page-configs/xm/[type].json, see routeParams.ts). */
  routeParams?: Readonly<Record<string, string>>
  /** Previews only (overrides.ts): the moment, the login state, the badge. */
  overrides?: PageOverrides
  /**
   * A live page as analytics knows it (lib/analytics; a host gives it only with no overrides): its views, blocks'
   * impressions and clicks are counted.
   */
  analytics?: PageRef
}) {
  const { pathname, search, params: hostParams, navigate } = usePageHost()
  const params = useMemo(() => ({ ...hostParams, ...routeParams }), [hostParams, routeParams])
  const dataSources = useMemo(
    () => withParamValues(config.dataSources, routeParams ?? {}),
    [config.dataSources, routeParams],
  )
  const query = useMemo(() => new URLSearchParams(search), [search])
  // Prerendered HTML (build and hydration): the build's moment, a visitor logged out, data still loading
  // (unless the server rendered it with its data: withData).
  const prerender = usePrerender()
  const liveClock = usePageClock(config.schedule, query)
  const fixedAt = overrides?.nowMs
  const frozenAt = prerender ? (fixedAt ?? prerender.nowMs) : overrides?.frozen ? fixedAt : undefined
  const frozen = useMemo(
    () => (frozenAt === undefined ? null : frozenClock(config.schedule, frozenAt)),
    [config.schedule, frozenAt],
  )
  const running = useMemo(
    () => (fixedAt === undefined ? null : runningClock(config.schedule, fixedAt)),
    [config.schedule, fixedAt],
  )
  const clock = frozen ?? running ?? liveClock
  const previewing = clock.previewing || Boolean(overrides?.preview)
  const liveUser = useSnapshot(userStore.state)
  const liveSignIn = useSnapshot(signInStore.state)
  const liveCommon = useSnapshot(commonStore.state)
  const anonymous = useMemo(() => (prerender ? defaultStates() : null), [prerender])
  const user = anonymous?.user ?? liveUser
  const signIn = anonymous?.signIn ?? liveSignIn
  const common = anonymous?.common ?? liveCommon
  const liveData = useDataSources(dataSources, initialData)
  const before = useMemo(() => loadingData(dataSources), [dataSources])
  const data = prerender && !prerender.withData ? before : liveData
  const loggedIn = overrides?.loggedIn ?? Boolean(user.id || user.userInfo.id)
  // What blocks may assume before a campaign's state says (BlockRuntime.loggedIn): also a session the server saw.
  const likelyLoggedIn = loggedIn || (!prerender && overrides?.loggedIn === undefined && sentToSession())

  const dataNames = Object.keys(dataSources ?? {})
  const scope: BindingScope = {
    user,
    signIn,
    common,
    params,
    query: Object.fromEntries(query),
    data: Object.fromEntries(dataNames.map((name) => [name, data(name).data])),
  }
  const scopeKey = JSON.stringify(scope)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the scope is compared by value
  const text = useCallback((template: string) => resolveText(template, scope), [scopeKey])
  // Compared by value: a preview hands a new config object on every edit.
  const shareNow = shareInfoOf(config)
  const shareKey = JSON.stringify(shareNow)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- compared by value
  const share = useMemo(() => shareNow, [shareKey])
  const sandboxed = Boolean(overrides?.campaignSandbox)
  const run = useActionRunner(share, text, sandboxed)

  // Offline (or not yet public): a notice, then the fallback (OfflineNotice); no login for that.
  // Before its preheat or after it went offline the page is not shown: a notice in the status words.
  const offline = clock.ready && (clock.phase === 'offline' || clock.phase === 'upcoming')
  const mustLogin =
    !offline && overrides?.loggedIn === undefined && Boolean(config.requiresLogin && !loggedIn)
  useEffect(() => {
    if (mustLogin) navigate(loginPathFor(pathname + search), { replace: true })
  }, [mustLogin, navigate, pathname, search])
  useEffect(() => applyShareMeta(share), [share])
  // The WeChat share card (and the app's share panel) while this page is on show (lib/wechat/shareCards.ts).
  useEffect(() => setPageShareCard(share), [share])

  // Analytics (lib/analytics): once the page shows for this visitor (not a preview, not the server's render or its
  // hydration), its view, then its blocks' impressions and clicks; the rest of it loads after the page.
  const root = useRef<HTMLDivElement>(null)
  const shown = clock.ready && !offline && !mustLogin
  const trackKey = analytics && !previewing && !prerender && shown ? JSON.stringify(analytics) : ''
  useEffect(
    () => (trackKey && root.current ? showPage(root.current, JSON.parse(trackKey)) : undefined),
    [trackKey],
  )

  // Kept by identity between renders, so that a re-render (a preview's edit) repaints only the blocks that
  // changed (BlockRenderer memoizes each block on its config object).
  const phase = blockPhase(clock.phase)
  const nowMs = clock.now()
  const showErrors = Boolean(overrides?.showBlockErrors)
  const renderCtx = useMemo<RenderContext>(
    () => ({
      phase,
      nowMs,
      showErrors,
      prerendered: prerender !== null,
      conditions: { loggedIn, query, state: (path) => resolvePath(path, scope) },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the scope is compared by value
    [phase, nowMs, showErrors, prerender, loggedIn, query, scopeKey],
  )
  const readMarkdown = useCallback(
    (source: string) =>
      Object.prototype.hasOwnProperty.call(markdown, source) ? markdown[source] : undefined,
    [markdown],
  )
  const runtime = useMemo<BlockRuntime>(
    () => ({
      phase: renderCtx.phase,
      prerendered: prerender !== null,
      now: clock.now,
      schedule: config.schedule,
      share,
      text,
      markdown: readMarkdown,
      run,
      data,
      query,
      navigate,
      campaign: (id) => config.campaigns?.[id],
      loggedIn: likelyLoggedIn,
      renderBlocks: (blocks) => <BlockRenderer blocks={blocks} ctx={renderCtx} />,
    }),
    [
      renderCtx,
      likelyLoggedIn,
      prerender,
      clock.now,
      config.schedule,
      config.campaigns,
      share,
      text,
      readMarkdown,
      run,
      data,
      query,
      navigate,
    ],
  )

  if (offline) {
    return (
      <LazyOfflineNotice
        fallback={config.schedule?.fallback ?? '/'}
        phase={clock.phase === 'upcoming' ? 'upcoming' : 'offline'}
        // A preview stays on the notice: staff look at the offline moment, they do not leave for the fallback.
        leave={(to) => (overrides?.preview ? undefined : navigate(to, { replace: true }))}
      />
    )
  }
  if (!clock.ready || mustLogin) return <BlockLoading lines={5} />
  const style = {
    '--adm-color-primary': readableOnWhite(colorOrNothing(config.theme?.primaryColor)),
    background: colorOrNothing(config.theme?.background),
  } as CSSProperties
  return (
    <BlockRuntimeContext.Provider value={runtime}>
      <div
        ref={root}
        className={`config-page layout-${config.layout ?? 'default'}`}
        style={style}
        data-phase={clock.phase}
      >
        {previewing && <div className="config-page-preview">预览：{STATUS_WORDS[clock.phase]}</div>}
        {sandboxed ? (
          <Suspense fallback={<BlockLoading lines={5} />}>
            <CampaignSandbox
              campaigns={config.campaigns}
              now={clock.now}
              loggedIn={loggedIn}
              profile={overrides?.sandboxProfile}
            >
              <BlockRenderer blocks={config.blocks} ctx={renderCtx} topLevel />
            </CampaignSandbox>
          </Suspense>
        ) : (
          <BlockRenderer blocks={config.blocks} ctx={renderCtx} topLevel />
        )}
      </div>
    </BlockRuntimeContext.Provider>
  )
}
