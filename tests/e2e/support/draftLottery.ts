import { createDraftPage } from './draftPage'
import type { StudioApi } from './staff'

// A studio page whose draft runs one lottery (live from 2026-11 to 2027-12, 每人每天 2 次、活动期间共 3 次, every
// prize paying what its name says), for the specs of the preview's sandbox: the editor's frame and the signed
// preview link.

const WINDOW = { startAt: '2026-11-01T00:00:00+08:00', endAt: '2027-12-31T00:00:00+08:00' }

export const DRAFT_PRIZES = {
  cup: {
    id: 'cup',
    name: '保温杯',
    weight: 1,
    stock: 1,
    reward: { kind: 'physical', description: '保温杯一个' },
  },
  points: { id: 'points', name: '50积分', weight: 5, reward: { kind: 'points', amount: 50 } },
  beans: { id: 'beans', name: '5金豆', weight: 5, stock: 100, reward: { kind: 'beans', amount: 5 } },
} as const

export interface DraftLottery {
  title: string
  campaignId: string
  prizes?: readonly (typeof DRAFT_PRIZES)[keyof typeof DRAFT_PRIZES][]
  /** The campaign's 参与条件 (campaignEligibility of schemas/page.schema.json). */
  eligibility?: Record<string, unknown>
  /** Blocks after the title and the lottery. */
  moreBlocks?: Record<string, unknown>[]
}

/** The draft config: a title and the lottery block (then `moreBlocks`). */
export function draftLotteryConfig({
  title,
  campaignId,
  prizes,
  eligibility,
  moreBlocks = [],
}: DraftLottery) {
  return {
    schemaVersion: 3,
    title,
    schedule: { ...WINDOW, fallback: '/' },
    campaigns: {
      [campaignId]: {
        kind: 'lottery',
        title: '双十二抽奖',
        window: WINDOW,
        limits: { perUserTotal: 3, perUserPerDay: 2 },
        ...(eligibility ? { eligibility } : {}),
        prizes: prizes ?? [DRAFT_PRIZES.points, DRAFT_PRIZES.beans],
        rules: '1. 每人每天 2 次，活动期间共 3 次。\n2. 参与本活动无需投保。',
      },
    },
    blocks: [{ type: 'title', text: title }, { type: 'lottery', campaign: campaignId }, ...moreBlocks],
  }
}

/** Creates the studio page `pageId` and saves the draft lottery as its draft, without errors. */
export async function createDraftLotteryPage(
  api: StudioApi,
  pageId: string,
  lottery: DraftLottery,
): Promise<void> {
  await createDraftPage(api, pageId, draftLotteryConfig(lottery))
}
