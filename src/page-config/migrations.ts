// Ordered migrations of page configs written for older schema versions. Each is a pure function from
// version N to N+1; the validator and the runtime both run them, so old files keep working unchanged.
import { mapBlocks } from './walkBlocks'
import type { PageConfig } from '../types/generated/page'
import { withoutForeignImages } from './foreignImages'

export const CURRENT_SCHEMA_VERSION = 3

type Json = Record<string, unknown>

export interface Migration {
  from: number
  description: string
  up: (config: Json) => Json
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Applies `fn` to every block of the config, nested ones (tabs) included. */
function mapConfigBlocks(config: Json, fn: (block: Json) => Json): Json {
  return { ...config, blocks: mapBlocks(config.blocks, fn) }
}

export const migrations: readonly Migration[] = [
  {
    from: 1,
    description: 'v1 "richtext" blocks with "content" became "markdown" blocks with "source"',
    up: (config) =>
      mapConfigBlocks(config, (block) => {
        if (block.type !== 'richtext') return block
        const { content, ...rest } = block
        return { ...rest, type: 'markdown', source: content }
      }),
  },
  {
    from: 2,
    description: 'v2 share.imgUrl became share.image',
    up: (config) => {
      if (!isObject(config.share) || !('imgUrl' in config.share)) return config
      const { imgUrl, ...share } = config.share
      return { ...config, share: { ...share, image: imgUrl } }
    },
  },
]

export interface MigrationResult {
  config: Json
  /** Versions migrated from, in order (empty when already current). */
  applied: number[]
}

/** Brings a parsed config up to CURRENT_SCHEMA_VERSION. Unknown or future versions are left for the schema to reject. */
export function migrateConfig(config: Json): MigrationResult {
  let version = config.schemaVersion
  const applied: number[] = []
  if (
    typeof version !== 'number' ||
    !Number.isInteger(version) ||
    version < 1 ||
    version >= CURRENT_SCHEMA_VERSION
  ) {
    return { config, applied }
  }
  let current = config
  for (const migration of migrations) {
    if (migration.from !== version) continue
    current = { ...migration.up(current), schemaVersion: migration.from + 1 }
    applied.push(migration.from)
    version = migration.from + 1
  }
  return { config: current, applied }
}

/**
 * A config from outside the code (a folder file, a published version or draft, the studio's preview) at the
 * current schema, where it enters: the build for folder files, the pages API for what the studio published or
 * saved (so the browser and the server's renderer receive it current), the studio's preview frame. Each was
 * validated when it was saved, published or built, so it is trusted here; images from elsewhere are dropped even
 * from versions published before they were refused.
 */
export function currentPageJson(config: Json): Json {
  return withoutForeignImages(migrateConfig(config).config)
}

/** currentPageJson, as the schema's type: the one place a config becomes a PageConfig. */
export function currentPageConfig(config: Json): PageConfig {
  return currentPageJson(config) as unknown as PageConfig
}
