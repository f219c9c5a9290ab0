import type { ComponentType } from 'react'
import { ChunkRetryNotice } from '../components/ChunkRetryNotice'
import { lazyWithRetry } from '../lib/lazyWithRetry'
// Every block's CSS in one stylesheet (generated index, see scripts/gen-blocks.ts).
import './blocks.css'
import type { Block } from '../types/generated/page'
import { BLOCK_TYPES } from '../page-config/blockTypes'
import type { BlockProps } from './runtime'
import type { DataLoad } from '../types/route'

// Renders blocks by type from the generated loaders (loaders.ts): each block is its own chunk, so a page loads
// only the blocks it uses. The table itself loads on first need: a config page's chunk brings the blocks it shows
// (registerBlocks), so only a later tab, a phase that shows another block, or a page published through the studio
// (whose shell preloads the table, scripts/entryHtmlPlugin.ts) fetches it.

export type BlockType = Block['type']
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>
/**
 * A block's data as the server renders it (logged out), declared by its module's `loader` export: each piece its
 * first render shows, keyed as its hooks key it. A config page's render runs the loaders of the blocks it shows,
 * then renders once (src/app/configShell/prerender.tsx).
 */
export type BlockLoader<B = Block> = (block: B, load: DataLoad) => unknown
type Loader<T extends BlockType> = () => Promise<{
  default: ComponentType<BlockProps<BlockOf<T>>>
  loader?: BlockLoader<BlockOf<T>>
}>
/** One loader per block type: generated into loaders.ts by scripts/gen-blocks.ts. */
export type BlockLoaders = { [T in BlockType]: Loader<T> }
type AnyBlockComponent = ComponentType<BlockProps<Block>>

const known = new Set<string>(BLOCK_TYPES)
const isBlockType = (type: string): type is BlockType => known.has(type)

// Loaded components render directly (no suspending); the others render through a lazy part (lazyWithRetry: a chunk
// that will not load says so with 重试 and loads again once back online). Once a type has rendered lazily it
// keeps its lazy component, so a block is never remounted (and never loses its state).
const loaded = new Map<BlockType, AnyBlockComponent>()
const lazyComponents = new Map<BlockType, AnyBlockComponent>()
const dataLoaders = new Map<BlockType, BlockLoader>()

type AnyBlockModule = { default: AnyBlockComponent; loader?: BlockLoader }

function keep(type: BlockType, module: AnyBlockModule): void {
  loaded.set(type, module.default)
  if (module.loader) dataLoaders.set(type, module.loader)
}

async function load(type: BlockType): Promise<AnyBlockModule> {
  const { loaders } = await import('./loaders')
  const module = await (loaders[type] as unknown as () => Promise<AnyBlockModule>)()
  keep(type, module)
  return module
}

/** The data loader of a loaded block type (preloadBlocks first), if its module declares one. */
export function blockLoader(type: string): BlockLoader | undefined {
  return isBlockType(type) ? dataLoaders.get(type) : undefined
}

/** The component of a block, or undefined for a type this build does not know. */
export function blockComponent(type: string): AnyBlockComponent | undefined {
  if (!isBlockType(type)) return undefined
  const existing = lazyComponents.get(type) ?? loaded.get(type)
  if (existing) return existing
  const component = lazyWithRetry(() => load(type), ChunkRetryNotice)
  lazyComponents.set(type, component)
  return component
}

/** Block modules a page's chunk brought along (scripts/page-configs/pageModule.ts): they render without loading. */
export function registerBlocks(modules: Readonly<Record<string, { default: unknown }>>): void {
  for (const [type, module] of Object.entries(modules)) {
    if (isBlockType(type) && !loaded.has(type)) keep(type, module as AnyBlockModule)
  }
}

/**
 * Loads the chunks of these block types ahead of rendering, so the page's first paint shows them without
 * suspending. Never rejects: a block whose chunk fails is left to its error boundary.
 */
export async function preloadBlocks(types: Iterable<string>): Promise<void> {
  const wanted = [...new Set(types)].filter((t): t is BlockType => isBlockType(t) && !loaded.has(t))
  await Promise.allSettled(wanted.map(load))
}
