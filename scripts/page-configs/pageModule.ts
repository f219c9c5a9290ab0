// The `page-configs/*.json?page` module a config route loads: the config (with its compiled markdown, see
// markdown.ts) plus static imports of the block components it uses. Being static, those block chunks are
// fetched together with the config chunk instead of after the page's first render.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { phasesAhead } from '../../src/page-config/schedule'
import { walkOpeningBlocks } from '../../src/page-config/walkBlocks'
import type { PageConfig } from '../../src/types/generated/page'

type Schedule = NonNullable<PageConfig['schedule']>

/** The query of a page's own copy of a module (vitePlugin.ts). */
export const COPY_QUERY = '?inpage='

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Block types a page shows when it opens (walkOpeningBlocks), in first-use order; given `phases` (phasesAhead),
 * only those of blocks shown in one of them (a block's `showIn`).
 */
export function blockTypesOf(config: unknown, phases?: readonly string[]): string[] {
  const types = new Set<string>()
  if (isObject(config))
    walkOpeningBlocks(config.blocks, (block) => {
      const showIn = Array.isArray(block.showIn) ? block.showIn : undefined
      if (phases && showIn && !showIn.some((phase) => phases.includes(phase as string))) return false
      if (typeof block.type === 'string') types.add(block.type)
    })
  return [...types]
}

/** A block type's component, by convention: image-grid -> ImageGridBlock (scripts/gen-blocks.ts enforces it). */
export function blockComponentName(type: string): string {
  return type.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase()) + 'Block'
}

/** Where a block type's component lives: image-grid -> src/blocks/image-grid/ImageGridBlock.tsx. */
export function blockComponentFile(root: string, type: string): string {
  return join(root, 'src', 'blocks', type, `${blockComponentName(type)}.tsx`)
}

/**
 * Source of the `?page` module of a config file. Unknown types are left out (the validation reports them).
 * `copyKey`: import the page's own copies of the blocks (vitePlugin.ts); `now`: only the blocks it can show from
 * then on while its campaign runs (phasesAhead).
 */
export function pageModuleSource(
  root: string,
  configFile: string,
  config: unknown,
  options: { copyKey?: string; now?: number } = {},
): string {
  const { copyKey, now } = options
  const schedule = isObject(config) && isObject(config.schedule) ? (config.schedule as Schedule) : undefined
  const phases = now === undefined ? undefined : phasesAhead(schedule, now)
  const files = blockTypesOf(config, phases)
    .filter((type) => /^[a-z][a-z0-9-]*$/.test(type))
    .map((type) => [type, blockComponentFile(root, type)] as const)
    .filter(([, file]) => existsSync(file))
  return [
    `import config from ${JSON.stringify(configFile)}`,
    ...files.map(
      ([, file], i) =>
        `import * as block${i} from ${JSON.stringify(copyKey ? file + COPY_QUERY + copyKey : file)}`,
    ),
    'export default config',
    `export const blockModules = { ${files.map(([type], i) => `${JSON.stringify(type)}: block${i}`).join(', ')} }`,
    '',
  ].join('\n')
}
