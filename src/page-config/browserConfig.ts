// What of a folder config the browser's copy of a page holds (scripts/page-configs/vitePlugin.ts): of each campaign
// what the page shows before the campaign's state loads (the form block's placeholder: its kind, title, fields and
// rules). Its prizes, stock, odds, limits and eligibility stay with the server, which answers with the campaign's
// state; nor does the editor's `$schema` ship.
import { isObject, type JsonObject } from './json'

/** The keys of a campaign the browser's copy keeps (DeclaredCampaign, src/blocks/runtime.ts). */
export const BROWSER_CAMPAIGN_KEYS = ['kind', 'title', 'fields', 'rules'] as const

export function browserConfig(config: JsonObject): JsonObject {
  const { $schema: _schema, campaigns, ...rest } = config
  if (!isObject(campaigns)) return rest
  const declared = Object.entries(campaigns).map(([id, campaign]) => [
    id,
    isObject(campaign)
      ? Object.fromEntries(BROWSER_CAMPAIGN_KEYS.filter((k) => k in campaign).map((k) => [k, campaign[k]]))
      : campaign,
  ])
  return { ...rest, campaigns: Object.fromEntries(declared) }
}
