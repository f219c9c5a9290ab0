import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import PolicyDetailPage from '../../../../src/features/policies/PolicyDetailPage'
import { samplePolicy } from './fixtures'
import { PURCHASE_TEXTS } from '../../../../src/domain/purchaseTexts'
import type { Policy, SurrenderQuote } from '../../../../src/types/generated/api/policy'
import { renderScreen, reply, stubApi, tappable } from '../../harness'

// A partner policy whose surrender the insurer has not confirmed yet: 退保处理中, said with what happens next,
// and no second 犹豫期退保.

const policy = samplePolicy({
  source: 'partner:huating',
  partnerPolicyNo: 'HT2026112200000001',
  coolingOffEndsAt: '2099-12-08T00:00:00.000+08:00',
  surrenderRequest: null,
})

const NOTE = '已提交退保申请，保险公司确认后将全额退款至原支付账户'
const pending: Policy = {
  ...policy,
  surrenderRequest: { status: 'REQUESTED', requestedAt: '2026-11-22T13:00:00.000+08:00', note: NOTE },
}

describe('/policy/policyDetail: a surrender the insurer has not confirmed', () => {
  it('shows 退保处理中 with the explanation and no second 犹豫期退保', async () => {
    stubApi({ 'GET /api/policies/:id': pending })
    renderScreen(PolicyDetailPage, '/policy/policyDetail?id=pol-1')
    expect(await screen.findByTestId('policy-status')).toHaveTextContent('退保处理中')
    expect(screen.getByTestId('surrender-request-note')).toHaveTextContent(NOTE)
    expect(screen.getByTestId('surrender-pending')).toHaveTextContent('退保处理中')
    expect(screen.queryByRole('button', { name: '犹豫期退保' })).toBeNull()
  })

  it('a surrender the insurer does not answer at once ends in 退保处理中, not an error', async () => {
    stubApi({
      'GET /api/policies/:id': policy,
      // Typed as the policy's route (its path pattern covers this one): a Reply carries the quote.
      'GET /api/policies/:id/surrender-quote': () =>
        reply(200, {
          refundFen: 13600,
          refundTo: '微信',
          arrival: '预计 3 个工作日内',
          pointsClawback: 136,
          reasons: ['不需要这份保障了'],
        } satisfies SurrenderQuote),
      'POST /api/policies/:id/surrender': () => reply(202, pending),
    })
    const user = userEvent.setup()
    renderScreen(PolicyDetailPage, '/policy/policyDetail?id=pol-1')
    await user.click(await screen.findByRole('button', { name: '犹豫期退保' }))
    const sheet = await screen.findByTestId('surrender-sheet')
    await user.click(await tappable(within(sheet).getByText('不需要这份保障了')))
    await user.click(within(sheet).getByRole('button', { name: '确认退保' }))
    expect(await screen.findByTestId('surrender-pending')).toHaveTextContent('退保处理中')
    expect(screen.getByTestId('policy-status')).toHaveTextContent('退保处理中')
    expect(screen.queryByRole('button', { name: '犹豫期退保' })).toBeNull()
    expect(await screen.findByText(NOTE)).toBeInTheDocument()
  })
})

describe('/policy/policyDetail: the recorded sale (可回溯)', () => {
  const card = async () => screen.findByRole('region', { name: '投保过程已记录' })

  it('says the purchase was recorded: how many steps, since when (Shanghai time) and until when it is kept', async () => {
    stubApi({
      'GET /api/policies/:id': samplePolicy({
        // Times as the server sends them (UTC); the page speaks Beijing time.
        salesRecord: {
          steps: 12,
          recordedAt: '2026-11-22T04:05:00.000Z',
          keepUntil: '2036-11-22T16:00:00.000Z',
        },
      }),
    })
    renderScreen(PolicyDetailPage, '/policy/policyDetail?id=pol-1')
    const record = await card()
    expect(record).toHaveTextContent(PURCHASE_TEXTS.policyRecorded)
    expect(record).toHaveTextContent('记录步骤12 项')
    expect(record).toHaveTextContent('开始记录2026-11-22 12:05')
    expect(record).toHaveTextContent('保存至2036-11-23')
    // No raw timestamps, no unfilled {placeholder}, no English.
    expect(record.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T|[{}]|[A-Za-z]/)
  })

  it('says the keeping period starts when the contract ends, while that is not known', async () => {
    stubApi({
      'GET /api/policies/:id': samplePolicy({
        salesRecord: { steps: 3, recordedAt: '2026-11-22T12:00:00.000+08:00', keepUntil: null },
      }),
    })
    renderScreen(PolicyDetailPage, '/policy/policyDetail?id=pol-1')
    expect(await card()).toHaveTextContent('保存至合同终止后起算')
  })

  it('shows no such card for a sale with no record', async () => {
    stubApi({ 'GET /api/policies/:id': samplePolicy({ salesRecord: null }) })
    renderScreen(PolicyDetailPage, '/policy/policyDetail?id=pol-1')
    await screen.findByTestId('policy-status')
    expect(screen.queryByRole('region', { name: '投保过程已记录' })).toBeNull()
  })
})
