import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { closeDraft, editInsured, openDraft } from '../../../../src/features/purchase/draft'
import HealthNotificationPage from '../../../../src/features/purchase/HealthNotificationPage'
import type { ProductDetail } from '../../../../src/types/generated/api/catalog'
import type { HealthResult } from '../../../../src/types/generated/api/order'
import { renderScreen, stubApi, type ApiStub } from '../../harness'
import { application, order, product, quote } from './fixtures'

const PATH = '/healthNotification?productId=p-med&applicationId=app-1'

// The product's second question has 智能核保 follow-ups: where the nodule is, then how large it is.
const withFollowUps: ProductDetail = {
  ...product,
  healthQuestions: [
    { id: 'hq1', text: '过去1年内是否住院？' },
    {
      id: 'hq2',
      text: '体检结果是否有异常（如结节）？',
      followUp: {
        exclusion: '甲状腺结节及其引起的疾病',
        questions: [
          {
            id: 'kind',
            text: '异常的是哪一项？',
            options: [
              { value: 'thyroid', label: '甲状腺结节', next: 'size' },
              { value: 'other', label: '其他异常', outcome: 'decline' },
            ],
          },
          {
            id: 'size',
            text: '结节最大直径是多少？',
            options: [
              { value: 'small', label: '小于1厘米', outcome: 'exclusion' },
              { value: 'large', label: '1厘米及以上', outcome: 'decline' },
            ],
          },
        ],
      },
    },
  ],
}

const declined: HealthResult = {
  passed: false,
  outcome: 'decline',
  exclusions: [],
  alternatives: [
    {
      id: 'p-medical-smallclaims',
      name: '蓝鲸湾小额门诊医疗险',
      tagline: '感冒发烧看门诊也能报',
      image: '/images/products/p-medical-smallclaims.svg',
      minPremiumFen: 9900,
      ageMin: { years: 0, days: 28 },
      ageMax: 60,
    },
    {
      id: 'p-medical-senior',
      name: '北麓山长辈防癌医疗险',
      tagline: '三高人群可投，最高80岁',
      image: '/images/products/p-medical-senior.svg',
      minPremiumFen: 39900,
      ageMin: { years: 50 },
      ageMax: 70,
    },
  ],
  application: application({
    health: {
      insuredRelation: '1',
      passed: false,
      outcome: 'decline',
      exclusions: [],
      answeredAt: '2026-11-22T12:01:00.000+08:00',
    },
  }),
}

const excluded: HealthResult = {
  passed: true,
  outcome: 'exclusion',
  exclusions: ['甲状腺结节及其引起的疾病'],
  alternatives: [],
  application: application({
    health: {
      insuredRelation: '1',
      passed: true,
      outcome: 'exclusion',
      exclusions: ['甲状腺结节及其引起的疾病'],
      answeredAt: '2026-11-22T12:01:00.000+08:00',
    },
  }),
}

let api: ApiStub
function serve(result: HealthResult) {
  api = stubApi({
    'GET /api/products/p-med': withFollowUps,
    'GET /api/applications/app-1': application({ health: null }),
    'POST /api/quotes': quote,
    'POST /api/applications/app-1/health': result,
    'POST /api/orders': order(),
  })
}

beforeEach(() => {
  closeDraft()
  sessionStorage.clear()
  // The insured chosen on /infoFill: 本人, born 1990.
  openDraft('p-med')
  editInsured({ birthday: '1990-03-07' })
})

/** 第1题 否; 第2题 是, then the follow-ups as they come. */
async function answerNodule(user: ReturnType<typeof userEvent.setup>, size: string) {
  await user.click(await screen.findByRole('radio', { name: '第1题 否' }))
  await user.click(screen.getByRole('radio', { name: '第2题 是' }))
  const followUps = screen.getByRole('group', { name: '智能核保追问' })
  expect(within(followUps).queryByText('结节最大直径是多少？')).toBeNull()
  await user.click(within(followUps).getByRole('radio', { name: '甲状腺结节' }))
  await user.click(within(followUps).getByRole('radio', { name: size }))
}

describe('/healthNotification with 智能核保', () => {
  it('a 是 asks the follow-ups; a decline shows the products that fit, linking to their pages', async () => {
    serve(declined)
    const user = userEvent.setup({ delay: null })
    renderScreen(HealthNotificationPage, PATH)
    await screen.findByRole('radio', { name: '第2题 是' })
    expect(screen.queryByRole('group', { name: '智能核保追问' })).toBeNull()
    await answerNodule(user, '1厘米及以上')
    await user.click(screen.getByRole('button', { name: '确认投保' }))

    expect(await screen.findByText('被保险人暂不符合投保条件')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/applications/app-1/health')[0].body).toEqual({
      insuredRelation: '1',
      answers: [
        { questionId: 'hq1', answer: 'no' },
        {
          questionId: 'hq2',
          answer: 'yes',
          followUp: [
            { questionId: 'kind', value: 'thyroid' },
            { questionId: 'size', value: 'large' },
          ],
        },
      ],
    })
    // The insured (本人, born 1990) is too young for the 50-to-70 product: only the one that fits is offered.
    const fits = screen.getByRole('region', { name: '这些产品不问上述情况，可以看看' })
    const link = within(fits).getByRole('link', { name: /蓝鲸湾小额门诊医疗险/ })
    expect(link).toHaveAttribute('href', '/product?id=p-medical-smallclaims')
    expect(within(fits).getAllByRole('link')).toHaveLength(1)
    expect(screen.getByRole('button', { name: '重新作答' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '为他人投保' })).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/orders')).toHaveLength(0)
  })

  it('除外承保 says what is not covered, and the order is placed once the buyer accepts', async () => {
    serve(excluded)
    const user = userEvent.setup({ delay: null })
    const router = renderScreen(HealthNotificationPage, PATH)
    await answerNodule(user, '小于1厘米')
    await user.click(screen.getByRole('button', { name: '确认投保' }))

    expect(await screen.findByText('核保结论：除外承保')).toBeInTheDocument()
    expect(screen.getByText(/甲状腺结节及其引起的疾病/)).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/orders')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: '接受并继续投保' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pay'))
    expect(api.callsTo('POST', '/api/orders')).toHaveLength(1)
  })

  it('the answer cannot be confirmed until the follow-ups reach an end', async () => {
    serve(excluded)
    const user = userEvent.setup({ delay: null })
    renderScreen(HealthNotificationPage, PATH)
    await user.click(await screen.findByRole('radio', { name: '第1题 否' }))
    await user.click(screen.getByRole('radio', { name: '第2题 是' }))
    await user.click(screen.getByRole('radio', { name: '甲状腺结节' }))
    expect(screen.getByRole('button', { name: '请回答全部问题' })).toBeDisabled()
    await user.click(screen.getByRole('radio', { name: '小于1厘米' }))
    expect(screen.getByRole('button', { name: '确认投保' })).toBeEnabled()
  })
})

describe('/healthNotification’s notice', () => {
  it('names whose health is asked (the versioned sentence, its place filled)', async () => {
    serve(declined)
    renderScreen(HealthNotificationPage, PATH)
    const notice = await screen.findByText(/^请如实告知被保险人/)
    expect(notice).toHaveTextContent('被保险人（本人）的健康状况')
    expect(notice.textContent).not.toMatch(/[{}]/)
  })
})
