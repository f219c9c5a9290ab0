import { sql, type Kysely } from 'kysely'
import { couponStatus } from '../../../../src/domain/coupons'
import { maskNickname } from '../../../../src/domain/guess'
import { maskPhone } from '../../../../src/domain/phone'
import {
  WINNER_KIND_TEXT,
  WINNER_STATUS_TEXT,
  csvFile,
  type WinnerStatus,
} from '../../../../src/domain/winners'
import type {
  GiftAddress,
  Winner,
  WinnerList,
  WinnerQuery,
} from '../../../../src/types/generated/api/campaignOps'
import type { DB } from '../../../db/schema'
import { notFound } from '../../../platform/errors'
import { toIso } from '../../../platform/time'
import type { Actor, StaffAudit } from '../../studio/audit'
import type { CampaignService } from '../service'

const MAX_ROWS = 5000

/**
 * A campaign's winners for the studio: coupons, physical prizes (with their shipping), and points or beans from
 * draws and guesses; nicknames and phones masked in the list and the CSV. Every view is written in the audit log;
 * a prize's full delivery address (to ship it) is one winner at a time, audited by name.
 */
export class WinnerService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly campaigns: CampaignService,
    private readonly audit: StaffAudit,
  ) {}

  private async all(campaignId: string, query: WinnerQuery): Promise<Winner[]> {
    await this.campaigns.campaign(campaignId)
    const phone = query.phone ? `%${query.phone}` : null
    const nowMs = this.now().getTime()
    const person = (nickname: string, phoneNo: string) => ({
      nickname: maskNickname(nickname),
      phone: maskPhone(phoneNo),
    })
    const want = (kind: Winner['kind']) => !query.kind || query.kind === kind
    const [coupons, gifts, points] = await Promise.all([
      want('coupon')
        ? this.db
            .selectFrom('coupons as c')
            .innerJoin('users as u', 'u.id', 'c.user_id')
            .select(['c.id', 'c.name', 'c.created_at', 'c.used_at', 'c.valid_to', 'c.used_place'])
            .select(['u.nickname', 'u.phone'])
            .where('c.campaign_id', '=', campaignId)
            .$if(phone !== null, (q) => q.where('u.phone', 'like', phone as string))
            .limit(MAX_ROWS)
            .execute()
        : [],
      want('physical')
        ? this.db
            .selectFrom('campaign_gifts as g')
            .innerJoin('users as u', 'u.id', 'g.user_id')
            .select([
              'g.id',
              'g.name',
              'g.created_at',
              'g.address_at',
              'g.shipping_status',
              'g.carrier',
              'g.tracking_no',
              'g.shipped_at',
              'g.delivered_at',
            ])
            .select(['u.nickname', 'u.phone'])
            .where('g.campaign_id', '=', campaignId)
            .$if(phone !== null, (q) => q.where('u.phone', 'like', phone as string))
            .limit(MAX_ROWS)
            .execute()
        : [],
      want('points')
        ? sql<{ id: string; name: string; created_at: Date; nickname: string; phone: string }>`
            SELECT r.id, i.title || '（猜中）' AS name, r.created_at, u.nickname, u.phone
            FROM campaign_guess_rewards r
            JOIN campaign_guess_items i ON i.campaign_id = r.campaign_id AND i.item_id = r.item_id
            JOIN users u ON u.id = r.user_id
            WHERE r.campaign_id = ${campaignId} AND (${phone}::text IS NULL OR u.phone LIKE ${phone})
            UNION ALL
            SELECT d.id, p.name, d.created_at, u.nickname, u.phone
            FROM campaign_draws d
            JOIN campaign_prizes p ON p.campaign_id = d.campaign_id AND p.prize_id = d.prize_id
            JOIN users u ON u.id = d.user_id
            WHERE d.campaign_id = ${campaignId} AND p.reward->>'kind' IN ('points', 'beans')
              AND (${phone}::text IS NULL OR u.phone LIKE ${phone})
            LIMIT ${MAX_ROWS}`
            .execute(this.db)
            .then((r) => r.rows)
        : [],
    ])
    const rows: Winner[] = [
      ...coupons.map((c): Winner => {
        const usedAt = c.used_at ? toIso(c.used_at) : null
        return {
          id: c.id,
          kind: 'coupon',
          prize: c.name,
          ...person(c.nickname, c.phone),
          status: couponStatus({ usedAt, validTo: toIso(c.valid_to) }, nowMs),
          at: toIso(c.created_at),
          hasAddress: false,
          shipping: null,
          usedPlace: c.used_place,
        }
      }),
      ...gifts.map((g): Winner => ({
        id: g.id,
        kind: 'physical',
        prize: g.name,
        ...person(g.nickname, g.phone),
        status: g.shipping_status,
        at: toIso(g.created_at),
        hasAddress: g.address_at !== null,
        shipping: {
          status: g.shipping_status,
          carrier: g.carrier,
          trackingNo: g.tracking_no,
          shippedAt: g.shipped_at ? toIso(g.shipped_at) : null,
          deliveredAt: g.delivered_at ? toIso(g.delivered_at) : null,
        },
        usedPlace: null,
      })),
      ...points.map((p): Winner => ({
        id: p.id,
        kind: 'points',
        prize: p.name,
        ...person(p.nickname, p.phone),
        status: 'credited',
        at: toIso(new Date(p.created_at)),
        hasAddress: false,
        shipping: null,
        usedPlace: null,
      })),
    ]
    const filtered = query.status ? rows.filter((w) => w.status === query.status) : rows
    return filtered.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id))
  }

  private describe(query: WinnerQuery): string {
    const parts = [
      query.kind ? `类型 ${WINNER_KIND_TEXT[query.kind]}` : '',
      query.status ? `状态 ${WINNER_STATUS_TEXT[query.status as WinnerStatus]}` : '',
      query.phone ? `手机尾号 ${query.phone}` : '',
    ].filter(Boolean)
    return parts.length ? `（${parts.join('，')}）` : ''
  }

  async list(actor: Actor, campaignId: string, query: WinnerQuery): Promise<WinnerList> {
    const items = await this.all(campaignId, query)
    await this.audit.record(actor, {
      action: 'campaign_winners_view',
      detail: `查看活动 ${campaignId} 中奖名单${this.describe(query)}，${items.length} 条（已打码）`,
    })
    return { items: items.slice(0, 500), total: items.length }
  }

  /** The winners as a CSV file (masked), written in the audit log. */
  async csv(actor: Actor, campaignId: string, query: WinnerQuery): Promise<string> {
    const items = await this.all(campaignId, query)
    await this.audit.record(actor, {
      action: 'campaign_winners_export',
      detail: `导出活动 ${campaignId} 中奖名单${this.describe(query)}，${items.length} 条（已打码）`,
    })
    const header = ['中奖时间', '类型', '奖品', '昵称', '手机号', '状态', '快递公司', '运单号', '使用地点']
    return csvFile([
      header,
      ...items.map((w) => [
        w.at,
        WINNER_KIND_TEXT[w.kind],
        w.prize,
        w.nickname,
        w.phone,
        WINNER_STATUS_TEXT[w.status],
        w.shipping?.carrier ?? '',
        w.shipping?.trackingNo ?? '',
        w.usedPlace ?? '',
      ]),
    ])
  }

  /** One physical prize's delivery address in full, to ship it; each view is written in the audit log. */
  async address(actor: Actor, campaignId: string, giftId: string): Promise<GiftAddress> {
    const gift = await this.db
      .selectFrom('campaign_gifts')
      .select(['id', 'name', 'address'])
      .where('id', '=', giftId)
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst()
    if (!gift) throw notFound('实物奖品')
    if (!gift.address) throw notFound('收货地址')
    await this.audit.record(actor, {
      action: 'campaign_gift_address_view',
      detail: `查看活动 ${campaignId} 实物奖品“${gift.name}”（${giftId}）的收货地址`,
    })
    return { giftId, ...gift.address }
  }
}
