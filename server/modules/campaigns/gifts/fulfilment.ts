import type { Kysely } from 'kysely'
import type { ShipRequest, Shipping } from '../../../../src/types/generated/api/campaignOps'
import type { DB } from '../../../db/schema'
import { ApiError, notFound } from '../../../platform/errors'
import { toIso } from '../../../platform/time'
import type { MessageService } from '../../messages/service'
import type { Actor, StaffAudit } from '../../studio/audit'

/**
 * A physical prize's shipping: 待发货 → 已发货 (carrier, tracking number) → 已签收. Each step is one UPDATE that
 * holds only from the step before, with the winner's message and the audit row in the same transaction, so two
 * tabs make one step and one message. The same step again (same tracking number) answers as done; another is 409.
 */
export class PrizeFulfilment {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly messages: MessageService,
    private readonly audit: StaffAudit,
  ) {}

  private async current(campaignId: string, giftId: string, db: Kysely<DB> = this.db) {
    const gift = await db
      .selectFrom('campaign_gifts')
      .selectAll()
      .where('id', '=', giftId)
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst()
    if (!gift) throw notFound('实物奖品')
    return gift
  }

  private async shipping(campaignId: string, giftId: string, db: Kysely<DB>): Promise<Shipping> {
    const g = await this.current(campaignId, giftId, db)
    return {
      status: g.shipping_status,
      carrier: g.carrier,
      trackingNo: g.tracking_no,
      shippedAt: g.shipped_at ? toIso(g.shipped_at) : null,
      deliveredAt: g.delivered_at ? toIso(g.delivered_at) : null,
    }
  }

  async ship(actor: Actor, campaignId: string, giftId: string, input: ShipRequest): Promise<Shipping> {
    const carrier = input.carrier.trim()
    const trackingNo = input.trackingNo.trim().toUpperCase()
    if (!carrier)
      throw new ApiError(400, 'INVALID_INPUT', '请填写快递公司', [
        { field: 'carrier', message: '请填写快递公司' },
      ])
    const now = this.now()
    return this.db.transaction().execute(async (trx) => {
      const shipped = await trx
        .updateTable('campaign_gifts')
        .set({ shipping_status: 'shipped', carrier, tracking_no: trackingNo, shipped_at: now })
        .where('id', '=', giftId)
        .where('campaign_id', '=', campaignId)
        .where('shipping_status', '=', 'pending')
        .where('address', 'is not', null)
        .returning(['user_id', 'name'])
        .executeTakeFirst()
      if (!shipped) {
        const gift = await this.current(campaignId, giftId, trx)
        if (!gift.address)
          throw new ApiError(409, 'ADDRESS_MISSING', `“${gift.name}”的中奖用户尚未填写收货地址，不能发货`)
        if (gift.shipping_status === 'shipped' && gift.tracking_no === trackingNo && gift.carrier === carrier)
          return this.shipping(campaignId, giftId, trx)
        throw new ApiError(
          409,
          'ALREADY_SHIPPED',
          `“${gift.name}”已发货（${gift.carrier ?? ''} ${gift.tracking_no ?? ''}），不能再次发货`,
          [{ field: 'trackingNo', message: '该奖品已发货' }],
        )
      }
      await this.messages.notify(trx, shipped.user_id, {
        kind: 'prize_shipped',
        giftId,
        prize: shipped.name,
        carrier,
        trackingNo,
      })
      await this.audit.record(
        actor,
        {
          action: 'campaign_gift_ship',
          detail: `活动 ${campaignId} 奖品“${shipped.name}”（${giftId}）已发货：${carrier} ${trackingNo}`,
        },
        trx,
      )
      return this.shipping(campaignId, giftId, trx)
    })
  }

  async deliver(actor: Actor, campaignId: string, giftId: string): Promise<Shipping> {
    const now = this.now()
    return this.db.transaction().execute(async (trx) => {
      const delivered = await trx
        .updateTable('campaign_gifts')
        .set({ shipping_status: 'delivered', delivered_at: now })
        .where('id', '=', giftId)
        .where('campaign_id', '=', campaignId)
        .where('shipping_status', '=', 'shipped')
        .returning(['user_id', 'name'])
        .executeTakeFirst()
      if (!delivered) {
        const gift = await this.current(campaignId, giftId, trx)
        if (gift.shipping_status === 'delivered') return this.shipping(campaignId, giftId, trx)
        throw new ApiError(409, 'NOT_SHIPPED', `“${gift.name}”尚未发货，不能标记为已签收`)
      }
      await this.messages.notify(trx, delivered.user_id, {
        kind: 'prize_delivered',
        giftId,
        prize: delivered.name,
      })
      await this.audit.record(
        actor,
        {
          action: 'campaign_gift_deliver',
          detail: `活动 ${campaignId} 奖品“${delivered.name}”（${giftId}）已签收`,
        },
        trx,
      )
      return this.shipping(campaignId, giftId, trx)
    })
  }
}
