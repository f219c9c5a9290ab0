import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import ClaimListPage from '../../../../src/features/claims/ClaimListPage'
import { apiError, renderScreen, stubApi } from '../../harness'
import { me } from '../member/fixtures'
import { awaitingDocuments, claim } from './fixtures'

// /claim/claimList against the API stub: 处理中 / 已结束 follow ?status=, a card says what the claim is and where
// it stands, a tab without claims offers 申请理赔, and a logged-out visitor is offered login.

describe('/claim/claimList', () => {
  it('shows an open claim under 处理中 with its amount and status, and opens its detail', async () => {
    const api = stubApi({
      'GET /api/me': me(),
      'GET /api/claims': (call) =>
        call.query.get('status') === 'open' ? { items: [awaitingDocuments()] } : { items: [] },
    })
    const user = userEvent.setup()
    const router = renderScreen(ClaimListPage, '/claim/claimList', undefined, ['/claim/claimDetail'])
    const card = await screen.findByTestId('claim-card')
    expect(card).toHaveTextContent('百万医疗险（升级版）')
    expect(card).toHaveTextContent('医疗费用报销')
    expect(card).toHaveTextContent('LP202611250001')
    expect(card).toHaveTextContent('张•')
    expect(card).toHaveTextContent('¥3560.00')
    expect(card).toHaveTextContent('待补充材料')
    expect(card).toHaveTextContent('2026-11-25 10:00')
    expect(api.requested).toContain('/api/claims?status=open')

    await user.click(card)
    expect(router.state.location.pathname + router.state.location.search).toBe('/claim/claimDetail?id=c1')
  })

  it('says when a tab has none, and switches tabs in place', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/claims': (call) =>
        call.query.get('status') === 'done'
          ? { items: [claim({ status: 'PAID', paidFen: 356_000 })] }
          : { items: [] },
    })
    const user = userEvent.setup()
    const router = renderScreen(ClaimListPage, '/claim/claimList')
    expect(await screen.findByText('暂无处理中的理赔')).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: '申请理赔' }).length).toBeGreaterThan(0)

    await user.click(screen.getByText('已结束'))
    expect(await screen.findByTestId('claim-card')).toHaveTextContent('已赔付')
    expect(router.state.location.search).toBe('?status=done')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('offers login to a logged-out visitor', async () => {
    const api = stubApi({ 'GET /api/me': apiError(401, 'UNAUTHENTICATED', '请先登录') })
    renderScreen(ClaimListPage, '/claim/claimList?status=done')
    expect(await screen.findByText('登录后即可查看理赔进度、补充材料')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '去登录' })).toBeInTheDocument()
    expect(api.callsTo('GET', '/api/claims')).toHaveLength(0)
  })
})
