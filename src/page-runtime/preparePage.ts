import type { Block, ContentBlock, PageConfig } from '../types/generated/page'
import { preloadBlocks, registerBlocks } from '../blocks/registry'
import { prefetchDataSources, type SettledSources } from './dataSources'
import { withParamValues } from '../page-config/routeParams'
import { blockPhase, insideWindow, phaseAt } from '../page-config/schedule'
import { walkOpeningBlocks } from '../page-config/walkBlocks'
import { clockOffset } from './serverClock'

type AnyBlock = Block | ContentBlock

/** The blocks that show at `now` by phase and time window (the first tab's), whatever their conditions. */
export function blocksShownAt(config: PageConfig, now: number): AnyBlock[] {
  const phase = blockPhase(phaseAt(config.schedule, now))
  const blocks: AnyBlock[] = []
  walkOpeningBlocks(config.blocks, (raw) => {
    const block = raw as unknown as AnyBlock
    if (block.showIn && !block.showIn.includes(phase)) return false
    if (!insideWindow(block.activeBetween, now)) return false
    blocks.push(block)
  })
  return blocks
}

/** Types of the blocks that show at `now` (blocksShownAt). */
export const blockTypesShownAt = (config: PageConfig, now: number): Set<string> =>
  new Set(blocksShownAt(config, now).map((block) => block.type))

export interface PreparedPage {
  /** The data sources, when they answered before the block chunks arrived. */
  data?: SettledSources
}

/**
 * Work a config page can do while its chunks arrive: fetch its data sources, and have the blocks it shows now
 * loaded (usually they came with the page's chunk), so its first paint has them: no suspended blocks, no
 * extra render for the data. Resolves once those blocks are in.
 */
export async function preparePage(
  config: PageConfig,
  blockModules: Readonly<Record<string, { default: unknown }>> = {},
  /** The values of the page's route parameters (routeParams.ts), filled into its data sources. */
  params: Readonly<Record<string, string>> = {},
  /** fetchData false: the page comes with its data (a published page the server rendered). */
  { fetchData = true } = {},
): Promise<PreparedPage> {
  registerBlocks(blockModules)
  const prepared: PreparedPage = {}
  // fetchAll settles every source, so this never rejects.
  if (fetchData)
    void prefetchDataSources(withParamValues(config.dataSources, params))?.then(
      (data) => (prepared.data = data),
    )
  const offset = await clockOffset()
  await preloadBlocks(blockTypesShownAt(config, Date.now() + offset))
  return prepared
}
