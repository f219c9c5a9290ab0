import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import CouponsPage from '../../../../src/features/campaigns/CouponsPage'
import PrizesPage from '../../../../src/features/campaigns/PrizesPage'
import type { Coupon, CouponList, Prize } from '../../../../src/types/generated/api/campaign'
import type { Exchange } from '../../../../src/types/generated/api/gift'
import { apiError, renderScreen, reply, stubApi, tappable } from '../../harness'

// 我的券 and 我的奖品 against the API stub: coupons by their status at server time with their codes, one used
// after a confirmation; a physical prize's address checked, sent once, then shown instead of the form.

const coupon = (id: string, status: Coupon['status'], extra: Partial<Coupon> = {}): Coupon => ({
  id,
  code: `K7WQ-3M9T-XP${id.toUpperCase().padStart(2, '0')}`,
  campaignId: 'trialfee-lottery',
  campaignTitle: '试算有礼抽奖',
  name: '2小时停车券',
  benefit: '合作停车场2小时停车',
  status,
  validFrom: '2026-11-25T10:00:00.000+08:00',
  validTo: '2026-12-25T10:00:00.000+08:00',
  usedAt: status === 'used' ? '2026-11-26T09:30:00.000+08:00' : null,
  createdAt: '2026-11-25T10:00:00.000+08:00',
  ...extra,
})
const list = (items: Coupon[]): CouponList => ({
  items,
  counts: {
    usable: items.filter((c) => c.status === 'usable').length,
    used: items.filter((c) => c.status === 'used').length,
    expired: items.filter((c) => c.status === 'expired').length,
  },
})

describe('/coupons', () => {
  it('lists codes exchanged for points with their expiry and a 复制 button, by status like coupons', async () => {
    const exchange = (id: string, giftName: string, codeStatus: 'usable' | 'expired'): Exchange => ({
      id,
      giftId: `g-${id}`,
      giftName,
      kind: 'virtual',
      currency: 'point',
      price: 100,
      status: 'FULFILLED',
      code: `ABCD-EFGH-JKLM-NP${id.toUpperCase()}`,
      codeValidTo: '2027-02-23T10:00:00.000+08:00',
      codeStatus,
      address: null,
      createdAt: '2026-11-25T10:00:00.000+08:00',
      fulfilledAt: '2026-11-25T10:00:00.000+08:00',
      cancelledAt: null,
    })
    stubApi({
      'GET /api/coupons': () => list([coupon('a1', 'usable')]),
      'GET /api/exchanges': {
        items: [
          exchange('q2', '体检套餐5折券', 'usable'),
          exchange('r3', '视频会员月卡', 'expired'),
          {
            ...exchange('s4', '保温杯', 'usable'),
            kind: 'physical',
            code: null,
            codeValidTo: null,
            codeStatus: null,
          },
        ],
      },
    })
    const user = userEvent.setup()
    renderScreen(CouponsPage, '/coupons')
    const card = await screen.findByTestId('exchange-code-card')
    expect(screen.getAllByTestId('coupon-card')).toHaveLength(1)
    expect(card).toHaveTextContent('体检套餐5折券可使用兑换码 ABCD-EFGH-JKLM-NPQ2')
    expect(card).toHaveTextContent('有效期至 2027-02-23 10:00')
    expect(screen.getByRole('tab', { name: '可使用（2）' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: '已过期（1）' })).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: '复制兑换码 ABCD-EFGH-JKLM-NPQ2' }))
    expect(await navigator.clipboard.readText()).toBe('ABCD-EFGH-JKLM-NPQ2')
    expect(await screen.findByText('兑换码已复制')).toBeInTheDocument()
    expect(screen.queryByText('保温杯')).toBeNull()
  })

  it('copies a coupon’s code with one tap, its expiry beside it', async () => {
    stubApi({ 'GET /api/coupons': () => list([coupon('a1', 'usable')]) })
    const user = userEvent.setup()
    renderScreen(CouponsPage, '/coupons')
    const card = await screen.findByTestId('coupon-card')
    expect(card).toHaveTextContent('有效期 2026-11-25 10:00 至 2026-12-25 10:00')
    await user.click(within(card).getByRole('button', { name: '复制券码 K7WQ-3M9T-XPA1' }))
    expect(await navigator.clipboard.readText()).toBe('K7WQ-3M9T-XPA1')
    expect(await screen.findByText('券码已复制')).toBeInTheDocument()
  })

  it('shows each tab’s coupons with their codes and uses one after a confirmation', async () => {
    let used = false
    const api = stubApi({
      'GET /api/coupons': () =>
        list([coupon('a1', used ? 'used' : 'usable'), coupon('b2', 'expired', { name: '洗车券' })]),
      'POST /api/coupons/a1/use': () => {
        used = true
        return coupon('a1', 'used')
      },
    })
    renderScreen(CouponsPage, '/coupons')
    const card = await screen.findByTestId('coupon-card')
    expect(card).toHaveTextContent('2小时停车券可使用合作停车场2小时停车券码 K7WQ-3M9T-XPA1')
    expect(card).toHaveTextContent('有效期 2026-11-25 10:00 至 2026-12-25 10:00')
    expect(screen.getByText('可使用（1）')).toBeInTheDocument()
    expect(screen.getByText('已过期（1）')).toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(within(card).getByRole('button', { name: '使用' }))
    await user.click(await tappable(await screen.findByRole('button', { name: '确认使用' })))
    await waitFor(() => expect(api.callsTo('POST', '/api/coupons/a1/use')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/coupons/a1/use')[0].headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{32}$/,
    )
    expect(await screen.findByText('没有可使用的券')).toBeInTheDocument()

    await user.click(screen.getByText('已使用（1）'))
    expect(await screen.findByTestId('coupon-card')).toHaveTextContent('使用时间 2026-11-26 09:30')
    expect(screen.queryByRole('button', { name: '使用' })).toBeNull()
    await user.click(screen.getByText('已过期（1）'))
    expect(await screen.findByTestId('coupon-card')).toHaveTextContent('洗车券已过期')
  })

  it('asks a visitor to log in', async () => {
    stubApi({ 'GET /api/coupons': apiError(401, 'UNAUTHENTICATED', '请先登录') })
    renderScreen(CouponsPage, '/coupons')
    expect(await screen.findByRole('button', { name: '去登录' })).toBeInTheDocument()
  })
})

describe('/prizes', () => {
  const prize: Prize = {
    id: 'g1',
    campaignId: 'trialfee-lottery',
    campaignTitle: '试算有礼抽奖',
    name: '保温杯',
    description: '316不锈钢保温杯',
    address: null,
    addressAt: null,
    createdAt: '2026-11-25T10:00:00.000+08:00',
  }

  it('takes the delivery address once, checked, and then shows it', async () => {
    let saved: Prize | null = null
    const api = stubApi({
      'GET /api/prizes': () => ({ items: [saved ?? prize] }),
      'PUT /api/prizes/g1/address': (call) => {
        saved = {
          ...prize,
          address: call.body as Prize['address'],
          addressAt: '2026-11-25T11:00:00.000+08:00',
        }
        return saved
      },
    })
    renderScreen(PrizesPage, '/prizes')
    expect(await screen.findByTestId('prize-card')).toHaveTextContent('保温杯待填写地址316不锈钢保温杯')
    const user = userEvent.setup()
    // The form loads with the first prize that waits for its address.
    await user.type(await screen.findByRole('textbox', { name: '收件人' }), '李四')
    await user.type(screen.getByRole('textbox', { name: '手机号' }), '12345')
    await user.type(screen.getByRole('textbox', { name: '所在地区' }), '上海市浦东新区')
    await user.type(screen.getByPlaceholderText('街道、门牌号'), '世纪大道100号')
    await user.click(screen.getByRole('button', { name: '提交收货地址' }))
    expect(await screen.findByText('请输入正确的收件人手机号')).toBeInTheDocument()
    expect(api.callsTo('PUT', '/api/prizes/g1/address')).toHaveLength(0)
    await user.clear(screen.getByRole('textbox', { name: '手机号' }))
    await user.type(screen.getByRole('textbox', { name: '手机号' }), '13900001111')
    await user.click(screen.getByRole('button', { name: '提交收货地址' }))
    expect(await screen.findByTestId('prize-address')).toHaveTextContent(
      '李四 139****1111上海市浦东新区世纪大道100号',
    )
    expect(api.callsTo('PUT', '/api/prizes/g1/address')[0].body).toEqual({
      name: '李四',
      phone: '13900001111',
      region: '上海市浦东新区',
      detail: '世纪大道100号',
    })
  })

  it('says when there is nothing yet', async () => {
    stubApi({ 'GET /api/prizes': { items: [] } })
    renderScreen(PrizesPage, '/prizes')
    expect(await screen.findByText('还没有实物奖品')).toBeInTheDocument()
  })

  it('shows the server’s refusal', async () => {
    stubApi({ 'GET /api/prizes': reply(500, { error: { code: 'INTERNAL', message: '服务暂时不可用' } }) })
    renderScreen(PrizesPage, '/prizes')
    expect(await screen.findByText('服务暂时不可用')).toBeInTheDocument()
  })
})
