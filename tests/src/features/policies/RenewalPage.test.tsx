import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import RenewalPage from '../../../../src/features/policies/RenewalPage'
import type { Renewal } from '../../../../src/types/generated/api/renewal'
import { renderScreen, reply, stubApi } from '../../harness'
import { me } from '../member/fixtures'

// /renewal against the API stub: the renewal premium for the age on the new start date, 一键续保 into the
// purchase flow pre-filled, the auto-renewal switch with what would be charged, and the empty and logged-out states.
const renewal = (extra: Partial<Renewal> = {}): Renewal => ({
  policyId: 'pol-1',
  policyNo: 'GH2026112200000001',
  productId: 'p-medical-million',
  productName: '云禾百万医疗险（2026版）',
  planCode: 'standard',
  planName: '标准版',
  coveragePeriod: '1y',
  paymentPeriod: 'single',
  insuredName: '张三',
  insuredBirthDate: '1990-03-07',
  insuredGender: 'M',
  socialInsurance: 'Y',
  lastDay: '2027-11-22',
  daysLeft: 22,
  newStartDate: '2027-11-23',
  currentPremiumFen: 18400,
  renewalPremiumFen: 21300,
  ageOnNewStart: 37,
  unavailableReason: null,
  autoRenew: false,
  renewalOrder: null,
  ...extra,
})

describe('/renewal', () => {
  it('shows the renewal premium, switches auto-renewal with the charge shown, and renews in one tap', async () => {
    let autoRenew = false
    const api = stubApi({
      'GET /api/me': me(),
      'GET /api/renewals': () => ({ windowDays: 60, items: [renewal({ autoRenew })] }),
      'PUT /api/policies/:id/auto-renew': (call) => {
        autoRenew = (call.body as { enabled: boolean }).enabled
        return renewal({ autoRenew })
      },
    })
    const router = renderScreen(RenewalPage, '/renewal')
    const card = await screen.findByTestId('renewal-card')
    expect(card).toHaveTextContent('22天后到期')
    expect(within(card).getByTestId('renewal-premium')).toHaveTextContent(
      '¥213（2027-11-23 生效，被保险人 37 周岁）',
    )
    expect(screen.queryByTestId('renewal-charge')).toBeNull()

    const user = userEvent.setup()
    await user.click(within(card).getByRole('switch', { name: '云禾百万医疗险（2026版）自动续保' }))
    expect(await screen.findByTestId('renewal-charge')).toHaveTextContent(
      '到期后将自动续保，预计 2027-11-23 扣费 ¥213（演示环境不会真实扣费）',
    )
    expect(api.callsTo('PUT', '/api/policies/pol-1/auto-renew')[0].body).toEqual({ enabled: true })

    await user.click(within(card).getByRole('button', { name: '一键续保' }))
    expect(router.state.location.pathname).toBe('/specialNotify')
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      productId: 'p-medical-million',
      plan: 'standard',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      birthDate: '1990-03-07',
      gender: 'M',
      socialInsurance: 'Y',
      renew: 'pol-1',
    })
  })

  it('leads to the renewal order once one is made, instead of renewing twice', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/renewals': {
        windowDays: 60,
        items: [renewal({ renewalOrder: { orderId: 'o-9', status: 'PENDING_PAYMENT' } })],
      },
    })
    const router = renderScreen(RenewalPage, '/renewal')
    const card = await screen.findByTestId('renewal-card')
    expect(within(card).queryByRole('button', { name: '一键续保' })).toBeNull()
    await userEvent.setup().click(within(card).getByRole('button', { name: '续保订单待支付，去支付' }))
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/pay?orderId=o-9')
  })

  it('says why a policy cannot be renewed and offers no 一键续保', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/renewals': {
        windowDays: 60,
        items: [
          renewal({
            renewalPremiumFen: null,
            ageOnNewStart: null,
            unavailableReason: '被保险人已66周岁，超过本产品承保年龄（出生满28天至65周岁）',
          }),
        ],
      },
    })
    renderScreen(RenewalPage, '/renewal')
    const card = await screen.findByTestId('renewal-card')
    expect(card).toHaveTextContent('暂不可续保：被保险人已66周岁')
    expect(within(card).getByRole('button', { name: '一键续保' })).toBeDisabled()
    expect(within(card).getByRole('switch')).toHaveAttribute('aria-disabled', 'true')
  })

  it('shows the empty state, and offers login when logged out', async () => {
    stubApi({ 'GET /api/me': me(), 'GET /api/renewals': { windowDays: 60, items: [] } })
    renderScreen(RenewalPage, '/renewal')
    expect(await screen.findByText('60天内没有到期的保单')).toBeInTheDocument()
  })

  it('offers login to a visitor', async () => {
    stubApi({ 'GET /api/me': reply(401, { error: { code: 'UNAUTHENTICATED', message: '请先登录' } }) })
    const router = renderScreen(RenewalPage, '/renewal')
    await userEvent.setup().click(await screen.findByRole('button', { name: '登录/注册' }))
    expect(router.state.location.pathname).toBe('/Login')
  })
})
