import type { BlockCheck } from '../../page-config/blockCheck'
import { isObject } from '../../page-config/json'
import { blockOrdinal, walkBlocks } from '../../page-config/walkBlocks'

/** The block draws on a lottery campaign declared by the same page, and is the only block that does. */
export const check: BlockCheck = ({ block, pointer, config, add }) => {
  const id = block.campaign
  if (typeof id !== 'string') return
  const campaign = isObject(config.campaigns) ? config.campaigns[id] : undefined
  if (!isObject(campaign)) add(`${pointer}/campaign`, `本页没有声明活动「${id}」`)
  else if (campaign.kind !== 'lottery') add(`${pointer}/campaign`, `活动「${id}」不是抽奖活动`)
  // The same lottery twice on a page (a block pasted twice) would draw one campaign's chances from two places.
  let first: string | null = null
  walkBlocks(config.blocks, (other, at) => {
    if (first === null && other.type === 'lottery' && other.campaign === id) first = at
  })
  if (first !== null && first !== pointer)
    add(
      `${pointer}/campaign`,
      `抽奖活动「${id}」已由${blockOrdinal(first)}的抽奖使用，同一个抽奖不能在页面上放两次（粘贴的抽奖请改用新的活动）`,
    )
}
