// The checks a schema cannot make: references between parts of a config, to the route table, and to files.
import { bindingsIn, parseBinding } from './bindingSyntax'
import { routeMatches, targetPath } from './configPath'
import { isAllowedLink, LINK_HOST_ALLOWLIST } from './linkHosts'
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

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
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
    switch (block.type) {
      case 'product-list':
        if (typeof block.from === 'string' && !(block.from in dataSources)) {
          add(`${pointer}/from`, `数据源 "${block.from}" 未在 dataSources 中定义`)
        }
        break
      case 'countdown':
        if (typeof block.to === 'string' && block.to.startsWith('schedule.')) {
          const key = block.to.slice('schedule.'.length)
          if (!schedule) add(`${pointer}/to`, `倒计时引用了 ${block.to}，但页面没有 schedule`)
          else if (typeof schedule[key] !== 'string')
            add(`${pointer}/to`, `倒计时引用了 ${block.to}，但 schedule 里没有 ${key}`)
        }
        break
      case 'table':
        checkTable(block, pointer, add)
        break
      case 'calculator':
        checkCalculator(block, pointer, add)
        break
      case 'questionnaire':
        checkQuestionnaire(block, pointer, add)
        break
      case 'questionnaire-result':
        checkBands(block.bands, `${pointer}/bands`, add)
        break
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

function escapePointer(key: string): string {
  return key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key
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

function checkTable(block: Json, pointer: string, add: (p: string, m: string) => void) {
  if (!Array.isArray(block.columns) || !Array.isArray(block.rows)) return
  const keys = new Set(block.columns.map((c) => (isObject(c) ? c.key : undefined)))
  block.rows.forEach((row, r) => {
    if (!isObject(row)) return
    for (const k of Object.keys(row))
      if (!keys.has(k)) add(`${pointer}/rows/${r}/${escapePointer(k)}`, `列 "${k}" 未在 columns 中定义`)
  })
}

function checkRange(
  range: unknown,
  pointer: string,
  min: string,
  max: string,
  def: string,
  add: (p: string, m: string) => void,
) {
  if (!isObject(range)) return
  const [lo, hi, d] = [range[min], range[max], range[def]]
  if (typeof lo !== 'number' || typeof hi !== 'number' || typeof d !== 'number') return
  if (lo > hi) add(`${pointer}/${max}`, `${max} 不能小于 ${min}`)
  else if (d < lo || d > hi) add(`${pointer}/${def}`, `${def} 必须在 ${min} 与 ${max} 之间`)
}

function checkCalculator(block: Json, pointer: string, add: (p: string, m: string) => void) {
  checkRange(block.age, `${pointer}/age`, 'min', 'max', 'default', add)
  checkRange(block.premium, `${pointer}/premium`, 'minFen', 'maxFen', 'defaultFen', add)
  const years = isObject(block.paymentYears) ? block.paymentYears : undefined
  if (years && Array.isArray(years.options) && !years.options.includes(years.default)) {
    add(`${pointer}/paymentYears/default`, 'default 必须是 options 中的一项')
  }
  const ageMax = isObject(block.age) && typeof block.age.max === 'number' ? block.age.max : 0
  if (typeof block.toAge === 'number' && block.toAge <= ageMax)
    add(`${pointer}/toAge`, 'toAge 必须大于最大投保年龄')
  const payout = isObject(block.payout) ? block.payout : undefined
  if (payout && typeof payout.startAge === 'number' && typeof payout.endAge === 'number') {
    if (payout.startAge > payout.endAge) add(`${pointer}/payout/endAge`, 'endAge 不能小于 startAge')
    if (typeof block.toAge === 'number' && payout.endAge > block.toAge)
      add(`${pointer}/payout/endAge`, 'endAge 不能大于 toAge')
  }
  const target = isObject(block.target) ? block.target : undefined
  if (block.mode === 'reversal' && !target) add(pointer, '反推模式（mode=reversal）必须填写 target')
  if (target) {
    checkRange(target, `${pointer}/target`, 'minFen', 'maxFen', 'defaultFen', add)
    if (target.kind === 'value' && typeof target.atAge !== 'number')
      add(`${pointer}/target`, 'kind=value 时必须填写 atAge')
    if (target.kind === 'payout' && !payout)
      add(`${pointer}/target/kind`, 'kind=payout 时页面计算器必须配置 payout')
  }
}

function checkQuestionnaire(block: Json, pointer: string, add: (p: string, m: string) => void) {
  const seen = new Set<unknown>()
  if (Array.isArray(block.questions)) {
    block.questions.forEach((q, i) => {
      if (!isObject(q)) return
      if (seen.has(q.id)) add(`${pointer}/questions/${i}/id`, `题目 id "${String(q.id)}" 重复`)
      seen.add(q.id)
    })
  }
  if (block.bands !== undefined) checkBands(block.bands, `${pointer}/bands`, add)
  if (block.resultPage === undefined && block.bands === undefined)
    add(pointer, '问卷需要 resultPage（结果页）或 bands（本页显示结果）')
}

function checkBands(bands: unknown, pointer: string, add: (p: string, m: string) => void) {
  if (!Array.isArray(bands)) return
  let previousMax: number | null = null
  bands.forEach((band, i) => {
    if (!isObject(band) || typeof band.min !== 'number' || typeof band.max !== 'number') return
    if (band.min > band.max) add(`${pointer}/${i}/max`, 'max 不能小于 min')
    if (previousMax !== null && band.min <= previousMax)
      add(`${pointer}/${i}/min`, `分数段与上一段重叠或顺序颠倒（上一段最高 ${previousMax}）`)
    previousMax = band.max
  })
}
