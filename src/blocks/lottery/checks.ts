import type { BlockCheck } from '../../page-config/blockCheck'
import { isObject } from '../../page-config/json'

/** The block draws on a lottery campaign declared by the same page. */
export const check: BlockCheck = ({ block, pointer, config, add }) => {
  const id = block.campaign
  if (typeof id !== 'string') return
  const campaign = isObject(config.campaigns) ? config.campaigns[id] : undefined
  if (!isObject(campaign)) add(`${pointer}/campaign`, `本页没有声明活动「${id}」`)
  else if (campaign.kind !== 'lottery') add(`${pointer}/campaign`, `活动「${id}」不是抽奖活动`)
}
