// The page's campaigns (`campaigns` of schemas/page.schema.json) as the studio's campaign editor sees them: the
// kinds in Chinese, a valid new campaign of each kind, generated ids, the probabilities a prize table shows, and
// which blocks use a campaign. UI-free.

import { isObject, updateAt, type Json } from '../configOps'
import type { PageConfig } from '../types'

export type CampaignKind = 'lottery' | 'guess' | 'coupon' | 'gift-claim' | 'form'

export const KIND_LABELS: Record<CampaignKind, string> = {
  lottery: '抽奖',
  guess: '竞猜',
  coupon: '领券',
  'gift-claim': '领取赠险',
  form: '表单登记',
}
export const CAMPAIGN_KINDS = Object.keys(KIND_LABELS) as CampaignKind[]

export const kindLabel = (kind: unknown): string =>
  typeof kind === 'string' && kind in KIND_LABELS ? KIND_LABELS[kind as CampaignKind] : '未知类型'

/** What each kind edits (schemas/page.schema.json and src/page-config/campaignKinds.ts). */
export const USES = {
  prizes: (kind: unknown) => kind === 'lottery' || kind === 'coupon' || kind === 'gift-claim',
  limits: (kind: unknown) => kind !== 'guess',
  fields: (kind: unknown) => kind === 'form' || kind === 'gift-claim',
  guess: (kind: unknown) => kind === 'guess',
  grantOnLogin: (kind: unknown) => kind === 'coupon',
  countsTrials: (kind: unknown) => kind === 'form',
}

/** The kinds of campaign a block's `campaign` may name (the blocks' checks.ts). */
export const BLOCK_CAMPAIGN_KINDS: Record<string, readonly CampaignKind[]> = {
  lottery: ['lottery'],
  coupon: ['coupon'],
  form: ['form', 'gift-claim'],
  guess: ['guess'],
  leaderboard: ['guess'],
}

/** A block schema's `campaign` marked for this picker, with the kinds its block runs (schemas.ts). */
export function withCampaignPicker(type: string, schema: Record<string, unknown>): Record<string, unknown> {
  const kinds = BLOCK_CAMPAIGN_KINDS[type]
  const props = schema.properties as Record<string, Record<string, unknown>> | undefined
  if (!kinds || !props?.campaign) return schema
  const campaign = { ...props.campaign, 'x-studio': 'campaign', 'x-campaign-kinds': kinds }
  return { ...schema, properties: { ...props, campaign } }
}

export const REWARD_KINDS = [
  { value: 'points', label: '积分' },
  { value: 'beans', label: '金豆' },
  { value: 'coupon', label: '优惠券' },
  { value: 'physical', label: '实物' },
  { value: 'gift-policy', label: '赠险' },
  { value: 'nothing', label: '谢谢参与' },
] as const

/** A fresh reward of a kind, with every field its schema requires. */
export function newReward(kind: string): Json {
  switch (kind) {
    case 'points':
    case 'beans':
      return { kind, amount: 10 }
    case 'coupon':
      return { kind, benefit: '礼品券', validDays: 30 }
    case 'physical':
      return { kind, description: '实物礼品（中奖后填写收货地址）' }
    case 'gift-policy':
      return { kind, productId: 'p-gift-accident', planCode: 'gift' }
    default:
      return { kind: 'nothing' }
  }
}

/** Whether a reward may have no stock (the validator's rule: only 谢谢参与, points and beans). */
export const unlimitedReward = (reward: unknown): boolean =>
  isObject(reward) && (reward.kind === 'nothing' || reward.kind === 'points' || reward.kind === 'beans')

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
function randomSuffix(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length))
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')
}

/** `<prefix>-<random 6>` not in `taken` (matches ^[a-z0-9][a-z0-9-]{2,39}$ for a short prefix). */
export function newId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  for (;;) {
    const id = `${prefix}-${randomSuffix(6)}`
    if (!used.has(id)) return id
  }
}

export function campaignsOf(config: PageConfig): Record<string, Json> {
  const all: unknown = config.campaigns
  if (!isObject(all)) return {}
  return Object.fromEntries(Object.entries(all).filter(([, c]) => isObject(c))) as Record<string, Json>
}

export const prizesOf = (campaign: Json): Json[] =>
  Array.isArray(campaign.prizes) ? campaign.prizes.filter(isObject) : []

/** The window a new campaign gets: the page's schedule, or today 00:00 to 30 days later (+08:00). */
export function defaultWindow(config: PageConfig): Json {
  const schedule: unknown = config.schedule
  if (isObject(schedule) && typeof schedule.startAt === 'string' && typeof schedule.endAt === 'string')
    return { startAt: schedule.startAt, endAt: schedule.endAt }
  const day = (offset: number) => {
    const beijing = new Date(Date.now() + 8 * 3600_000 + offset * 86400_000)
    return `${beijing.toISOString().slice(0, 10)}T00:00:00+08:00`
  }
  return { startAt: day(0), endAt: day(30) }
}

/** A new lottery's limits: 每人每天 1 次, 活动期间共 3 次. */
export const LOTTERY_LIMITS = { perUserPerDay: 1, perUserTotal: 3 } as const

/** A valid new campaign of `kind` (title, window, limits, and what the kind needs). */
export function newCampaign(kind: CampaignKind, config: PageConfig): { id: string; campaign: Json } {
  const id = newId(kind, Object.keys(campaignsOf(config)))
  const window = defaultWindow(config)
  const campaign: Json = { kind, title: `${KIND_LABELS[kind]}活动`, window }
  if (USES.limits(kind)) campaign.limits = { perUserTotal: 1 }
  if (kind === 'lottery') {
    // What a mall launches with: a draw a day, three in all; points for many, a few coupons, the rest thanks.
    campaign.limits = { ...LOTTERY_LIMITS }
    const prizes: Json[] = []
    prizes.push(newPrize(prizes, { name: '10 积分', weight: 30, stock: 1000, reward: newReward('points') }))
    prizes.push(
      newPrize(prizes, { name: '礼品券', weight: 10, stock: 100, dailyCap: 10, reward: newReward('coupon') }),
    )
    const thanks = newPrize(prizes, { name: '谢谢参与', weight: 60, reward: newReward('nothing') })
    delete thanks.stock
    campaign.prizes = [...prizes, thanks]
  }
  if (kind === 'coupon')
    campaign.prizes = [newPrize([], { name: '礼品券', weight: 1, stock: 1000, reward: newReward('coupon') })]
  if (kind === 'gift-claim') {
    campaign.prizes = [
      newPrize([], { name: '赠险', weight: 1, stock: 1000, reward: newReward('gift-policy') }),
    ]
    // The fields a gift policy reads its insured person from (src/page-config/campaignCollectChecks.ts).
    campaign.fields = [
      { key: 'name', kind: 'name', label: '姓名' },
      { key: 'certificate', kind: 'certificate', label: '证件' },
      { key: 'phone', kind: 'phone', label: '手机号' },
      { key: 'agree', kind: 'agreement', label: '我已阅读并同意赠险条款' },
    ]
  }
  if (kind === 'guess') {
    campaign.items = [newGuessItem([], window)]
    campaign.correctReward = { kind: 'points', amount: 10 }
  }
  return { id, campaign }
}

/** A prize with a generated id, unique among `prizes`. */
export function newPrize(prizes: readonly Json[], fields?: Json): Json {
  const id = newId(
    'prize',
    prizes.map((p) => String(p.id)),
  )
  return { id, name: '新奖品', weight: 1, stock: 100, reward: newReward('physical'), ...fields }
}

/** A guessing item locking at the window's end, with two options. */
export function newGuessItem(items: readonly Json[], window: Json): Json {
  return {
    id: newId(
      'item',
      items.map((i) => String(i.id)),
    ),
    title: '新竞猜项',
    lockAt: typeof window.endAt === 'string' ? window.endAt : '',
    options: [
      { id: 'a', label: '选项一' },
      { id: 'b', label: '选项二' },
    ],
  }
}

/** Each prize's chance in percent: its weight over the weights of the prizes with stock (0 without stock). */
export function probabilities(prizes: readonly Json[]): number[] {
  const inStock = (p: Json) => p.stock === undefined || (typeof p.stock === 'number' && p.stock > 0)
  const weight = (p: Json) => (typeof p.weight === 'number' && p.weight > 0 ? p.weight : 0)
  const total = prizes.reduce((sum, p) => sum + (inStock(p) ? weight(p) : 0), 0)
  return prizes.map((p) => (total > 0 && inStock(p) ? (weight(p) / total) * 100 : 0))
}

export const formatPercent = (value: number): string =>
  value === 0 ? '0%' : `${value >= 10 ? value.toFixed(1) : value.toPrecision(2)}%`.replace('.0%', '%')

/** The ids of the blocks (anywhere on the page) whose `campaign` is `id`. */
export function blocksUsing(config: PageConfig, id: string): string[] {
  const found: string[] = []
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk)
    else if (isObject(value)) {
      if (typeof value.type === 'string' && value.campaign === id)
        found.push(typeof value.id === 'string' ? value.id : value.type)
      for (const v of Object.values(value)) if (typeof v === 'object') walk(v)
    }
  }
  walk(config.blocks)
  return found
}

/** The campaign an error pointer is in (`/campaigns/<id>/…`), or undefined. */
export function campaignOfPointer(pointer: string): string | undefined {
  const m = /^\/campaigns\/([^/]+)/.exec(pointer)
  return m ? m[1].replace(/~1/g, '/').replace(/~0/g, '~') : undefined
}

/** Sets (or with undefined removes) `campaigns[id]`, keeping the others' order. */
export function withCampaign(config: PageConfig, id: string, campaign: Json | undefined): PageConfig {
  const all = { ...campaignsOf(config) }
  if (campaign === undefined) delete all[id]
  else all[id] = campaign
  const next = { ...config }
  if (Object.keys(all).length === 0) delete next.campaigns
  else next.campaigns = all as unknown as PageConfig['campaigns']
  return next
}

/** One edit of the config: the value at `pointer` becomes `fn(old)`; `coalesceKey` joins a burst of keys. */
export type Edit = (pointer: string, fn: (old: unknown) => unknown, coalesceKey?: string) => void

const empty = (v: unknown) => v === undefined || v === null || v === '' || v === false

/** A copy of `root` with the value at `pointer` replaced by `fn(old)`; an empty result removes the key. */
export function patchAt<T>(root: T, pointer: string, fn: (old: unknown) => unknown): T {
  const cut = pointer.lastIndexOf('/')
  const key = pointer.slice(cut + 1)
  return updateAt(root, pointer.slice(0, cut), (parent) => {
    if (Array.isArray(parent)) return parent.map((v, i) => (i === Number(key) ? fn(v) : v))
    const copy: Json = { ...(isObject(parent) ? parent : {}) }
    const value = fn(copy[key])
    if (empty(value)) delete copy[key]
    else copy[key] = value
    return copy
  })
}

/** `fn` over the list at a pointer (absent: empty). */
export const overList =
  (fn: (list: Json[]) => Json[]) =>
  (old: unknown): Json[] =>
    fn(Array.isArray(old) ? old.filter(isObject) : [])

/** Sets `key` of the object (emptied: removed; an emptied object is removed too when `dropEmpty`). */
export const withKey =
  (key: string, value: unknown, dropEmpty = true) =>
  (old: unknown): Json | undefined => {
    const copy: Json = { ...(isObject(old) ? old : {}) }
    if (empty(value)) delete copy[key]
    else copy[key] = value
    return dropEmpty && Object.keys(copy).length === 0 ? undefined : copy
  }
