import { imageFields } from '../../../src/page-config/imageFields'
import { isObject, type JsonObject } from '../../../src/page-config/json'
import { walkBlocks } from '../../../src/page-config/walkBlocks'

// What a template card in the studio's 新建页面 dialog shows of a folder config: its cover image, how many blocks
// it has and of which types (in page order), and the kinds of its campaigns. Computed once, when the list is read.

export interface TemplateSummary {
  cover?: string
  blockCount: number
  blockTypes: string[]
  campaignKinds: string[]
}

/** Block types whose image can stand for the page (an icon of an app-download or an image grid cannot). */
const COVER_TYPES = ['hero', 'image', 'carousel', 'poster']

/** The first image at one of a block's image fields ("*" = the first item of an array that has one). */
function imageAt(node: unknown, path: readonly string[]): string | undefined {
  if (path.length === 0) return typeof node === 'string' && node.trim() ? node : undefined
  const [head, ...rest] = path
  if (head === '*') {
    if (!Array.isArray(node)) return undefined
    for (const item of node) {
      const found = imageAt(item, rest)
      if (found) return found
    }
    return undefined
  }
  return isObject(node) ? imageAt(node[head], rest) : undefined
}

function coverOf(block: JsonObject): string | undefined {
  const type = typeof block.type === 'string' ? block.type : ''
  if (!COVER_TYPES.includes(type)) return undefined
  for (const path of imageFields[type] ?? []) {
    const found = imageAt(block, path)
    if (found) return found
  }
  return undefined
}

export function summarizeTemplate(config: JsonObject): TemplateSummary {
  let blockCount = 0
  let cover: string | undefined
  walkBlocks(config.blocks, (block) => {
    blockCount += 1
    cover ??= coverOf(block)
  })
  const blockTypes = Array.isArray(config.blocks)
    ? config.blocks.flatMap((b) => (isObject(b) && typeof b.type === 'string' ? [b.type] : []))
    : []
  const campaigns = isObject(config.campaigns) ? Object.values(config.campaigns) : []
  const campaignKinds = [
    ...new Set(campaigns.flatMap((c) => (isObject(c) && typeof c.kind === 'string' ? [c.kind] : []))),
  ]
  return { ...(cover ? { cover } : {}), blockCount, blockTypes, campaignKinds }
}
