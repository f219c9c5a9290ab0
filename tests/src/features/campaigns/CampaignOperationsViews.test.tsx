import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import CouponsPage from '../../../../src/features/campaigns/CouponsPage'
import PrizesPage from '../../../../src/features/campaigns/PrizesPage'
import type { Coupon, Prize } from '../../../../src/types/generated/api/campaign'
import { renderScreen, stubApi } from '../../harness'

// What campaign operations add to 我的券 and 我的奖品: a coupon redeemed by a partner shows where and when; a
// prize shows its shipping step with the carrier and tracking number.

const used: Coupon = {
  id: 'c1',
  code: 'K7WQ-3M9T-XP01',
  campaignId: 'parking',
  campaignTitle: '停车有礼',
  name: '2小时停车券',
  benefit: '合作停车场2小时停车',
  status: 'used',
  validFrom: '2026-11-25T10:00:00.000+08:00',
  validTo: '2026-12-25T10:00:00.000+08:00',
  usedAt: '2026-11-26T09:30:00.000+08:00',
  usedPlace: '城市停车（人民广场店）',
  createdAt: '2026-11-25T10:00:00.000+08:00',
}

const prize = (shipping: Prize['shipping']): Prize => ({
  id: 'g1',
  campaignId: 'mug',
  campaignTitle: '马克杯幸运礼',
  name: '定制马克杯',
  description: '马克杯一只',
  address: { name: '王小明', phone: '13800138000', region: '上海市浦东新区', detail: '世纪大道100号' },
  addressAt: '2026-11-25T11:00:00.000+08:00',
  createdAt: '2026-11-25T10:00:00.000+08:00',
  shipping,
})

describe('campaign operations in 我的券 and 我的奖品', () => {
  it('shows a redeemed coupon as 已使用 with when and where', async () => {
    stubApi({
      'GET /api/coupons': { items: [used], counts: { usable: 0, used: 1, expired: 0 } },
      'GET /api/exchanges': { items: [] },
    })
    renderScreen(CouponsPage, '/coupons?status=used')
    const card = await screen.findByTestId('coupon-card')
    expect(card).toHaveTextContent('已使用')
    expect(card).toHaveTextContent('使用时间 2026-11-26 09:30')
    expect(screen.getByTestId('coupon-used-place')).toHaveTextContent('使用地点 城市停车（人民广场店）')
  })

  it('shows a shipped prize with its carrier and tracking number', async () => {
    stubApi({
      'GET /api/prizes': {
        items: [
          prize({
            status: 'shipped',
            carrier: '顺丰速运',
            trackingNo: 'SF1234567890',
            shippedAt: '2026-11-26T10:00:00.000+08:00',
            deliveredAt: null,
          }),
        ],
      },
    })
    renderScreen(PrizesPage, '/prizes')
    expect(await screen.findByTestId('prize-status')).toHaveTextContent('已发货')
    expect(screen.getByTestId('prize-shipping')).toHaveTextContent(
      '顺丰速运 运单号 SF1234567890，2026-11-26 10:00 发货',
    )
  })

  it('shows 待发货 for a prize with an address and no shipping yet', async () => {
    stubApi({
      'GET /api/prizes': {
        items: [
          prize({ status: 'pending', carrier: null, trackingNo: null, shippedAt: null, deliveredAt: null }),
        ],
      },
    })
    renderScreen(PrizesPage, '/prizes')
    expect(await screen.findByTestId('prize-status')).toHaveTextContent('待发货')
    expect(screen.queryByTestId('prize-shipping')).toBeNull()
  })
})
