// 保留我的修改 after someone else saved the draft: a three-way merge of the revision I loaded (base), the draft
// saved meanwhile (theirs) and my working copy (mine). The units are the page's settings (one per field, one per
// campaign) and its top-level blocks (matched like the version diff: by id, else type and rank). A unit only one
// side changed takes that side's value (a removal included); a unit both changed alike is taken; a unit both
// changed differently is a conflict the person resolves, seeing both.
import type { PageConfig } from '../api/types'
import { blockKeys } from '../versions/blockDiff'

type Json = Record<string, unknown>
export type Side = 'mine' | 'theirs'

export interface MergeUnit {
  /** `page:title`, `campaign:lucky-draw`, `block:banner`. */
  key: string
  kind: 'page' | 'campaign' | 'block'
  /** The field, campaign id or block key. */
  name: string
  /** undefined: absent on that side (never there, or removed). */
  base: unknown
  theirs: unknown
  mine: unknown
}

export interface MergeResult {
  conflicts: MergeUnit[]
  /** How many units each side changed that the merge takes without asking. */
  taken: { mine: number; theirs: number }
  /** Those units, with the side whose change is taken. */
  kept: { side: Side; unit: MergeUnit }[]
  /** The merged config with each conflict resolved as `choices` say (mine when not said). */
  resolve(choices?: Readonly<Record<string, Side>>): PageConfig
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
/** No base known (an edit restored from an old browser copy): every difference is a conflict. */
const UNKNOWN = Symbol('unknown base')

function keyed(blocks: unknown): Map<string, unknown> {
  const list = Array.isArray(blocks) ? blocks : []
  const keys = blockKeys(list)
  return new Map(list.map((b, i) => [keys[i], b]))
}

/** The units of one config: page fields, campaigns, blocks. */
function units(config: PageConfig): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [field, value] of Object.entries(config as unknown as Json)) {
    if (field === 'blocks') continue
    if (field === 'campaigns' && isObject(value))
      for (const [id, c] of Object.entries(value)) out.set(`campaign:${id}`, c)
    else out.set(`page:${field}`, value)
  }
  for (const [key, block] of keyed(config.blocks)) out.set(`block:${key}`, block)
  return out
}

/** Block keys in the merged order: one side's order, the other side's additions after their predecessor. */
function blockOrder(base: string[], theirs: string[], mine: string[], kept: Set<string>): string[] {
  const shared = (list: string[]) => list.filter((k) => base.includes(k))
  // Whoever reordered the blocks gives the order; else theirs.
  const theirsMoved = !same(
    shared(theirs),
    base.filter((k) => theirs.includes(k)),
  )
  const [first, second] = theirsMoved ? [theirs, mine] : [mine, theirs]
  const order = first.slice()
  second.forEach((key, i) => {
    if (order.includes(key)) return
    const before = second
      .slice(0, i)
      .reverse()
      .find((k) => order.includes(k))
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, key)
  })
  return order.filter((k) => kept.has(k))
}

export function threeWayMerge(base: PageConfig | null, theirs: PageConfig, mine: PageConfig): MergeResult {
  const b = base ? units(base) : null
  const t = units(theirs)
  const m = units(mine)
  const all = [...new Set([...(b?.keys() ?? []), ...t.keys(), ...m.keys()])]
  const decided = new Map<string, unknown>()
  const conflicts: MergeUnit[] = []
  const taken = { mine: 0, theirs: 0 }
  const kept: { side: Side; unit: MergeUnit }[] = []
  const unitOf = (key: string, base: unknown, theirsValue: unknown, mineValue: unknown): MergeUnit => {
    const [kind, ...rest] = key.split(':')
    return {
      key,
      kind: kind as MergeUnit['kind'],
      name: rest.join(':'),
      base,
      theirs: theirsValue,
      mine: mineValue,
    }
  }
  for (const key of all) {
    const was = b ? b.get(key) : UNKNOWN
    const [theirsValue, mineValue] = [t.get(key), m.get(key)]
    if (same(theirsValue, mineValue)) decided.set(key, mineValue)
    else if (was !== UNKNOWN && same(was, theirsValue)) {
      decided.set(key, mineValue)
      taken.mine++
      kept.push({ side: 'mine', unit: unitOf(key, was, theirsValue, mineValue) })
    } else if (was !== UNKNOWN && same(was, mineValue)) {
      decided.set(key, theirsValue)
      taken.theirs++
      kept.push({ side: 'theirs', unit: unitOf(key, was, theirsValue, mineValue) })
    } else conflicts.push(unitOf(key, was === UNKNOWN ? undefined : was, theirsValue, mineValue))
  }
  const order = (c: PageConfig | null) => (c ? [...keyed(c.blocks).keys()] : [])

  const resolve = (choices: Readonly<Record<string, Side>> = {}): PageConfig => {
    const values = new Map(decided)
    for (const c of conflicts) values.set(c.key, choices[c.key] === 'theirs' ? c.theirs : c.mine)
    const out: Json = {}
    const campaigns: Json = {}
    // Page fields in mine's order, then theirs' new ones.
    for (const key of [...new Set([...m.keys(), ...t.keys()])]) {
      const value = values.get(key)
      if (value === undefined) continue
      if (key.startsWith('page:')) out[key.slice(5)] = value
      else if (key.startsWith('campaign:')) campaigns[key.slice(9)] = value
    }
    const kept = new Set(
      [...values].filter(([k, v]) => k.startsWith('block:') && v !== undefined).map(([k]) => k.slice(6)),
    )
    const blocks = blockOrder(order(base), order(theirs), order(mine), kept).map((k) =>
      values.get(`block:${k}`),
    )
    if (Object.keys(campaigns).length) out.campaigns = campaigns
    out.blocks = blocks
    // Keep the page's own key order where it can (schemaVersion, title…, blocks).
    const ordered: Json = {}
    for (const k of Object.keys(mine as unknown as Json)) if (k in out) ordered[k] = out[k]
    for (const k of Object.keys(out)) if (!(k in ordered)) ordered[k] = out[k]
    return ordered as unknown as PageConfig
  }
  return { conflicts, taken, kept, resolve }
}
