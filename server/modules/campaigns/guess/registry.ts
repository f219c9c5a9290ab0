import { sql, type Transaction } from 'kysely'
import type { Campaign } from '../../../../src/types/generated/page'
import type { DB } from '../../../db/schema'
import { ConfigError } from '../../../platform/config'

// The items of a guessing game, registered with their campaign (registry.ts, in its transaction). A config may
// change an item's title, options and lock time, but never take away what users have already acted on: an item
// with picks, an option someone picked, or the option entered as the result.

export async function registerGuessItems(
  trx: Transaction<DB>,
  id: string,
  file: string,
  campaign: Campaign,
): Promise<void> {
  const items = campaign.items ?? []
  const refuse = (message: string) => new ConfigError([`活动 ${id}（${file}）的${message}`])
  for (const [sort, item] of items.entries()) {
    const options = JSON.stringify(item.options.map((o) => ({ id: o.id, label: o.label })))
    const kickoff = item.kickoffAt ? new Date(item.kickoffAt) : null
    const { rows } = await sql<{ item_id: string }>`
      INSERT INTO campaign_guess_items (campaign_id, item_id, sort, title, stage, kickoff_at, lock_at, options)
      VALUES (${id}, ${item.id}, ${sort}, ${item.title}, ${item.stage ?? null}, ${kickoff}, ${new Date(item.lockAt)},
              ${options}::jsonb)
      ON CONFLICT (campaign_id, item_id) DO UPDATE
        SET sort = excluded.sort, title = excluded.title, stage = excluded.stage, kickoff_at = excluded.kickoff_at,
            lock_at = excluded.lock_at, options = excluded.options
        WHERE campaign_guess_items.result_option_id IS NULL
           OR excluded.options @> jsonb_build_array(jsonb_build_object('id', campaign_guess_items.result_option_id))
      RETURNING item_id`.execute(trx)
    if (rows.length === 0) throw refuse(`竞猜项 ${item.id} 已录入结果，不能删去结果对应的选项`)
    const orphaned = await trx
      .selectFrom('campaign_guess_picks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaign_id', '=', id)
      .where('item_id', '=', item.id)
      .where(
        'option_id',
        'not in',
        item.options.map((o) => o.id),
      )
      .executeTakeFirstOrThrow()
    if (Number(orphaned.n) > 0)
      throw refuse(`竞猜项 ${item.id} 有 ${orphaned.n} 人选了已删去的选项，不能删去`)
  }
  const kept = items.map((item) => item.id)
  const removed = await trx
    .selectFrom('campaign_guess_items as i')
    .select([
      'i.item_id',
      sql<boolean>`EXISTS (SELECT 1 FROM campaign_guess_picks p
      WHERE p.campaign_id = i.campaign_id AND p.item_id = i.item_id)`.as('picked'),
    ])
    .where('i.campaign_id', '=', id)
    .$if(kept.length > 0, (qb) => qb.where('i.item_id', 'not in', kept))
    .execute()
  const picked = removed.find((r) => r.picked)
  if (picked) throw refuse(`竞猜项 ${picked.item_id} 已有用户竞猜，不能从配置中删去`)
  if (removed.length)
    await trx
      .deleteFrom('campaign_guess_items')
      .where('campaign_id', '=', id)
      .where(
        'item_id',
        'in',
        removed.map((r) => r.item_id),
      )
      .execute()
}
