// Every constant of the specification's §9 table, each named once.

/** Script chunks are fetched with a 120 s timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
/** A failed chunk is retried this many times before the user is asked to reload. */
export const CHUNK_LOAD_RETRIES = 1

/** Default category of the shopping navbar ("all" products). */
export const DEFAULT_NAVBAR_CATEGORY = 'all'

/** Persistence: restore that takes longer than this counts as failed. */
export const PERSIST_RESTORE_TIMEOUT_MS = 5000
export const PERSIST_KEY = 'root'
export const PERSIST_KEY_PREFIX = 'persist:'
/** The namespaces that survive a reload; nothing else is written to the device. */
export const PERSISTED_NAMESPACES = ['user', 'jtcState'] as const

/** Toast default duration, and the other (short message) notice's default. */
export const TOAST_DURATION_MS = 3000
export const MESSAGE_DURATION_MS = 1500

/** The lazy-load placeholder appears only when loading takes longer than this. */
export const LAZY_PLACEHOLDER_DELAY_MS = 200
/** The spec's placeholder text: kept as the loader's data-fallback attribute; people read the Chinese label. */
export const LAZY_PLACEHOLDER_TEXT = 'loading...'
export const LAZY_PLACEHOLDER_LABEL = '加载中…'

export const TRAVEL_PRODUCT_DEFAULT = { productType: '03800001', productPrice: 1 } as const
export const REGRESSION_PRODUCT_DEFAULT = { productType: '02WY0004', productPrice: 299 } as const

export const DEFAULT_CHARGE_PERIOD_TYPE = 'year'
export const DEFAULT_RELATION_TYPE = '1'
export const DEFAULT_SOCIAL_INSURANCE = 'Y'
export const DEFAULT_CERT_TYPE = 'CERT'
export const DEFAULT_CERT_TIME = 0

/** GET responses are cached this long unless a request opts out. */
export const REQUEST_CACHE_TTL_MS = 60_000

/** Query string limits: beyond them encoding and parsing fail loudly instead of truncating. */
export const QUERY_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const

export const NOTICE_KINDS = ['info', 'success', 'error', 'warning', 'loading'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

export const NOTIFICATION_DEFAULTS = { durationMs: 4500, top: 24, right: 24, placement: 'topRight' } as const
