import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CampaignState } from '../../types/generated/api/campaign'
import type { Coupon, CouponList } from '../../types/generated/api/campaign'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'
import { reply, stubApi } from '../../../tests/src/harness'

// 领券 against the API stub: the coupon's benefit, what is left and my chances, a claim sent once with an
// Idempotency-Key that shows the code at once and in 我的券, and the states where nothing can be claimed.

const state = (id: string, extra: Partial<CampaignState> = {}): CampaignState => ({
  id,
  kind: 'coupon',
  title: '12月停车券',
  rules: null,
  startAt: '2026-12-01T00:00:00.000+08:00',
  endAt: '2026-12-31T23:59:59.000+08:00',
  status: 'live',
  seedHash: 'ab'.repeat(32),
  seed: null,
  prizes: [
    {
      id: 'parking',
      name: '2小时停车券',
      reward: '2小时停车券（合作停车场2小时停车，有效期至 2026-12-31）',
      left: 120,
    },
  ],
  chances: { left: 1, leftTotal: 1 },
  draws: [],
  notEligible: null,
  ...extra,
})

const coupon: Coupon = {
  id: 'c1',
  code: 'K7WQ-3M9T-XP2D',
  campaignId: 'parking-dec',
  campaignTitle: '12月停车券',
  name: '2小时停车券',
  benefit: '合作停车场2小时停车',
  status: 'usable',
  validFrom: '2026-12-02T10:00:00.000+08:00',
  validTo: '2026-12-31T23:59:59.000+08:00',
  usedAt: null,
  createdAt: '2026-12-02T10:00:00.000+08:00',
}
const list = (items: Coupon[]): CouponList => ({
  items,
  counts: { usable: items.length, used: 0, expired: 0 },
})

afterEach(() => vi.unstubAllGlobals())

describe('coupon block', () => {
  it('shows the coupon, claims it once, and shows the code in 我的券', async () => {
    let claimed = false
    const api = stubApi({
      'GET /api/campaigns/parking-dec': () =>
        claimed ? state('parking-dec', { chances: { left: 0, leftTotal: 0 } }) : state('parking-dec'),
      'GET /api/coupons': () => list(claimed ? [coupon] : []),
      'POST /api/campaigns/parking-dec/claims': () => {
        claimed = true
        return {
          entry: { id: 'e1', seq: 1, at: coupon.createdAt, policyId: null, policyNo: null },
          coupon,
          chances: { left: 0, leftTotal: 0 },
        }
      },
    })
    renderBlocks([{ type: 'coupon', campaign: 'parking-dec', label: '12月' }])
    expect(await screen.findByText('2小时停车券')).toBeInTheDocument()
    expect(screen.getByTestId('coupon-meta')).toHaveTextContent('剩余 120 张您还可领 1 张')
    expect(await screen.findByText('还没有领取本活动的券')).toBeInTheDocument()

    await userEvent.setup().click(screen.getByRole('button', { name: '立即领取' }))
    expect(await screen.findByTestId('coupon-claimed')).toHaveTextContent(
      '领取成功，券码 K7WQ-3M9T-XP2D，有效期至 2026-12-31 23:59',
    )
    const [sent] = api.callsTo('POST', '/api/campaigns/parking-dec/claims')
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
    expect(sent.body).toEqual({})
    await waitFor(() => expect(screen.getByTestId('coupon-mine')).toHaveTextContent('K7WQ-3M9T-XP2D'))
    expect(screen.getByTestId('coupon-mine')).toHaveTextContent('可使用')
    expect(screen.getByRole('button', { name: '已领取' })).toBeDisabled()
    expect(api.requested).toContain('/api/coupons?campaignId=parking-dec')
  })

  it('goes on with the block’s next action after a claim, and not after a refused one', async () => {
    let refuse = false
    stubApi({
      'GET /api/campaigns/then-coupon': state('then-coupon'),
      'GET /api/coupons': list([]),
      'POST /api/campaigns/then-coupon/claims': () =>
        refuse
          ? reply(409, { error: { code: 'NO_STOCK', message: '券已领完' } })
          : {
              entry: { id: 'e1', seq: 1, at: coupon.createdAt, policyId: null, policyNo: null },
              coupon,
              chances: { left: 0, leftTotal: 0 },
            },
    })
    const run = vi.fn(async () => {})
    const then = { type: 'navigate' as const, to: '/telecom/success' }
    const { unmount } = renderBlocks([{ type: 'coupon', campaign: 'then-coupon', then }], {
      runtime: { run },
    })
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即领取' }))
    await waitFor(() => expect(run).toHaveBeenCalledWith(then))
    unmount()
    refuse = true
    run.mockClear()
    renderBlocks([{ type: 'coupon', campaign: 'then-coupon', then }], { runtime: { run } })
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即领取' }))
    expect(await screen.findByText('券已领完')).toBeInTheDocument()
    expect(run).not.toHaveBeenCalled()
  })

  it('asks a visitor to log in and lists no coupons', async () => {
    const api = stubApi({ 'GET /api/campaigns/visitor-coupon': state('visitor-coupon', { chances: null }) })
    const run = vi.fn(async () => {})
    renderBlocks([{ type: 'coupon', campaign: 'visitor-coupon' }], { runtime: { run } })
    await userEvent.setup().click(await screen.findByRole('button', { name: '登录领取' }))
    expect(run).toHaveBeenCalledWith({ type: 'login' })
    expect(screen.queryByText('我的券')).toBeNull()
    expect(api.requested.some((r) => r.startsWith('/api/coupons'))).toBe(false)
  })

  it('keeps 我的券 in its place for a visitor the page knows is logged in, before the state confirms it', async () => {
    let answer: (value: CampaignState) => void = () => undefined
    stubApi({
      'GET /api/campaigns/known-coupon': () => new Promise<CampaignState>((resolve) => (answer = resolve)),
      'GET /api/coupons': list([coupon]),
    })
    renderBlocks([{ type: 'coupon', campaign: 'known-coupon' }], { runtime: { loggedIn: true } })
    // The state is still on its way: the section is there, loading, not added later below the coupon.
    expect(await screen.findByText('我的券')).toBeVisible()
    expect(screen.getByRole('button', { name: '查看我的全部券' })).toBeInTheDocument()
    answer(state('known-coupon'))
    expect(await screen.findByText('K7WQ-3M9T-XP2D')).toBeInTheDocument()
  })

  it('rendered for nobody, holds 我的券’s room hidden from assistive technology (shown by CSS to a session)', () => {
    stubApi({})
    const { container } = renderBlocks([{ type: 'coupon', campaign: 'html-coupon' }], {
      runtime: { prerendered: true },
    })
    const room = container.querySelector('.blk-coupon-mine.is-reserved')
    expect(room).not.toBeNull()
    expect(room).toHaveAttribute('aria-hidden', 'true')
  })

  it('cannot be claimed when none is left, today’s is taken, or the campaign has ended', async () => {
    stubApi({
      'GET /api/campaigns/empty-coupon': state('empty-coupon', {
        prizes: [{ ...state('x').prizes[0], left: 0 }],
      }),
      'GET /api/campaigns/today-coupon': state('today-coupon', { chances: { left: 0, leftTotal: 2 } }),
      'GET /api/campaigns/ended-coupon': state('ended-coupon', { status: 'ended' }),
      'GET /api/coupons': list([]),
    })
    renderBlocks([
      { type: 'coupon', campaign: 'empty-coupon' },
      { type: 'coupon', campaign: 'today-coupon' },
      { type: 'coupon', campaign: 'ended-coupon' },
    ])
    for (const name of ['已领完', '今日已领', '已结束'])
      expect(await screen.findByRole('button', { name })).toBeDisabled()
  })

  it('says why it could not load, and loads again', async () => {
    let fail = true
    stubApi({
      'GET /api/campaigns/broken-coupon': () =>
        fail
          ? reply(503, { error: { code: 'UNAVAILABLE', message: '服务繁忙，请稍后再试' } })
          : state('broken-coupon'),
      'GET /api/coupons': list([]),
    })
    renderBlocks([{ type: 'coupon', campaign: 'broken-coupon' }])
    expect(await screen.findByText('服务繁忙，请稍后再试')).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('button', { name: '立即领取' })).toBeEnabled()
  })
})
