import type { Kysely } from 'kysely'
import type { OpsPrize, OpsPrizeList, StockTopUp } from '../../../../src/types/generated/api/campaignOps'
import type { DB } from '../../../db/schema'
import { ApiError, invalidField, notFound } from '../../../platform/errors'
import type { Actor, StaffAudit } from '../../studio/audit'
import type { CampaignPrizesTable } from '../tables'
import type { Selectable } from 'kysely'

const toPrize = (p: Selectable<CampaignPrizesTable>): OpsPrize => ({
  prizeId: p.prize_id,
  name: p.name,
  kind: p.reward.kind,
  stock: p.stock,
  stockAdded: p.stock_added,
  awarded: p.awarded,
  left: p.stock === null ? null : Math.max(0, p.stock - p.awarded),
})

/** A campaign's prizes with their stock, and a top-up by staff: one UPDATE adding to it, with its reason audited. */
export class PrizeStock {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly audit: StaffAudit,
  ) {}

  async list(campaignId: string): Promise<OpsPrizeList> {
    const rows = await this.db
      .selectFrom('campaign_prizes')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .orderBy('sort')
      .execute()
    return { items: rows.map(toPrize) }
  }

  async topUp(actor: Actor, campaignId: string, prizeId: string, input: StockTopUp): Promise<OpsPrize> {
    const reason = input.reason.trim()
    if (reason.length < 2) throw invalidField('reason', '请填写补充库存的原因（至少2个字）')
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('campaign_prizes')
        .set((eb) => ({
          stock: eb('stock', '+', input.add),
          stock_added: eb('stock_added', '+', input.add),
        }))
        .where('campaign_id', '=', campaignId)
        .where('prize_id', '=', prizeId)
        .where('stock', 'is not', null)
        .returningAll()
        .executeTakeFirst()
      if (!row) {
        const exists = await trx
          .selectFrom('campaign_prizes')
          .select('name')
          .where('campaign_id', '=', campaignId)
          .where('prize_id', '=', prizeId)
          .executeTakeFirst()
        if (!exists) throw notFound('奖品')
        throw new ApiError(409, 'STOCK_UNLIMITED', `“${exists.name}”不限库存，无需补充`)
      }
      await trx
        .insertInto('campaign_audit')
        .values({
          campaign_id: campaignId,
          actor: `staff:${actor.displayName}`,
          action: 'stock_top_up',
          detail: JSON.stringify({ prizeId, add: input.add, reason, stock: row.stock }),
          at: this.now(),
        })
        .execute()
      await this.audit.record(
        actor,
        {
          action: 'campaign_stock_top_up',
          detail: `活动 ${campaignId} 奖品“${row.name}”补充库存 ${input.add}（共 ${row.stock}），原因：${reason}`,
        },
        trx,
      )
      return toPrize(row)
    })
  }
}
