// What a block dropped from the palette (or added with 添加区块) starts as: its neutral starter content
// (blockStarters.ts) and, for a campaign block, a campaign of its own on the page, so the new block works in the
// preview at once and never points at another page's campaign.

import {
  BLOCK_CAMPAIGN_KINDS,
  blocksUsing,
  campaignsOf,
  defaultWindow,
  newCampaign,
  newId,
  withCampaign,
  type CampaignKind,
} from '../campaigns/campaignModel'
import { insertBlockAt, parentOf, type Json } from '../configOps'
import type { PageConfig } from '../types'
import { walkBlocks } from '../../../page-config/walkBlocks'
import { blockStarter } from './blockStarters'

/** The questionnaire ids of the page's questionnaire blocks (tabs included). */
function questionnaireIds(config: PageConfig): string[] {
  const ids: string[] = []
  walkBlocks(config.blocks, (block) => {
    if (block.type === 'questionnaire' && typeof block.questionnaireId === 'string')
      ids.push(block.questionnaireId)
  })
  return ids
}

/**
 * The page with an activity time (today for 30 days, then back to the home page) if it has none: a countdown
 * counts to it, and a page's campaigns must run within it.
 */
function withSchedule(config: PageConfig): PageConfig {
  if (config.schedule) return config
  return { ...config, schedule: { ...defaultWindow(config), fallback: '/' } } as PageConfig
}

/**
 * The starter of `type` for this page: a lottery, coupon, form or guess block runs a campaign of its kind that no
 * block runs yet, or a new one (two blocks on one lottery are an error); a leaderboard ranks the page's guessing
 * game (a new one if none); a questionnaire gets an id of its own and a result block reads the page's
 * questionnaire. A page with a campaign or a countdown gets an activity time if it has none.
 */
export function starterFor(config: PageConfig, type: string): { config: PageConfig; block: Json } {
  const block = blockStarter(type)
  const kinds = BLOCK_CAMPAIGN_KINDS[type]
  if (kinds || type === 'countdown') config = withSchedule(config)
  if (kinds) {
    const ofKind = Object.entries(campaignsOf(config)).filter(([, c]) =>
      kinds.includes(c.kind as CampaignKind),
    )
    // A leaderboard ranks the page's guessing game; another campaign block takes one no block runs yet (made in
    // the 活动 tab first), else a new one of its own.
    const reuse =
      type === 'leaderboard' ? ofKind[0] : ofKind.find(([id]) => blocksUsing(config, id).length === 0)
    if (reuse) return { config, block: { ...block, campaign: reuse[0] } }
    const { id, campaign } = newCampaign(kinds[0], config)
    return { config: withCampaign(config, id, campaign), block: { ...block, campaign: id } }
  }
  if (type === 'questionnaire')
    return { config, block: { ...block, questionnaireId: newId('quiz', questionnaireIds(config)) } }
  if (type === 'questionnaire-result')
    return { config, block: { ...block, questionnaireId: questionnaireIds(config)[0] ?? 'quiz' } }
  return { config, block }
}

/** Inserts a new block of `type` at `index` of the list at `list`. Returns the new pointer. */
export function insertStarter(
  config: PageConfig,
  type: string,
  list: string,
  index: number,
): { config: PageConfig; pointer: string } {
  const start = starterFor(config, type)
  return insertBlockAt(start.config, start.block, list, index)
}

/** Inserts a new block of `type` after the block at `after` (same list), or at the end of the page. */
export function insertStarterAfter(
  config: PageConfig,
  type: string,
  after: string | null,
): { config: PageConfig; pointer: string } {
  const { list, index } = after ? parentOf(after) : { list: '/blocks', index: config.blocks.length - 1 }
  return insertStarter(config, type, list, index + 1)
}
