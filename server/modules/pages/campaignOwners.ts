import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'

// Campaign ids are global: who else uses one (another studio page's draft or published version, or a folder
// config registered at start), so a studio page hears it at save and validate, naming that page by its title.

export interface CampaignOwner {
  /** The studio page that declares it, or null for a config in the repository. */
  pageId: string | null
  title: string
  /** The repository file of a folder config. */
  file: string | null
}

/** Every campaign id used outside page `except` (all pages when absent), with who uses it. */
export async function campaignOwners(
  db: Kysely<DB> | Transaction<DB>,
  except?: string,
): Promise<Map<string, CampaignOwner>> {
  const { rows } = await sql<{
    campaign: string
    page_id: string | null
    title: string
    file: string | null
  }>`
    SELECT k.campaign, p.id AS page_id, p.title, NULL::text AS file
      FROM studio_pages p
      CROSS JOIN LATERAL json_object_keys(
        CASE WHEN json_typeof(p.draft -> 'campaigns') = 'object' THEN p.draft -> 'campaigns' ELSE '{}'::json END
      ) AS k(campaign)
     WHERE p.id IS DISTINCT FROM ${except ?? null}::text
    UNION ALL
    SELECT c.id, c.page_id, coalesce(p.title, c.title), CASE WHEN c.page_id IS NULL THEN c.file END
      FROM campaigns c LEFT JOIN studio_pages p ON p.id = c.page_id
     WHERE c.page_id IS DISTINCT FROM ${except ?? null}::text OR c.page_id IS NULL
     ORDER BY 1, 2`.execute(db)
  const owners = new Map<string, CampaignOwner>()
  for (const row of rows)
    if (!owners.has(row.campaign))
      owners.set(row.campaign, { pageId: row.page_id, title: row.title, file: row.file })
  return owners
}

/** 「活动编号 x 已被页面「标题」（编号）使用」, or the repository file for a folder config. */
export function campaignTakenMessage(id: string, owner: CampaignOwner): string {
  const where = owner.pageId ? `页面「${owner.title}」（${owner.pageId}）` : `仓库配置 ${owner.file ?? ''} `
  return `活动编号 ${id} 已被${where}使用，请换一个编号（活动编号全站唯一）`
}
