// A block that refers to a campaign by id: the same page must declare it, of a kind the block can run.
import type { BlockCheck } from './blockCheck'
import { isObject } from './json'

/** The check of a block whose `campaign` must be one of this page's campaigns of `kinds` (`what` names them). */
export function campaignRefCheck(kinds: readonly string[], what: string): BlockCheck {
  return ({ block, pointer, config, add }) => {
    const id = block.campaign
    if (typeof id !== 'string') return
    const campaign = isObject(config.campaigns) ? config.campaigns[id] : undefined
    if (!isObject(campaign)) add(`${pointer}/campaign`, `本页没有声明活动「${id}」`)
    else if (typeof campaign.kind !== 'string' || !kinds.includes(campaign.kind))
      add(`${pointer}/campaign`, `活动「${id}」不是${what}`)
  }
}
