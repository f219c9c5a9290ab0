// Campaign ids are global (one campaign, one page): a copied page or a block pasted from another page takes its
// campaigns along under new ids, and every reference to them follows (a block's `campaign`, an eligibility's
// `entryOf`, an action or API path /campaigns/{id}/…). Pure: the server (new page from a template, duplicate a
// page) and the studio (paste blocks) use the same rules.
import { isObject } from './json'

/** The fields that name a campaign by its id (block schemas and the campaign schema). */
const REFERENCE_KEYS = new Set(['campaign', 'entryOf'])
/** The longest campaign id (page.schema.json, campaigns' propertyNames). */
const MAX_ID = 40
const CAMPAIGN_PATH = /\/campaigns\/([a-z0-9-]+)(?=[/?#]|$)/g

/** A copy of `node` with every reference to a campaign in `renamed` (old id → new id) rewritten. */
export function rewriteCampaignRefs<T>(node: T, renamed: ReadonlyMap<string, string>): T {
  const rewrite = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') {
      if (REFERENCE_KEYS.has(key) && renamed.has(value)) return renamed.get(value)
      return value.replace(CAMPAIGN_PATH, (whole, id: string) =>
        renamed.has(id) ? `/campaigns/${renamed.get(id)}` : whole,
      )
    }
    if (Array.isArray(value)) return value.map((item) => rewrite(item, ''))
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, k)]))
    return value
  }
  return rewrite(node, '') as T
}

/**
 * A new id for campaign `old` under `prefix` (a page id): `{prefix}-{old}`, without a `{from}-` prefix the old id
 * had from its page, at most 40 characters, and not in `taken` (then `-2`, `-3`…). Adds it to `taken`.
 */
export function freshCampaignId(old: string, prefix: string, taken: Set<string>, from?: string): string {
  const stripped = from && old.startsWith(`${from.toLowerCase()}-`) ? old.slice(from.length + 1) : old
  const head = prefix.toLowerCase()
  const core = stripped.startsWith(`${head}-`) ? stripped.slice(head.length + 1) : stripped
  const fit = (text: string) => text.slice(0, MAX_ID).replace(/-+$/, '')
  let id = fit(`${head}-${core}`)
  for (let n = 2; taken.has(id) || id === old; n++) {
    const suffix = `-${n}`
    id = `${fit(`${head}-${core}`)
      .slice(0, MAX_ID - suffix.length)
      .replace(/-+$/, '')}${suffix}`
  }
  taken.add(id)
  return id
}

/**
 * A config copied to page `pageId`: each of its campaigns under a fresh id (freshCampaignId; `from` is the page it
 * was copied from, `taken` the ids other pages use) and every reference rewritten. Returns the config and the
 * renaming (old id → new id).
 */
export function renameCampaigns<C extends Record<string, unknown>>(
  config: C,
  pageId: string,
  options: { from?: string; taken?: Iterable<string> } = {},
): { config: C; renamed: Map<string, string> } {
  const campaigns = isObject(config.campaigns) ? config.campaigns : null
  const renamed = new Map<string, string>()
  if (!campaigns || Object.keys(campaigns).length === 0) return { config, renamed }
  const taken = new Set(options.taken ?? [])
  for (const old of Object.keys(campaigns))
    renamed.set(old, freshCampaignId(old, pageId, taken, options.from))
  const { campaigns: _old, ...rest } = config
  const out = rewriteCampaignRefs(rest, renamed) as Record<string, unknown>
  out.campaigns = Object.fromEntries(
    Object.entries(campaigns).map(([old, c]) => [renamed.get(old), rewriteCampaignRefs(c, renamed)]),
  )
  return { config: out as C, renamed }
}
