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

describe('/specialNotify', () => {
  it('starts with the recorded-sales notice, then needs every document opened and confirmed', async () => {
    // antd-mobile's Popup animates in with pointer-events off: a user taps it once shown.
    const user = userEvent.setup()
    const router = renderScreen(
      SpecialNotifyPage,
      '/specialNotify?productId=p-med&plan=standard&coveragePeriod=1y&paymentPeriod=single',
    )
    await user.click(await screen.findByRole('button', { name: '我已知晓，开始投保' }))
    expect(calls.requested).toContain('/api/applications')

    const next = await screen.findByRole('button', { name: '下一步' })
    expect(next).toBeDisabled()
    // Nothing pre-checked.
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked()

    for (const title of ['《投保须知》', '《医疗险条款》']) {
      await user.click(screen.getByText(title))
      const dialog = await screen.findByRole('dialog', { name: title.slice(1, -1) })
      await user.click(await tappable(within(dialog).getByRole('button', { name: '我已阅读并确认' })))
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: title.slice(1, -1) })).not.toBeInTheDocument(),
      )
    }
    await waitFor(() => expect(screen.getByRole('button', { name: '下一步' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: '下一步' }))
    expect(router.state.location.pathname).toBe('/insured')
    expect(router.state.location.search).toBe('?productId=p-med&applicationId=app-1')
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
    await user.click(await screen.findByRole('button', { name: '我已知晓，开始投保' }))
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
    cleanup()

    current = application({ orderId: 'o1' })
    closeDraft()
    earlierVisit()
    renderScreen(SpecialNotifyPage, entry)
    expect(await screen.findByRole('button', { name: '我已知晓，开始投保' })).toBeInTheDocument()
    await waitFor(() => expect(purchaseDraft.applicationId).toBe(''))
  })
})
