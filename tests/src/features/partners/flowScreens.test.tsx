import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import ProductDetailsPage from '../../../../src/features/partners/ProductDetailsPage'
import ConfirmInformationPage from '../../../../src/features/partners/ConfirmInformationPage'
import HealthNotificationPage from '../../../../src/features/partners/HealthNotificationPage'
import SpecialNotifyPage from '../../../../src/features/partners/SpecialNotifyPage'
import InsuredSuccessPage from '../../../../src/features/partners/InsuredSuccessPage'
import { flowBindings, partnerDraftKey } from '../../../../src/features/partners/flowState'
import { apiError, renderScreen, stubApi, tappable } from '../../harness'
import { accident, regression, travel } from './fixtures'

beforeEach(() => {
  sessionStorage.clear()
  for (const b of Object.values(flowBindings)) b.reset()
  stubApi({
    'GET /api/partner/products/ht-accident': accident,
    'GET /api/partner/products/ht-regression': regression,
    'GET /api/partner/products/ht-travel': travel,
  })
})

const stage = (title: string) =>
  within(screen.getByTestId('partner-steps')).getByText(title).closest('.adm-step') as HTMLElement

describe('the step bar', () => {
  it('shows the six stages with 产品详情 current and the price, and goes on to 确认信息', async () => {
    const user = userEvent.setup()
    const router = renderScreen(
      ProductDetailsPage,
      '/huaTaiApiRegression/productDetails?productId=ht-regression',
    )
    expect(await screen.findByRole('heading', { name: '华汀职护意外险' })).toBeInTheDocument()
    const bar = screen.getByTestId('partner-steps')
    for (const title of ['产品详情', '确认信息', '健康告知', '填写信息', '投保须知', '支付'])
      expect(within(bar).getByText(title)).toBeInTheDocument()
    expect(stage('产品详情')).toHaveClass('adm-step-status-process')
    expect(stage('确认信息')).toHaveClass('adm-step-status-wait')
    expect(screen.getByTestId('flow-price')).toHaveTextContent('¥299')
    expect(screen.getByText('5类、6类职业暂不可投保')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '立即投保' }))
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/huaTaiApiRegression/confirmInformation?productId=ht-regression',
      ),
    )
  })

  it('stays under the in-app layout (/app/…) from step to step', async () => {
    const user = userEvent.setup()
    stubApi({ 'GET /api/partner/products/ht-accident': accident })
    const router = renderScreen(ProductDetailsPage, '/app/huaTaiApi/productDetails?productId=ht-accident')
    await user.click(await screen.findByRole('button', { name: '立即投保' }))
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/app/huaTaiApi/confirmInformation?productId=ht-accident',
      ),
    )
  })

  it('marks the earlier stages done on a later step', async () => {
    renderScreen(HealthNotificationPage, '/huaTaiApi/healthNotification?productId=ht-accident')
    expect(await screen.findByText('1. 被保险人目前是否患有严重疾病？')).toBeInTheDocument()
    expect(stage('产品详情')).toHaveClass('adm-step-status-finish')
    expect(stage('确认信息')).toHaveClass('adm-step-status-finish')
    expect(stage('健康告知')).toHaveClass('adm-step-status-process')
  })

  it('refuses a product opened under another flow', async () => {
    renderScreen(ProductDetailsPage, '/huaTaiApi/productDetails?productId=ht-travel')
    expect(await screen.findByText('产品与投保流程不符')).toBeInTheDocument()
  })
})

describe('确认信息 and 健康告知 write the flow state', () => {
  it('keeps the travel insured’s typed name when the relation changes, and saves the draft', async () => {
    const user = userEvent.setup()
    flowBindings.huataitravel.write('insured', { name: '张小明' })
    renderScreen(ConfirmInformationPage, '/huaTaiApiTravel/confirmInformation?productId=ht-travel')
    await user.click(await screen.findByText('子女'))
    await user.click(screen.getByText('无社保'))
    expect(flowBindings.huataitravel.state.insured).toMatchObject({
      relationType: '3',
      hasSocialInsurance: 'N',
      name: '张小明',
    })
    await waitFor(() =>
      expect(sessionStorage.getItem(partnerDraftKey('huataitravel'))).toContain('"relationType":"3"'),
    )
  })

  it('stops at a 是 answer and goes on when all are 否', async () => {
    const user = userEvent.setup()
    const router = renderScreen(HealthNotificationPage, '/huaTaiApi/healthNotification?productId=ht-accident')
    await user.click(await screen.findByLabelText('第1题 是'))
    await user.click(screen.getByLabelText('第2题 否'))
    expect(screen.getByText('根据健康告知，被保险人暂不符合本产品的投保条件')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '暂不可投保' })).toBeDisabled()
    await user.click(screen.getByLabelText('第1题 否'))
    await user.click(screen.getByRole('button', { name: '下一步' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/huaTaiApi/infoFill'))
    expect(flowBindings.huatai.extras.healthAnswers).toEqual({ q1: false, q2: false })
  })
})

describe('投保须知 and the application', () => {
  beforeEach(() => {
    flowBindings.huatai.extras.quote = {
      quoteId: 'qt-1',
      premiumFen: 9900,
      expiresAt: '2099-01-01T00:00:00Z',
    }
    flowBindings.huatai.extras.healthAnswers = { q1: false, q2: false }
  })

  it('submits the quote with the answers once agreed, then goes to /pay', async () => {
    const user = userEvent.setup()
    const api = stubApi({
      'GET /api/partner/products/ht-accident': accident,
      'POST /api/partner/applications': { orderId: 'o-9', underwritingNo: 'UW1', premiumFen: 9900 },
    })
    const router = renderScreen(SpecialNotifyPage, '/huaTaiApi/specialNotify?productId=ht-accident')
    expect(await screen.findByText('本产品由华汀保险承保。')).toBeInTheDocument()
    const submit = screen.getByRole('button', { name: '提交投保' })
    expect(submit).toBeDisabled()
    await user.click(screen.getByText(/我已阅读并同意投保须知及保险条款/))
    await user.click(submit)
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/pay?orderId=o-9'),
    )
    const [call] = api.callsTo('POST', '/api/partner/applications')
    expect(call.body).toEqual({ quoteId: 'qt-1', healthAnswers: { q1: false, q2: false } })
    expect(call.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
  })

  it('opens a clause in full before the customer agrees to it', async () => {
    // The sheet animates in with pointer-events off: a user taps it once shown.
    const user = userEvent.setup()
    stubApi({ 'GET /api/partner/products/ht-accident': accident })
    renderScreen(SpecialNotifyPage, '/huaTaiApi/specialNotify?productId=ht-accident')
    await user.click(await screen.findByText('《华汀意外伤害保险条款》'))
    const sheet = await screen.findByRole('dialog', { name: '华汀意外伤害保险条款' })
    // The text comes with its renderer's chunk, loaded with the first document opened.
    expect(await within(sheet).findByText('第一条 保险责任')).toBeInTheDocument()
    expect(sheet).toHaveTextContent('第一条 保险责任')
    expect(sheet).toHaveTextContent('被保险人遭受意外伤害的，本公司按约定给付保险金。')
    await user.click(await tappable(within(sheet).getByRole('button', { name: '我知道了' })))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '华汀意外伤害保险条款' })).toBeNull())
  })

  it('shows the partner’s refusal and does not go to payment', async () => {
    const user = userEvent.setup()
    stubApi({
      'GET /api/partner/products/ht-accident': accident,
      'POST /api/partner/applications': apiError(
        422,
        'UNDERWRITING_REFUSED',
        '华汀保险核保未通过：被保险人不符合承保条件',
      ),
    })
    const router = renderScreen(SpecialNotifyPage, '/huaTaiApi/specialNotify?productId=ht-accident')
    await user.click(await screen.findByText(/我已阅读并同意投保须知及保险条款/))
    await user.click(screen.getByRole('button', { name: '提交投保' }))
    const refusal = await screen.findByTestId('partner-refusal')
    expect(refusal).toHaveTextContent('核保未通过')
    expect(refusal).toHaveTextContent('华汀保险核保未通过：被保险人不符合承保条件')
    expect(router.state.location.pathname).toBe('/huaTaiApi/specialNotify')
    expect(screen.queryByRole('button', { name: '提交投保' })).not.toBeInTheDocument()
  })

  it('the partner unreachable: a notice that stays, nothing paid, the same quote submitted again goes through', async () => {
    const user = userEvent.setup()
    let down = true
    const api = stubApi({
      'GET /api/partner/products/ht-accident': accident,
      'POST /api/partner/applications': () =>
        down
          ? apiError(503, 'PARTNER_UNAVAILABLE', '保险公司系统繁忙，请稍后重试')
          : { orderId: 'o-10', underwritingNo: 'UW2', premiumFen: 9900 },
    })
    const router = renderScreen(SpecialNotifyPage, '/huaTaiApi/specialNotify?productId=ht-accident')
    await user.click(await screen.findByText(/我已阅读并同意投保须知及保险条款/))
    await user.click(screen.getByRole('button', { name: '提交投保' }))
    const notice = await screen.findByTestId('partner-unavailable')
    expect(notice).toHaveTextContent('保险公司系统繁忙，请稍后重试')
    expect(notice).toHaveTextContent('本次未投保、未扣款，已填写的信息已保存')
    expect(router.state.location.pathname).toBe('/huaTaiApi/specialNotify')
    down = false
    await user.click(screen.getByRole('button', { name: '提交投保' }))
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/pay?orderId=o-10'),
    )
    const calls = api.callsTo('POST', '/api/partner/applications')
    expect(calls.map((c) => (c.body as { quoteId: string }).quoteId)).toEqual(['qt-1', 'qt-1'])
  })
})

describe('insured success', () => {
  it('shows 保单出具中 until the partner has issued, then the partner’s policy number', async () => {
    let issued = false
    stubApi({
      'GET /api/partner/orders/o-9': () =>
        issued
          ? {
              orderId: 'o-9',
              productId: 'ht-accident',
              status: 'ISSUED',
              partnerStatus: 'ISSUED',
              policyId: 'pol-1',
              partnerPolicyNo: 'HT2026000001',
            }
          : {
              orderId: 'o-9',
              productId: 'ht-accident',
              status: 'PAID',
              partnerStatus: 'ISSUING',
              message: '保单出具中',
            },
    })
    sessionStorage.setItem(partnerDraftKey('huatai'), '{"sections":{},"extras":{}}')
    renderScreen(InsuredSuccessPage, '/insuredSuccess?orderId=o-9')
    expect(await screen.findByText('保单出具中')).toBeInTheDocument()
    issued = true
    expect(await screen.findByText('投保成功', {}, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.getByTestId('partner-policy-no')).toHaveTextContent('HT2026000001')
    // The application is done: its draft is gone.
    await waitFor(() => expect(sessionStorage.getItem(partnerDraftKey('huatai'))).toBeNull())
  })

  it('says the issue failed and was refunded', async () => {
    stubApi({
      'GET /api/partner/orders/o-8': {
        orderId: 'o-8',
        productId: 'ht-air',
        status: 'PAID',
        partnerStatus: 'ISSUE_FAILED',
        message: '出单失败，已为您退款',
      },
    })
    renderScreen(InsuredSuccessPage, '/insuredSuccess?orderId=o-8')
    expect(await screen.findByText('出单失败')).toBeInTheDocument()
    expect(screen.getByText('出单失败，已为您退款')).toBeInTheDocument()
  })
})
