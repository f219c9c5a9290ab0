import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCompare, compareTray } from '../../../../../src/features/catalog/compare/compareTray'
import { ageOn, shanghaiDate } from '../../../../../src/domain/age'
import ProductInfoPage from '../../../../../src/features/catalog/product/ProductInfoPage'
import ProductPage from '../../../../../src/features/catalog/product/ProductPage'
import { me } from '../../member/fixtures'
import { detail } from '../shopping/fixtures'
import { renderScreen, stubApi, type RecordedCall, reply } from '../../../harness'

interface QuoteBody {
  planCode: string
  birthDate: string
  gender: string
  coveragePeriod: string
  paymentPeriod: string
  socialInsurance: string
}

/** Prices like the server would for the fixture: the plan's base, 100 fen off for women. */
function quote(call: RecordedCall) {
  const body = call.body as QuoteBody
  const age = ageOn(body.birthDate, shanghaiDate(Date.now()))
  const premiumFen = (body.planCode === 'plus' ? 460_000 : 280_000) - (body.gender === 'F' ? 100 : 0)
  return {
    premiumFen,
    ageOnEffectiveDate: age,
    effectiveDate: '2026-11-23',
    planCode: body.planCode,
    coveragePeriod: body.coveragePeriod,
    paymentPeriod: body.paymentPeriod,
  }
}

function api(loggedIn: boolean) {
  return stubApi({
    'GET /api/products/p-ci': detail('p-ci'),
    'POST /api/quotes': quote,
    'GET /api/me': loggedIn ? me() : reply(401, { error: { code: 'UNAUTHENTICATED', message: '请先登录' } }),
  })
}

const result = () => screen.getByTestId('trial-result')

beforeEach(() => clearCompare())
afterEach(() => vi.unstubAllGlobals())

describe('/product', () => {
  it('shows plans, coverage amounts, age limits, waiting and cooling-off periods', async () => {
    api(false)
    renderScreen(ProductPage, '/product?id=p-ci')
    expect(await screen.findByRole('heading', { name: '康享重疾p-ci' })).toBeInTheDocument()
    const rules = screen.getByRole('region', { name: '投保规则' })
    expect(rules).toHaveTextContent('出生满28天至55周岁')
    expect(rules).toHaveTextContent('90天')
    expect(rules).toHaveTextContent('15天')
    const coverage = screen.getByRole('region', { name: '保障内容' })
    expect(coverage).toHaveTextContent('重大疾病30万')
    expect(coverage).toHaveTextContent('轻症9万')
    // A critical-illness product offers a call about critical illness cover.
    expect(screen.getByRole('link', { name: '预约顾问免费讲解' })).toHaveAttribute(
      'href',
      '/productAppointment/critical',
    )
  })

  it('prices the default factors, re-prices on every change, and follows the plan in the coverage list', async () => {
    const calls = api(false)
    renderScreen(ProductPage, '/product?id=p-ci')
    await waitFor(() => expect(result()).toHaveTextContent('¥2800/年'))
    const first = calls.callsTo('POST', '/api/quotes')[0].body as QuoteBody
    expect(first).toMatchObject({
      productId: 'p-ci',
      planCode: 'standard',
      gender: 'M',
      coveragePeriod: 'to70',
      paymentPeriod: '10',
      socialInsurance: 'Y',
    })
    expect(ageOn(first.birthDate, shanghaiDate(Date.now()))).toBe(30)

    const trial = screen.getByRole('region', { name: '保费试算' })
    await userEvent.click(
      within(within(trial).getByRole('group', { name: '保障计划' })).getByText('50万保额'),
    )
    await waitFor(() => expect(result()).toHaveTextContent('¥4600/年'))
    expect(screen.getByRole('region', { name: '保障内容' })).toHaveTextContent('身故50万')

    await userEvent.click(within(within(trial).getByRole('group', { name: '性别' })).getByText('女'))
    await waitFor(() => expect(result()).toHaveTextContent('¥4599/年'))
    await userEvent.click(within(within(trial).getByRole('group', { name: '交费期间' })).getByText('20年交'))
    await waitFor(() =>
      expect((calls.callsTo('POST', '/api/quotes').at(-1)?.body as QuoteBody).paymentPeriod).toBe('20'),
    )
  })

  it('shows the Chinese refusal and blocks 立即投保 when the insured cannot be insured', async () => {
    const reason = '被保险人已60周岁，超过本产品承保年龄（出生满28天至55周岁）'
    stubApi({
      'GET /api/products/p-ci': detail('p-ci'),
      'POST /api/quotes': reply(422, { error: { code: 'NOT_INSURABLE', message: reason } }),
    })
    renderScreen(ProductPage, '/product?id=p-ci')
    await waitFor(() => expect(result()).toHaveTextContent(reason))
    expect(result()).toHaveAttribute('role', 'alert')
    expect(screen.getByText('暂不可投保')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '立即投保' })).toBeDisabled()
  })

  it('sends a logged-out user to login with the purchase path as redirect', async () => {
    api(false)
    renderScreen(ProductPage, '/product?id=p-ci')
    await waitFor(() => expect(result()).toHaveTextContent('¥2800'))
    await userEvent.click(screen.getByRole('button', { name: '立即投保' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/Login\?redirect=/))
    const redirect = new URLSearchParams(screen.getByTestId('location').textContent!.split('?')[1]).get(
      'redirect',
    )!
    const target = new URL(redirect, 'http://x')
    expect(target.pathname).toBe('/specialNotify')
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      productId: 'p-ci',
      plan: 'standard',
      coveragePeriod: 'to70',
      paymentPeriod: '10',
      gender: 'M',
      socialInsurance: 'Y',
    })
  })

  it('takes a logged-in user straight to the purchase flow', async () => {
    api(true)
    renderScreen(ProductPage, '/product?id=p-ci')
    await waitFor(() => expect(result()).toHaveTextContent('¥2800'))
    await userEvent.click(screen.getByRole('button', { name: '立即投保' }))
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/specialNotify\?productId=p-ci&plan=standard&coveragePeriod=to70&paymentPeriod=10/,
      ),
    )
  })

  it('adds the product to the comparison tray', async () => {
    api(false)
    renderScreen(ProductPage, '/product?id=p-ci')
    await userEvent.click(await screen.findByRole('button', { name: '加入对比' }))
    expect(compareTray.items).toEqual([{ id: 'p-ci', name: '康享重疾p-ci' }])
    expect(screen.getByRole('complementary', { name: '产品对比栏' })).toHaveTextContent('再选1款')
  })

  it('shows the tabs: 产品详情, 保障条款, 常见问题', async () => {
    api(false)
    renderScreen(ProductPage, '/product?id=p-ci')
    expect(await screen.findByText('产品亮点')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: '保障条款' }))
    expect(screen.getByText('康享重疾保险条款')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: '常见问题' }))
    expect(screen.getByText('等待期是多久？')).toBeInTheDocument()
  })

  it('says the product is gone on 404, and offers a retry on other errors', async () => {
    stubApi({
      'GET /api/products/p-ci': reply(500, {
        error: { code: 'INTERNAL', message: '服务暂时不可用，请稍后重试' },
      }),
    })
    renderScreen(ProductPage, '/product?id=p-ci')
    expect(await screen.findByText('服务暂时不可用，请稍后重试')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
    vi.unstubAllGlobals()
    stubApi({})
    renderScreen(ProductPage, '/product?id=nope')
    expect(await screen.findByText('产品不存在或已下架')).toBeInTheDocument()
  })
})

describe('/productInfo', () => {
  it('shows the notice and every clause in full', async () => {
    api(false)
    renderScreen(ProductInfoPage, '/productInfo?id=p-ci')
    expect(await screen.findByRole('region', { name: '投保须知' })).toHaveTextContent('请如实告知。')
    expect(screen.getByRole('region', { name: '康享重疾保险条款' })).toHaveTextContent('第一条 保险责任')
  })
})
