import type { BlockCheck } from '../../page-config/blockCheck'

/**
 * The block shows a guessing game declared by this page or another config (campaign ids are global: the world
 * cup's pages for picks, results and the poster share the one their main page declares). The leaderboard block
 * shares this check.
 */
export const check: BlockCheck = ({ block, pointer, add, campaignKind }) => {
  const id = block.campaign
  if (typeof id !== 'string') return
  const kind = campaignKind(id)
  if (kind === undefined) add(`${pointer}/campaign`, `没有页面声明活动「${id}」`)
  else if (kind !== 'guess') add(`${pointer}/campaign`, `活动「${id}」不是竞猜活动`)
}
