// Blocks taken from one page into another (复制/粘贴, 区块组合): the blocks with the campaign declarations they
// reference, and their insertion after the selection with unique block ids and the campaigns under new ids (a
// pasted lottery is a new lottery: the same campaign twice on a page is an error, and campaign ids are global).
import { freshCampaignId, rewriteCampaignRefs } from '../../../page-config/campaignRename'
import { isObject } from '../../../page-config/json'
import { walkBlocks } from '../../../page-config/walkBlocks'
import { getAt, insertBlock } from '../configOps'
import type { PageConfig } from '../types'

type Json = Record<string, unknown>

/** What the clipboard and a section hold. */
export interface BlockBundle {
  blocks: Json[]
  /** The declarations of the campaigns the blocks reference (by the source page's ids). */
  campaigns: Record<string, Json>
  /** The page they were copied from. */
  from?: string
}

/** The ids of the campaigns a node names (a block's `campaign`, an eligibility's `entryOf`). */
function referencedCampaigns(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => referencedCampaigns(item, out))
  else if (isObject(node))
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'campaign' || k === 'entryOf') && typeof v === 'string') out.add(v)
      else referencedCampaigns(v, out)
    }
  return out
}

/** The blocks at `pointers` with the campaigns they (and those campaigns' eligibility) reference. */
export function bundleOf(config: PageConfig, pointers: readonly string[], from?: string): BlockBundle {
  const blocks = pointers.map((p) => getAt(config, p)).filter(isObject)
  const declared = isObject(config.campaigns) ? (config.campaigns as Record<string, unknown>) : {}
  const campaigns: Record<string, Json> = {}
  const queue = [...referencedCampaigns(blocks, new Set())]
  while (queue.length) {
    const id = queue.shift()!
    const campaign = declared[id]
    if (campaigns[id] || !isObject(campaign)) continue
    campaigns[id] = campaign
    queue.push(...referencedCampaigns(campaign, new Set()))
  }
  return { blocks, campaigns, ...(from ? { from } : {}) }
}

/** The page-wide campaign ids of a config. */
const campaignIdsOf = (config: PageConfig) =>
  isObject(config.campaigns) ? Object.keys(config.campaigns as object) : []

/**
 * Inserts a bundle after `after` (or at the page's end): block ids made unique, each carried campaign declared
 * under a new id for page `pageId` and every reference in the blocks rewritten. The pointer of the last block.
 */
export function insertBundle(
  config: PageConfig,
  bundle: BlockBundle,
  after: string | null,
  pageId: string,
): { config: PageConfig; pointer: string | null } {
  const taken = new Set([...campaignIdsOf(config), ...Object.keys(bundle.campaigns)])
  const renamed = new Map(
    Object.keys(bundle.campaigns).map((old) => [old, freshCampaignId(old, pageId, taken, bundle.from)]),
  )
  let next = config
  if (renamed.size) {
    const campaigns = { ...(isObject(config.campaigns) ? (config.campaigns as Json) : {}) }
    for (const [old, id] of renamed) campaigns[id] = rewriteCampaignRefs(bundle.campaigns[old], renamed)
    next = { ...next, campaigns } as PageConfig
  }
  // A block inside a tab may be pasted at the page level; a container block goes after the tab's container.
  let at = after
  if (at && bundle.blocks.some((b) => b.type === 'tabs')) at = at.match(/^\/blocks\/\d+/)?.[0] ?? null
  let pointer: string | null = null
  for (const block of bundle.blocks) {
    const added = insertBlock(next, rewriteCampaignRefs(block, renamed), at)
    next = added.config
    at = pointer = added.pointer
  }
  return { config: next, pointer }
}

/** How many lottery blocks a bundle holds (the paste's message names the new lotteries). */
export function bundleSummary(bundle: BlockBundle): string {
  let count = 0
  walkBlocks(bundle.blocks, () => {
    count++
  })
  const campaigns = Object.keys(bundle.campaigns).length
  return `${count} 个区块${campaigns ? `（含 ${campaigns} 个活动，粘贴后使用新的活动编号）` : ''}`
}
