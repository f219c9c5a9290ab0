// The checks a schema cannot make: references between parts of a config, to the route table, and to files.
import { API_PATH_SHAPE, describeConfigApiPaths, isConfigApiPath } from './apiPaths'
import { bindingsIn, parseBinding } from './bindingSyntax'
import { routeMatches, targetPath } from './configPath'
import { IMAGE_RULE, isAllowedImage, isAllowedLink, LINK_HOST_ALLOWLIST } from './allowedUrls'
import { blockChecks } from './blockCatalog'
import { checkCampaignKind } from './campaignKinds'
import { checkCampaignCollection } from './campaignCollectChecks'
import { escapePointer, isObject, type JsonObject } from './json'
import { markdownImages } from './markdown'
import { markdownTextsOf } from './markdownSources'
import { markdownTableProblems } from './markdownTables'
import { rewardProblem } from './prizeReward'
import { blockOrdinal, walkBlocks } from './walkBlocks'

export interface Finding {
  pointer: string
  message: string
}

export interface CheckContext {
  /** Every route path (hand-written screens and config pages). */
  routes: readonly string[]
  /** Whether /x/y.png exists under public/. */
  publicFileExists: (sitePath: string) => boolean
  /** The kind of a campaign declared by any config (ids are global); the page's own campaigns come first. */
  campaignKind?: (id: string) => string | undefined
}

type Json = JsonObject
const ASSET = /^\/(?![/\\])[^\s?#\\]+\.(png|jpe?g|gif|webp|svg|mp4)$/i
const ACTION_KEYS = new Set(['action', 'then'])
const TARGET_KEYS = new Set(['resultPage', 'retakeTo', 'sharePath'])

interface BlockAt {
  block: Json
  pointer: string
}

function collectBlocks(config: Json): BlockAt[] {
  const out: BlockAt[] = []
  walkBlocks(config.blocks, (block, pointer) => {
    out.push({ block, pointer })
  })
  return out
}

export function checkConfig(config: Json, ctx: CheckContext): Finding[] {
  const findings: Finding[] = []
  const add = (pointer: string, message: string) => findings.push({ pointer, message })
  const routeExists = (target: string) => {
    const path = targetPath(target)
    return ctx.routes.some((route) => routeMatches(route, path))
  }
  const dataSources = isObject(config.dataSources) ? config.dataSources : {}
  const schedule = isObject(config.schedule) ? config.schedule : undefined
  const blocks = collectBlocks(config)
  const ownCampaigns = isObject(config.campaigns) ? config.campaigns : {}
  const campaignKind = (id: string) => {
    const own = ownCampaigns[id]
    if (isObject(own)) return typeof own.kind === 'string' ? own.kind : undefined
    return ctx.campaignKind?.(id)
  }

  // Block ids: unique across the page (tabs included).
  const ids = new Map<string, string>()
  for (const { block, pointer } of blocks) {
    if (typeof block.id !== 'string') continue
    const first = ids.get(block.id)
    if (first) add(`${pointer}/id`, `区块 id「${block.id}」重复（${blockOrdinal(first)}已在使用）`)
    else ids.set(block.id, pointer)
  }

  // Schedule order.
  if (schedule) {
    const order = ['preheatAt', 'startAt', 'endAt', 'offlineAt'] as const
    const said = { preheatAt: '预热时间', startAt: '开始时间', endAt: '结束时间', offlineAt: '下线时间' }
    let previous: { key: string; ms: number } | null = null
    for (const key of order) {
      const ms = typeof schedule[key] === 'string' ? Date.parse(schedule[key] as string) : NaN
      if (Number.isNaN(ms)) continue
      const strict = key === 'endAt' && previous?.key === 'startAt'
      if (previous && (ms < previous.ms || (strict && ms === previous.ms))) {
        add(
          `/schedule/${key}`,
          `「${said[key]}」必须${strict ? '晚于' : '不早于'}「${said[previous.key as keyof typeof said]}」（活动时间顺序：预热 ≤ 开始 < 结束 ≤ 下线）`,
        )
      }
      previous = { key, ms }
    }
    if (typeof schedule.fallback === 'string' && !routeExists(schedule.fallback)) {
      add('/schedule/fallback', `「下线后跳转」的页面 "${schedule.fallback}" 不存在`)
    }
  }

  if (isObject(config.campaigns)) checkCampaigns(config.campaigns, schedule, add)

  // Data sources read the allowed consumer GET paths only (a path of another shape is the schema's error).
  for (const name in dataSources) {
    const source = dataSources[name]
    const path = isObject(source) ? source.get : undefined
    if (typeof path === 'string' && API_PATH_SHAPE.test(path) && !isConfigApiPath('get', path))
      add(
        `/dataSources/${escapePointer(name)}/get`,
        `接口 "${path}" 不在数据源可读取的范围内（只能是 ${describeConfigApiPaths('get')}）`,
      )
  }

  for (const { block, pointer } of blocks) {
    const window = isObject(block.activeBetween) ? block.activeBetween : undefined
    if (
      window &&
      typeof window.from === 'string' &&
      typeof window.to === 'string' &&
      Date.parse(window.from) >= Date.parse(window.to)
    ) {
      add(`${pointer}/activeBetween/to`, '「生效时间段」的结束时间必须晚于开始时间')
    }
    const check = typeof block.type === 'string' ? blockChecks[block.type] : undefined
    check?.({ block, pointer, config, add, campaignKind })
    // Image fields are checked by the schema (x-image); images inside markdown text here.
    for (const text of markdownTextsOf(block, pointer)) {
      for (const src of markdownImages(text.source))
        if (!isAllowedImage(src)) add(text.pointer, `Markdown 中的图片 "${src}" 不允许：${IMAGE_RULE}`)
      for (const problem of markdownTableProblems(text.source)) add(text.pointer, problem)
    }
  }

  // Deep walk: actions, in-site targets, bindings and files.
  const walk = (node: unknown, pointer: string, key: string) => {
    if (typeof node === 'string') {
      if (node.includes('{{')) checkBindings(node, pointer, dataSources, add)
      if (ASSET.test(node) && !ctx.publicFileExists(node)) add(pointer, `文件 public${node} 不存在`)
      if (TARGET_KEYS.has(key) && !routeExists(node)) add(pointer, `页面 "${node}" 不存在于路由表`)
      return
    }
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`, key))
      return
    }
    if (!isObject(node)) return
    if (ACTION_KEYS.has(key)) checkAction(node, pointer, ids, routeExists, add)
    for (const k in node) walk(node[k], `${pointer}/${escapePointer(k)}`, k)
  }
  walk(config.blocks, '/blocks', 'blocks')
  if (isObject(config.share)) walk(config.share, '/share', 'share')
  return findings
}

function checkAction(
  action: Json,
  pointer: string,
  ids: Map<string, string>,
  routeExists: (t: string) => boolean,
  add: (p: string, m: string) => void,
) {
  if (action.type === 'navigate' && typeof action.to === 'string' && !routeExists(action.to)) {
    add(`${pointer}/to`, `跳转目标 "${action.to}" 不存在于路由表`)
  }
  if (action.type === 'link' && typeof action.href === 'string' && !isAllowedLink(action.href)) {
    add(`${pointer}/href`, `外链域名不在白名单内（允许：${LINK_HOST_ALLOWLIST.join('、')}）`)
  }
  if (
    action.type === 'api' &&
    typeof action.url === 'string' &&
    API_PATH_SHAPE.test(action.url) &&
    !isConfigApiPath('post', action.url)
  ) {
    add(
      `${pointer}/url`,
      `接口 "${action.url}" 不在页面可调用的范围内（只能是 ${describeConfigApiPaths('post')}）`,
    )
  }
  if (action.type === 'scroll-to' && typeof action.target === 'string' && !ids.has(action.target)) {
    add(`${pointer}/target`, `滚动目标区块 "${action.target}" 不存在（没有这个 id 的区块）`)
  }
}

function checkBindings(
  text: string,
  pointer: string,
  dataSources: Json,
  add: (p: string, m: string) => void,
) {
  for (const path of bindingsIn(text)) {
    const binding = parseBinding(path)
    if (!binding) {
      add(pointer, `插值 {{${path}}} 不允许：只能引用 user、signIn、common、query、params、data 下的字段`)
    } else if (binding.root === 'data' && !(binding.segments[0] && binding.segments[0] in dataSources)) {
      add(pointer, `插值 {{${path}}} 引用的数据源 "${binding.segments[0] ?? ''}" 未在 dataSources 中定义`)
    }
  }
}

/** What a campaign's schema cannot say: its window inside the page's, its prizes and caps consistent. */
function checkCampaigns(campaigns: Json, schedule: Json | undefined, add: (p: string, m: string) => void) {
  for (const id in campaigns) {
    const campaign = campaigns[id]
    if (!isObject(campaign)) continue
    const at = `/campaigns/${escapePointer(id)}`
    checkCampaignKind(campaign, at, add)
    const window = isObject(campaign.window) ? campaign.window : {}
    const start = typeof window.startAt === 'string' ? Date.parse(window.startAt) : NaN
    const end = typeof window.endAt === 'string' ? Date.parse(window.endAt) : NaN
    if (start >= end) add(`${at}/window/endAt`, '结束时间必须晚于开始时间')
    if (schedule) {
      const pageStart = typeof schedule.startAt === 'string' ? Date.parse(schedule.startAt) : NaN
      const pageEnd = typeof schedule.endAt === 'string' ? Date.parse(schedule.endAt) : NaN
      if (start < pageStart) add(`${at}/window/startAt`, '参与时间不能早于页面活动时间的开始时间')
      if (end > pageEnd) add(`${at}/window/endAt`, '参与时间不能晚于页面活动时间的结束时间')
    } else add(`${at}/window`, '有活动的页面须设置活动时间（活动的参与时间须在页面活动时间之内）')
    const limits = isObject(campaign.limits) ? campaign.limits : {}
    if (
      typeof limits.perUserPerDay === 'number' &&
      typeof limits.perUserTotal === 'number' &&
      limits.perUserPerDay > limits.perUserTotal
    )
      add(`${at}/limits/perUserPerDay`, '每人每天次数不能多于每人总次数')
    const prizes = Array.isArray(campaign.prizes) ? campaign.prizes : []
    const prizeIds = new Set<string>()
    let weights = 0
    prizes.forEach((prize, i) => {
      if (!isObject(prize)) return
      const here = `${at}/prizes/${i}`
      if (typeof prize.id === 'string') {
        if (prizeIds.has(prize.id)) add(`${here}/id`, `奖品编号「${prize.id}」重复`)
        prizeIds.add(prize.id)
      }
      if (typeof prize.weight === 'number') weights += prize.weight
      const reward = isObject(prize.reward) ? prize.reward : {}
      const unlimited = reward.kind === 'nothing' || reward.kind === 'points' || reward.kind === 'beans'
      if (prize.stock === undefined && !unlimited)
        add(`${here}/stock`, '须写明「库存」（只有谢谢参与、积分、金豆可不限）')
      const promised = rewardProblem(prize.name, prize.reward)
      if (promised) add(`${here}/reward`, promised)
      if (
        typeof prize.dailyCap === 'number' &&
        typeof prize.stock === 'number' &&
        prize.dailyCap > prize.stock
      )
        add(`${here}/dailyCap`, '每日上限不能大于总库存')
    })
    if (campaign.kind === 'lottery' && weights <= 0) add(`${at}/prizes`, '奖品的「抽中权重」之和须大于 0')
    checkCampaignCollection(campaign, at, add)
  }
}
