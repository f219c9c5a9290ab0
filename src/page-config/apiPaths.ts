// The consumer API a page config may reach (docs/config-pages.md): the paths an `api` action may POST to and the paths a
// data source may GET, nothing else: no staff route (/api/studio/…), no demo or test switch, no account action.
// Checked by the validator (checks.ts: the CLI, the build, studio saves) and again by the runtime before it sends
// anything (page-runtime/actions.ts, dataSources.ts), for configs that reach a browser some other way.

/** The values a path parameter takes (the ids' own patterns, schemas/api/campaign.schema.json). */
const PARAM_VALUES: Readonly<Record<string, RegExp>> = {
  campaignId: /^[a-z0-9][a-z0-9-]{2,39}$/,
}

/** Whether `id` is a campaign id: blocks that name a campaign (`campaign`) build its API paths from it. */
export const isCampaignId = (id: unknown): boolean =>
  typeof id === 'string' && PARAM_VALUES.campaignId.test(id)

export const CONFIG_API_PATHS = {
  /** What an `api` action may POST to: a campaign's entry (a form, a recorded use) and a coupon claim. */
  post: ['/api/campaigns/:campaignId/entries', '/api/campaigns/:campaignId/claims'],
  /** What a data source may GET. */
  get: ['/api/products'],
} as const

export type ConfigApiMethod = keyof typeof CONFIG_API_PATHS

/**
 * The shape every config API path has (the schemas' `pattern`s say the same): segments of letters, digits, `_`
 * and `-` only, so no `..`, `%2e`, `//`, `\`, query string or fragment can make it another path once a browser
 * has normalised it.
 */
export const API_PATH_SHAPE = /^\/api(\/[A-Za-z0-9_-]+)+$/

/** True when `url` is exactly one of the allowed paths of `method`, its parameters valid. */
export function isConfigApiPath(method: ConfigApiMethod, url: string): boolean {
  if (!API_PATH_SHAPE.test(url)) return false
  const given = url.split('/')
  return CONFIG_API_PATHS[method].some((allowed) => {
    const segments = allowed.split('/')
    return (
      segments.length === given.length &&
      segments.every((segment, i) =>
        segment.startsWith(':') ? PARAM_VALUES[segment.slice(1)].test(given[i]) : segment === given[i],
      )
    )
  })
}

/** The allowed paths of `method`, for messages: `/api/campaigns/{活动编号}/entries、…`. */
export function describeConfigApiPaths(method: ConfigApiMethod): string {
  return CONFIG_API_PATHS[method].map((path) => path.replace(':campaignId', '{活动编号}')).join('、')
}
