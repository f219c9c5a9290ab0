import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import ConfirmInformationPage from '../../../../src/features/partners/ConfirmInformationPage'
import SpecialNotifyPage from '../../../../src/features/partners/SpecialNotifyPage'
import { flowBindings } from '../../../../src/features/partners/flowState'
import { apiError, renderScreen, stubApi, tappable } from '../../harness'
import { order } from '../purchase/fixtures'
import { accident } from './fixtures'

// What the buyer sees around the partner's price: the charge period the order will have, a premium the partner
// re-priced at underwriting (shown and agreed before paying), and a quote that expired (re-quoted, not a dead end).

beforeEach(() => {
  sessionStorage.clear()
  for (const b of Object.values(flowBindings)) b.reset()
})

const location = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search

describe('确认信息', () => {
  it('shows the product’s payment period (一次交清) as the order will have it, not 年交', async () => {
    stubApi({ 'GET /api/partner/products/ht-accident': accident })
    renderScreen(ConfirmInformationPage, '/huaTaiApi/confirmInformation?productId=ht-accident')
    const plan = (await screen.findByRole('heading', { name: '投保方案' })).closest('section') as HTMLElement
    expect(within(plan).getByText('交费方式').parentElement).toHaveTextContent('一次交清')
    expect(screen.queryByText('年交')).not.toBeInTheDocument()
    await waitFor(() => expect(flowBindings.huatai.state.product.chargePeriodType).toBe('single'))
  })
})

describe('投保须知, submitted', () => {
  beforeEach(() => {
    flowBindings.huatai.extras.quote = {
      quoteId: 'qt-1',
      premiumFen: 9900,
      expiresAt: '2099-01-01T00:00:00Z',
    }
    flowBindings.huatai.extras.healthAnswers = { q1: false, q2: false }
  })

  async function submit() {
    const user = userEvent.setup()
    const router = renderScreen(SpecialNotifyPage, '/huaTaiApi/specialNotify?productId=ht-accident')
    await user.click(await screen.findByText(/我已阅读并同意投保须知及保险条款/))
    await user.click(screen.getByRole('button', { name: '提交投保' }))
    return { user, router }
  }

  const repriced = {
    orderId: 'o-7',
    underwritingNo: 'UW7',
    premiumFen: 19900,
    premiumChanged: { quotedFen: 9900, premiumFen: 19900 },
  }

  it('a premium re-priced at underwriting is shown (¥99 → ¥199) and agreed before going to pay', async () => {
    const api = stubApi({
      'GET /api/partner/products/ht-accident': accident,
      'POST /api/partner/applications': repriced,
      'POST /api/partner/orders/o-7/premium-agreement': {
        orderId: 'o-7',
        premiumFen: 19900,
        agreedAt: '2026-11-25T04:00:00.000Z',
      },
    })
    const { user, router } = await submit()
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('保费已调整')
    const change = within(dialog).getByTestId('premium-change')
    expect(within(change).getByText('原保费').parentElement).toHaveTextContent('¥99')
    expect(within(change).getByText('核保后保费').parentElement).toHaveTextContent('¥199')
    // Until agreed, the price on the screen is the one the buyer agreed to.
    expect(screen.getAllByText('¥99', { selector: '.purchase-price' }).length).toBeGreaterThan(0)
    expect(screen.queryAllByText('¥199', { selector: '.purchase-price' })).toEqual([])
    expect(location(router)).toBe('/huaTaiApi/specialNotify?productId=ht-accident')
    await user.click(await tappable(within(dialog).getByRole('button', { name: '同意并支付' })))
    await waitFor(() => expect(location(router)).toBe('/pay?orderId=o-7'))
    expect(api.callsTo('POST', '/api/partner/orders/o-7/premium-agreement')).toHaveLength(1)
  })

  it('放弃投保 cancels the re-priced order and goes back to the product, nothing paid', async () => {
    const api = stubApi({
      'GET /api/partner/products/ht-accident': accident,
      'POST /api/partner/applications': repriced,
      'POST /api/orders/o-7/cancel': order({ id: 'o-7', status: 'CLOSED' }),
    })
    const { user, router } = await submit()
    const dialog = await screen.findByRole('dialog')
    await user.click(await tappable(within(dialog).getByRole('button', { name: '放弃投保' })))
    await waitFor(() => expect(location(router)).toBe('/huaTaiApi/productDetails?productId=ht-accident'))
    expect(api.callsTo('POST', '/api/orders/o-7/cancel')).toHaveLength(1)
    expect(api.callsTo('POST', '/api/partner/orders/o-7/premium-agreement')).toHaveLength(0)
    expect(flowBindings.huatai.extras.quote).toBeNull()
  })

  it('an expired quote offers 重新报价: the same information is priced again and the application goes on', async () => {
    flowBindings.huatai.write('holder', { name: '张三' })
    const api = stubApi({
      'GET /api/partner/products/ht-accident': accident,
      'POST /api/partner/applications': (call) =>
        (call.body as { quoteId: string }).quoteId === 'qt-1'
          ? apiError(409, 'QUOTE_EXPIRED', '报价已过期，请重新确认投保信息')
          : { orderId: 'o-8', underwritingNo: 'UW8', premiumFen: 9900 },
      'POST /api/partner/quotes': { quoteId: 'qt-2', premiumFen: 9900, expiresAt: '2099-01-01T00:00:00Z' },
    })
    const { user, router } = await submit()
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('报价已过期')
    expect(dialog).toHaveTextContent('已填写的信息均已保留')
    await user.click(await tappable(within(dialog).getByRole('button', { name: '重新报价' })))
    await waitFor(() => expect(location(router)).toBe('/pay?orderId=o-8'))
    const [quote] = api.callsTo('POST', '/api/partner/quotes')
    expect(quote.body).toMatchObject({ productId: 'ht-accident', holder: { name: '张三' } })
    expect(
      api.callsTo('POST', '/api/partner/applications').map((c) => (c.body as { quoteId: string }).quoteId),
    ).toEqual(['qt-1', 'qt-2'])
  })
})
