import { sql, type Kysely, type Selectable } from 'kysely'
import type { Campaign } from '../../../src/types/generated/page'
import type { DB } from '../../db/schema'
import { ConfigError } from '../../platform/config'
import { ApiError } from '../../platform/errors'
import { livePublication } from '../pages/publications'
import { registerCampaign } from './registry'
import type { CampaignsTable } from './tables'

// A campaign declared by a studio page acts only while the page version live now (by server time) declares it,
// and under that version's rules: a version scheduled for later registers nothing that changes the rules in
// force; once it is live, the first request registers its rules (versions are immutable, so page_version says
// whether the registered rules are the live version's). Folder configs (page_id null) are not gated.

/** live: the live version declares it; upcoming: only a pending schedule does; offline: neither. */
export type PageGate = 'live' | 'upcoming' | 'offline'

/** Where the campaign's page stands now (null for a folder config), its rules brought to the live version's. */
export async function pageGate(
  db: Kysely<DB>,
  campaign: Selectable<CampaignsTable>,
  now: Date,
): Promise<{ gate: PageGate | null; resynced: boolean }> {
  const pageId = campaign.page_id
  if (!pageId) return { gate: null, resynced: false }
  const { rows } = await sql<{ version: number | null; definition: Campaign | null }>`
    SELECT live.version, v.config -> 'campaigns' -> ${campaign.id} AS definition
      FROM (${livePublication(pageId, now)}) live
      LEFT JOIN studio_page_versions v ON v.page_id = ${pageId} AND v.version = live.version`.execute(db)
  const live = rows[0]
  if (live?.version != null && live.definition) {
    if (campaign.page_version === live.version) return { gate: 'live', resynced: false }
    try {
      await registerCampaign(
        db,
        {
          id: campaign.id,
          file: campaign.file,
          campaign: live.definition,
          page: { id: pageId, version: live.version },
        },
        now,
      )
    } catch (error) {
      // Checked when the version was published; only what was awarded since can make it fail.
      if (!(error instanceof ConfigError)) throw error
      throw new ApiError(
        409,
        'CAMPAIGN_UNAVAILABLE',
        `活动规则未能生效，暂不能参与：${error.problems.join('；')}`,
      )
    }
    return { gate: 'live', resynced: true }
  }
  const { rows: pending } = await sql`
    SELECT 1 FROM studio_publications s
      JOIN studio_page_versions v ON v.page_id = s.page_id AND v.version = s.version
     WHERE s.page_id = ${pageId} AND s.publish_at > ${now} AND s.cancelled_at IS NULL
       AND (v.config -> 'campaigns' -> ${campaign.id}) IS NOT NULL
     LIMIT 1`.execute(db)
  return { gate: pending.length ? 'upcoming' : 'offline', resynced: false }
}

/** 409 unless the campaign's page version is live now. */
export function assertPageLive(gate: PageGate | null): void {
  if (gate === 'upcoming') throw new ApiError(409, 'CAMPAIGN_NOT_STARTED', '活动未开始，页面上线后才能参与')
  if (gate === 'offline') throw new ApiError(409, 'CAMPAIGN_OFFLINE', '活动已下线')
}
