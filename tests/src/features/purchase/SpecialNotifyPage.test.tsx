import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  adoptApplication,
  closeDraft,
  enterPurchase,
  purchaseDraft,
} from '../../../../src/features/purchase/draft'
import SpecialNotifyPage from '../../../../src/features/purchase/SpecialNotifyPage'
import type { OrderApplication } from '../../../../src/types/generated/api/order'
import { apiError, renderScreen, stubApi, tappable, type ApiStub } from '../../harness'
import { application, product } from './fixtures'

// A tiny in-memory server for the consent endpoints: open, then confirm.
let current: OrderApplication
let calls: ApiStub

beforeEach(() => {
  closeDraft()
  sessionStorage.clear()
  current = application()
  calls = stubApi({
    'GET /api/products/p-med': product,
    'POST /api/applications': () => current,
    'GET /api/applications/app-1': () => current,
    'POST /api/applications/app-1/documents/notice': () => mark('notice'),
    'POST /api/applications/app-1/documents/clause%3Amain': () => mark('clause:main'),
    'POST /api/applications/app-1/documents': () => confirmAll(),
  })
})

function mark(id: string) {
  const doc = current.documents.find((d) => d.id === id)!
  // The stub cannot read the body: the first call opens, the second confirms (as the page sends them).
  if (!doc.openedAt) doc.openedAt = '2026-11-22T12:00:01.000+08:00'
  else doc.confirmedAt = '2026-11-22T12:00:02.000+08:00'
  current = { ...current, documents: current.documents.map((d) => ({ ...d })) }
  return current
}

/** 我已阅读并同意: every document confirmed; what was not opened stays unopened. */
function confirmAll() {
  current = {
    ...current,
    documents: current.documents.map((d) => ({ ...d, confirmedAt: '2026-11-22T12:00:03.000+08:00' })),
  }
  return current
}

const agree = () => screen.getByRole('checkbox', { name: /^我已阅读并同意/ })

describe('/specialNotify', () => {
  it('shows the notice and every document on one screen; one 我已阅读并同意 confirms them all, the opened one recorded as opened', async () => {
    // antd-mobile's Popup animates in with pointer-events off: a user taps it once shown.
    const user = userEvent.setup()
    const router = renderScreen(
      SpecialNotifyPage,
      '/specialNotify?productId=p-med&plan=standard&coveragePeriod=1y&paymentPeriod=single',
    )
    expect(await screen.findByText(/您在本页面及后续投保页面的浏览和操作将被记录/)).toBeInTheDocument()
    expect(screen.getByText('《投保须知》')).toBeInTheDocument()
    expect(screen.getByText('《医疗险条款》')).toBeInTheDocument()
    // Nothing pre-ticked, nothing goes on before the tick, and nothing is recorded yet.
    expect(agree()).not.toBeChecked()
    expect(screen.getByRole('button', { name: '请先阅读并勾选同意' })).toBeDisabled()
    expect(calls.requested).not.toContain('/api/applications')

    await user.click(screen.getByText('《医疗险条款》'))
    const dialog = await screen.findByRole('dialog', { name: '医疗险条款' })
    await user.click(await tappable(within(dialog).getByRole('button', { name: '读完了，返回' })))
    await user.click(agree())
    await user.click(screen.getByRole('button', { name: '同意并继续' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/infoFill'))
    expect(router.state.location.search).toBe('?productId=p-med&applicationId=app-1')
    // The clause opened is recorded as opened; the notice, not opened, stays unopened; both confirmed.
    expect(current.documents.find((d) => d.id === 'clause:main')?.openedAt).toBeTruthy()
    expect(current.documents.find((d) => d.id === 'notice')?.openedAt).toBeNull()
    expect(current.documents.every((d) => d.confirmedAt)).toBe(true)
  })

  it('offers the risk assessment when the gate refuses, returning here after', async () => {
    calls = stubApi({
      'GET /api/products/p-med': { ...product, riskLevel: 'R4' },
      'POST /api/applications': apiError(
        409,
        'RISK_LEVEL_MISMATCH',
        '您的风险承受能力为保守型，低于该产品的风险等级（中高风险），暂不能购买',
      ),
    })
    const user = userEvent.setup()
    const start = '/specialNotify?productId=p-med&plan=standard&coveragePeriod=1y&paymentPeriod=single'
    const router = renderScreen(SpecialNotifyPage, start)
    await screen.findByText('《投保须知》')
    await user.click(agree())
    await user.click(screen.getByRole('button', { name: '同意并继续' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('您的风险承受能力为保守型，低于该产品的风险等级（中高风险）')
    await user.click(await tappable(within(dialog).getByRole('button', { name: '重新测评' })))
    await waitFor(() => expect(router.state.location.pathname).toBe('/riskAssessment'))
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(start)
  })

  it('resumes the application this tab was working on, and starts over once it has an order', async () => {
    const entry = '/specialNotify?productId=p-med&plan=standard&coveragePeriod=1y&paymentPeriod=single'
    const earlierVisit = () => {
      enterPurchase(
        'p-med',
        { planCode: 'standard', coveragePeriod: '1y', paymentPeriod: 'single', effectiveDate: '' },
        { birthDate: '1990-03-07', gender: 'M', socialInsurance: 'Y' },
      )
      adoptApplication(application())
    }
    earlierVisit()
    renderScreen(SpecialNotifyPage, entry)
    expect(await screen.findByText('《投保须知》')).toBeInTheDocument()
    await waitFor(() => expect(calls.requested).toContain('/api/applications/app-1'))
    cleanup()

    current = application({ orderId: 'o1' })
    closeDraft()
    earlierVisit()
    renderScreen(SpecialNotifyPage, entry)
    expect(await screen.findByRole('button', { name: '请先阅读并勾选同意' })).toBeInTheDocument()
    await waitFor(() => expect(purchaseDraft.applicationId).toBe(''))
  })
})
