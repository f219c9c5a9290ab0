import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import FaqPage from '../../../../src/features/help/FaqPage'
import FaqQuestionPage from '../../../../src/features/help/FaqQuestionPage'
import { compileMarkdown } from '../../../../src/page-config/markdown'
import type { FaqList, FaqQuestion } from '../../../../src/types/generated/api/help'
import { apiError, renderScreen, stubApi } from '../../harness'

// /comProblem and /problems against the API stub: tabs by category, a debounced search with its empty state,
// one question rendered from the element tree, and a missing one.
const CATEGORIES: FaqList['categories'] = [
  { code: 'apply', name: '投保', count: 1 },
  { code: 'payment', name: '支付', count: 1 },
  { code: 'policy', name: '保单', count: 1 },
  { code: 'claim', name: '理赔', count: 0 },
  { code: 'account', name: '账户与积分', count: 1 },
]
const ITEMS: FaqList['items'] = [
  { id: 'apply-steps', category: 'apply', question: '如何在商城投保？' },
  { id: 'payment-window', category: 'payment', question: '订单需要在多长时间内支付？' },
  { id: 'policy-cooling-off', category: 'policy', question: '什么是犹豫期？犹豫期内如何退保？' },
  { id: 'points-earn', category: 'account', question: '怎样获得积分？' },
]

function faqList(call: { query: URLSearchParams }): FaqList {
  const category = call.query.get('category')
  const q = call.query.get('q') ?? ''
  return {
    version: '2026-11-22',
    categories: CATEGORIES,
    items: ITEMS.filter((i) => (!category || i.category === category) && i.question.includes(q)),
  }
}

describe('/comProblem', () => {
  it('lists by category tab and searches once the typing stops', async () => {
    const api = stubApi({ 'GET /api/help/faq': faqList })
    const router = renderScreen(FaqPage, '/comProblem')
    expect(await screen.findByText('如何在商城投保？')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByText('支付'))
    await waitFor(() => expect(router.state.location.search).toBe('?category=payment'))
    expect(await screen.findByText('订单需要在多长时间内支付？')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('如何在商城投保？')).not.toBeInTheDocument())

    await user.click(screen.getByText('全部'))
    await user.type(screen.getByRole('searchbox'), '犹豫期')
    expect(await screen.findAllByText('犹豫期', { selector: 'mark' })).toHaveLength(2)
    // One request for the settled text, none for the letters typed on the way.
    expect(api.requested.filter((r) => r.includes('q='))).toEqual([
      `/api/help/faq?q=${encodeURIComponent('犹豫期')}`,
    ])
    await user.clear(screen.getByRole('searchbox'))
    await user.type(screen.getByRole('searchbox'), '火星')
    expect(await screen.findByText('没有找到相关问题')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: '意见反馈' })[0]).toHaveAttribute('href', '/feedBack')
  })

  it('says what went wrong when the list cannot load', async () => {
    stubApi({ 'GET /api/help/faq': apiError(500, 'INTERNAL', '服务暂时不可用，请稍后重试') })
    renderScreen(FaqPage, '/comProblem')
    expect(await screen.findByText('服务暂时不可用，请稍后重试')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })
})

describe('/problems', () => {
  const question: FaqQuestion = {
    id: 'points-earn',
    category: 'account',
    categoryName: '账户与积分',
    question: '怎样获得积分？',
    answer: compileMarkdown('- **每日签到**：5、5、10、10、15、15、50 积分'),
    related: [{ id: 'points-sign-in', category: 'account', question: '签到中断了会怎样？可以补签吗？' }],
  }

  it('shows the answer, asks whether it helped and offers related questions', async () => {
    stubApi({ 'GET /api/help/faq/points-earn': question })
    const router = renderScreen(FaqQuestionPage, '/problems?id=points-earn')
    expect(await screen.findByRole('heading', { name: '怎样获得积分？' })).toBeInTheDocument()
    expect(screen.getByText('每日签到', { selector: 'strong' })).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: '没帮助' }))
    expect(screen.getByText(/抱歉没能帮到您/)).toBeInTheDocument()
    await user.click(screen.getByText('签到中断了会怎样？可以补签吗？'))
    await waitFor(() => expect(router.state.location.search).toBe('?id=points-sign-in'))
  })

  it('says a missing question is missing, with the way back', async () => {
    stubApi({ 'GET /api/help/faq/nope': apiError(404, 'NOT_FOUND', '问题不存在') })
    renderScreen(FaqQuestionPage, '/problems?id=nope')
    expect(await screen.findByText('问题不存在')).toBeInTheDocument()
    expect(screen.getByText('返回常见问题')).toBeInTheDocument()
  })
})
