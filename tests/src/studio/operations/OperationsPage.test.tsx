import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { OpsGuess, WinnerList } from '../../../../src/types/generated/api/campaignOps'
import { EDITOR, PUBLISHER, findDialog, renderStudio, stubStudioApi } from '../studioHarness'

const campaigns = {
  items: [
    {
      id: 'worldcup',
      kind: 'guess',
      title: '世界杯竞猜',
      startsAt: '2026-11-20T00:00:00.000+08:00',
      endsAt: '2026-12-20T00:00:00.000+08:00',
    },
  ],
}
const guess: OpsGuess = {
  campaignId: 'worldcup',
  title: '世界杯竞猜',
  reward: '50 积分',
  items: [
    {
      id: 'final',
      title: '决赛',
      lockAt: '2026-11-25T20:00:00.000+08:00',
      locked: true,
      result: null,
      options: [
        { id: 'home', label: '主胜', picks: 8 },
        { id: 'away', label: '客胜', picks: 3 },
      ],
    },
  ],
}
const winners: WinnerList = {
  total: 2,
  items: [
    {
      id: 'gift-1',
      kind: 'physical',
      prize: '定制马克杯',
      nickname: '张**三',
      phone: '138****1234',
      status: 'pending',
      at: '2026-11-25T21:00:00.000+08:00',
      hasAddress: true,
      shipping: { status: 'pending', carrier: null, trackingNo: null, shippedAt: null, deliveredAt: null },
      usedPlace: null,
    },
    {
      id: 'coupon-1',
      kind: 'coupon',
      prize: '停车券',
      nickname: '李*',
      phone: '139****5678',
      status: 'used',
      at: '2026-11-24T10:00:00.000+08:00',
      hasAddress: false,
      shipping: null,
      usedPlace: '城市停车（人民广场店）',
    },
  ],
}

describe('studio 活动运营', () => {
  it('enters a guess result after a confirmation that says how many picks it rewards', async () => {
    const api = stubStudioApi({
      'GET /api/studio/campaigns': campaigns,
      'GET /api/studio/campaigns/:id/guess': guess,
      'POST /api/studio/campaigns/:id/guess/results': {
        itemId: 'final',
        optionId: 'home',
        rewarded: 8,
        alreadyEntered: false,
      },
      'GET /api/studio/campaigns/:id/winners': winners,
    })
    renderStudio('/campaign-ops', PUBLISHER)
    const menu = await screen.findByRole('menu', { name: '主菜单' })
    expect(within(menu).getByText('活动运营')).toBeInTheDocument()
    fireEvent.click(await screen.findByRole('button', { name: '主胜（8 人）' }))
    const dialog = await findDialog('确认录入“决赛”的结果为“主胜”？')
    expect(within(dialog).getByTestId('guess-confirm')).toHaveTextContent(
      '将奖励 8 个猜中的选择（每人 50 积分）',
    )
    fireEvent.click(within(dialog).getByRole('button', { name: '确认录入' }))
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/studio/campaigns/worldcup/guess/results')).toHaveLength(1),
    )
    expect(api.callsTo('POST', '/api/studio/campaigns/worldcup/guess/results')[0].body).toEqual({
      itemId: 'final',
      optionId: 'home',
    })
    expect(await screen.findByText('已录入，8 人猜中，奖励已发放')).toBeInTheDocument()
  })

  it('ships a physical prize from the winners list with carrier and tracking number', async () => {
    const api = stubStudioApi({
      'GET /api/studio/campaigns': campaigns,
      'GET /api/studio/campaigns/:id/guess': guess,
      'GET /api/studio/campaigns/:id/winners': winners,
      'POST /api/studio/campaigns/:id/gifts/:giftId/ship': {
        status: 'shipped',
        carrier: '顺丰速运',
        trackingNo: 'SF1234567890',
        shippedAt: '2026-11-26T10:00:00.000+08:00',
        deliveredAt: null,
      },
    })
    renderStudio('/campaign-ops?campaign=worldcup', PUBLISHER)
    fireEvent.click(await screen.findByRole('tab', { name: '中奖名单' }))
    expect(await screen.findByText('138****1234')).toBeInTheDocument()
    expect(screen.getByText('城市停车（人民广场店）')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: '发货' }))
    const dialog = await findDialog('发货：定制马克杯')
    fireEvent.mouseDown(within(dialog).getByRole('combobox'))
    fireEvent.click(await screen.findByTitle('顺丰速运'))
    fireEvent.change(within(dialog).getByPlaceholderText('例如 SF1234567890'), {
      target: { value: 'SF1234567890' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }))
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/studio/campaigns/worldcup/gifts/gift-1/ship')[0]?.body).toEqual({
        carrier: '顺丰速运',
        trackingNo: 'SF1234567890',
      }),
    )
    expect(await screen.findByText('已发货，已通知中奖用户')).toBeInTheDocument()
  })

  it('lets an editor read the masked winners only (no results, shipping, export or stock)', async () => {
    const api = stubStudioApi({
      'GET /api/studio/campaigns': campaigns,
      'GET /api/studio/campaigns/:id/winners': winners,
    })
    renderStudio('/campaign-ops', EDITOR)
    expect(await screen.findByText('138****1234')).toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: '竞猜结果' })).toBeNull()
    expect(screen.queryByRole('tab', { name: '奖品库存' })).toBeNull()
    expect(screen.queryByRole('button', { name: '发货' })).toBeNull()
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull()
    expect(api.callsTo('GET', '/api/studio/campaigns/worldcup/guess')).toHaveLength(0)
  })

  it('tops up a prize stock with a reason', async () => {
    const api = stubStudioApi({
      'GET /api/studio/campaigns': campaigns,
      'GET /api/studio/campaigns/:id/guess': guess,
      'GET /api/studio/campaigns/:id/prizes': {
        items: [
          {
            prizeId: 'mug',
            name: '定制马克杯',
            kind: 'physical',
            stock: 10,
            stockAdded: 0,
            awarded: 10,
            left: 0,
          },
        ],
      },
      'POST /api/studio/campaigns/:id/prizes/:prizeId/stock': {
        prizeId: 'mug',
        name: '定制马克杯',
        kind: 'physical',
        stock: 15,
        stockAdded: 5,
        awarded: 10,
        left: 5,
      },
    })
    renderStudio('/campaign-ops?campaign=worldcup', PUBLISHER)
    fireEvent.click(await screen.findByRole('tab', { name: '奖品库存' }))
    fireEvent.click(await screen.findByRole('button', { name: '补充库存' }))
    const dialog = await findDialog('补充库存：定制马克杯')
    fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '5' } })
    fireEvent.change(within(dialog).getByPlaceholderText('例如：赞助商追加 50 份'), {
      target: { value: '赞助商追加' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认补充' }))
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/studio/campaigns/worldcup/prizes/mug/stock')[0]?.body).toEqual({
        add: 5,
        reason: '赞助商追加',
      }),
    )
    expect(await screen.findByText('已补充 5，“定制马克杯”总库存 15')).toBeInTheDocument()
  })
})
