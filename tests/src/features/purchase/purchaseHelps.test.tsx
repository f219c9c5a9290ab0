import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import InfoFillPage from '../../../../src/features/purchase/InfoFillPage'
import PaySuccessPage from '../../../../src/features/purchase/PaySuccessPage'
import SpecialNotifyPage from '../../../../src/features/purchase/SpecialNotifyPage'
import {
  closeDraft,
  editHolder,
  editInsured,
  enterPurchase,
  openDraft,
} from '../../../../src/features/purchase/draft'
import { renderScreen, stubApi } from '../../harness'
import { holder } from '../../../fixtures/people'
import { application, product, quote } from './fixtures'

// What helps a buyer through the purchase: the price on every step, forms that fill what we know and point at
// what is missing, the way on after the order exists, and one success page.

const QUERY = '?productId=p-med&applicationId=app-1'
const lastHolder = { ...holder, name: '王五' }

function api(extra: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/products/p-med': product,
    'GET /api/applications/app-1': application(),
    'POST /api/quotes': quote,
    ...extra,
  })
}

beforeEach(() => {
  closeDraft()
  sessionStorage.clear()
})

describe('the price on every step', () => {
  it('shows the trial’s premium with the plan on the gates, before any ID is typed', async () => {
    api()
    // This tab's draft, entered from the premium trial (the plan comes from the application).
    enterPurchase(
      'p-med',
      { planCode: '', coveragePeriod: '', paymentPeriod: '', effectiveDate: '' },
      { birthDate: '1990-03-07', gender: 'M', socialInsurance: 'Y' },
    )
    renderScreen(SpecialNotifyPage, `/specialNotify${QUERY}`)
    const bar = await screen.findByTestId('flow-price')
    await waitFor(() => expect(bar).toHaveTextContent('¥136'))
    expect(bar).toHaveTextContent('标准版 · 一次交清')
  })

  it('shows the amount about to be paid, the cover and the cooling-off period on /infoFill', async () => {
    api()
    openDraft('p-med')
    editHolder(lastHolder)
    editInsured({ ...lastHolder, relationType: '1', phone: '13800138000' })
    renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    await waitFor(() => expect(screen.getByTestId('amount-due')).toHaveTextContent('¥136'))
    // Coverage in the brochure's words, the same as the product page: 200万, not 2000000元.
    expect(screen.getByText('200万')).toBeInTheDocument()
    expect(screen.getByText(/犹豫期：自保单生效之日起15日内为犹豫期/)).toBeInTheDocument()
  })
})

describe('forms that help', () => {
  it('fills the policyholder from the last order and the phone from the login', async () => {
    api({
      'GET /api/orders': { items: [{ id: 'o0', holder: lastHolder }] },
      'GET /api/me': {
        id: 'u1',
        phone: '13912345678',
        phoneMasked: '139****5678',
        nickname: 'x',
        avatar: null,
        realName: null,
        createdAt: '',
      },
    })
    renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    await waitFor(() => expect(screen.getByLabelText('姓名')).toHaveValue('王五'))
    expect(screen.getByLabelText('证件号码')).toHaveValue('110101199003078515')
    expect(screen.getByLabelText('有效期起始日期')).toHaveTextContent('2020年1月1日')
    expect(screen.getByLabelText('手机号')).toHaveValue('13912345678')
  })

  it('on 下一步 with gaps: focuses the first field that needs care and says how many do', async () => {
    api()
    const user = userEvent.setup()
    renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    await user.click(await screen.findByRole('button', { name: '下一步：健康告知' }))
    await waitFor(() => expect(document.activeElement?.id).toBe('holder-name'))
    expect(await screen.findByText(/还有\d+项信息需要完善/)).toBeInTheDocument()
  })

  it('puts radio circles and their labels on one line (no display:block on nested labels)', async () => {
    api()
    renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    const radio = (await screen.findByText('有截止日期')).closest('label') as HTMLElement
    expect(radio.className).toContain('adm-radio')
    expect(radio.closest('.purchase-choices')).not.toBeNull()
    expect(document.querySelectorAll('.purchase-field > label:not(.purchase-field-label)')).toHaveLength(0)
  })

  it('gives ID numbers a digits keypad with an X key when the last character is due', async () => {
    api()
    const user = userEvent.setup()
    renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    const certNo = await screen.findByLabelText('证件号码')
    expect(certNo).toHaveAttribute('inputmode', 'numeric')
    await user.type(certNo, '11010119900307851')
    await user.click(screen.getByRole('button', { name: '输入X' }))
    expect(certNo).toHaveValue('11010119900307851X')
  })
})

describe('after the order exists', () => {
  it('leads back to the pending order from a purchase step, not to an error', async () => {
    api({
      'GET /api/applications/app-1': application({ orderId: 'o9' }),
      'GET /api/orders/o9': { id: 'o9', status: 'PENDING_PAYMENT', premiumFen: 13600 },
    })
    const user = userEvent.setup()
    const router = renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    expect(await screen.findByText('该投保申请已生成订单')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: '去支付' }))
    expect(router.state.location.pathname + router.state.location.search).toBe('/pay?orderId=o9')
  })

  it('ends every payment on one 投保成功 page with the policy number, cover start and cooling-off end', async () => {
    api({
      'GET /api/orders/o1': { id: 'o1', status: 'ISSUED', policyId: 'pol-1' },
      'GET /api/policies/pol-1': {
        id: 'pol-1',
        policyNo: 'GH2026112300000001',
        productName: '测试百万医疗险',
        planName: '标准版',
        premiumFen: 13600,
        insured: { name: '张三' },
        effectiveAt: '2026-11-24T00:00:00.000+08:00',
        coolingOffEndsAt: '2026-12-09T00:00:00.000+08:00',
      },
    })
    const user = userEvent.setup()
    const router = renderScreen(PaySuccessPage, '/paySuccess?orderId=o1')
    expect(await screen.findByText('投保成功')).toBeInTheDocument()
    expect(screen.getByTestId('policy-no')).toHaveTextContent('GH2026112300000001')
    expect(screen.getByText('2026-11-24 00:00')).toBeInTheDocument()
    expect(screen.getByText('2026-12-09 00:00')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '查看保单' }))
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/policy/policyDetail?id=pol-1',
    )
  })
})
