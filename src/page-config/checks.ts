// The checks a schema cannot make: references between parts of a config, to the route table, and to files.
import { bindingsIn, parseBinding } from './bindingSyntax'
import { routeMatches, targetPath } from './configPath'
import { isAllowedLink, LINK_HOST_ALLOWLIST } from './linkHosts'
import { blockChecks } from './blockCatalog'
import { escapePointer, isObject, type JsonObject } from './json'
import { walkBlocks } from './walkBlocks'

export interface Finding {
  pointer: string
  message: string
}

export interface CheckContext {
  /** Every route path (hand-written screens and config pages). */
  routes: readonly string[]
  /** Whether /x/y.png exists under public/. */
  publicFileExists: (sitePath: string) => boolean
}

type Json = JsonObject
const ASSET = /^\/(?!\/)[^\s?#]+\.(png|jpe?g|gif|webp|svg|mp4)$/i
const ACTION_KEYS = new Set(['action', 'then'])
const TARGET_KEYS = new Set(['resultPage', 'retakeTo'])

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

  // Block ids: unique across the page (tabs included).
  const ids = new Map<string, string>()
  for (const { block, pointer } of blocks) {
    if (typeof block.id !== 'string') continue
    const first = ids.get(block.id)
    if (first) add(`${pointer}/id`, `区块 id "${block.id}" 重复（已在 ${first} 使用）`)
    else ids.set(block.id, pointer)
  }

  // Schedule order.
  if (schedule) {
    const order = ['preheatAt', 'startAt', 'endAt', 'offlineAt'] as const
    let previous: { key: string; ms: number } | null = null
    for (const key of order) {
      const ms = typeof schedule[key] === 'string' ? Date.parse(schedule[key] as string) : NaN
      if (Number.isNaN(ms)) continue
      const strict = key === 'endAt' && previous?.key === 'startAt'
      if (previous && (ms < previous.ms || (strict && ms === previous.ms))) {
        add(
          `/schedule/${key}`,
          `${key} 必须${strict ? '晚于' : '不早于'} ${previous.key}（活动时间顺序：预热 ≤ 开始 < 结束 ≤ 下线）`,
        )
      }
      previous = { key, ms }
    }
    if (typeof schedule.fallback === 'string' && !routeExists(schedule.fallback)) {
      add('/schedule/fallback', `下线后跳转的页面 "${schedule.fallback}" 不存在于路由表`)
    }
  }

  for (const { block, pointer } of blocks) {
    const window = isObject(block.activeBetween) ? block.activeBetween : undefined
    if (
      window &&
      typeof window.from === 'string' &&
      typeof window.to === 'string' &&
      Date.parse(window.from) >= Date.parse(window.to)
    ) {
      add(`${pointer}/activeBetween/to`, '生效时间段的 to 必须晚于 from')
    }
    const check = typeof block.type === 'string' ? blockChecks[block.type] : undefined
    check?.({ block, pointer, config, add })
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
