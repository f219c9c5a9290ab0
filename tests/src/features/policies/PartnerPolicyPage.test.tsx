import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import ApiPolicyDetailPage from '../../../../src/features/policies/ApiPolicyDetailPage'
import PolicyDetailPage from '../../../../src/features/policies/PolicyDetailPage'
import { samplePolicy } from './fixtures'
import { renderScreen, stubApi } from '../../harness'
import { me } from '../member/fixtures'

// One page for a policy the partner insurer issued, whichever way it is opened (我的保单 and 投保成功 open the
// spec's /policy/apiPolicyDetail, other places /policy/policyDetail): the insurer's policy number, the cover
// amounts, the end of the cooling-off period and 犹豫期退保, and the insurer as its source.

const partnerPolicy = samplePolicy({
  id: 'pol-9',
  policyNo: 'GH2026112500000009',
  partnerPolicyNo: 'HT2026112500000001',
  orderId: 'o9',
  source: 'partner:huating',
  productId: 'ht-accident',
  productName: '华汀安行综合意外险',
  insurerName: '华汀保险',
  premiumFen: 9900,
  coverages: [{ name: '意外身故/伤残', amountFen: 50_000_000, description: '' }],
  clauses: [{ id: 'c1', title: '华汀安行综合意外险条款' }],
  issuedAt: '2098-11-25T12:00:00.000+08:00',
  effectiveAt: '2098-11-26T00:00:00.000+08:00',
  expiresAt: '2099-11-26T00:00:00.000+08:00',
  coolingOffEndsAt: '2098-12-10T00:00:00.000+08:00',
})

beforeEach(() => {
  stubApi({ 'GET /api/me': me(), 'GET /api/policies/pol-9': partnerPolicy })
})

async function expectTheOnePage() {
  const page = await screen.findByTestId('policy-detail')
  const row = (label: string) => within(page).getByText(label).parentElement as HTMLElement
  expect(within(page).getByTestId('partner-policy-no')).toHaveTextContent('HT2026112500000001')
  expect(row('保险公司保单号')).toHaveTextContent('HT2026112500000001')
  expect(row('意外身故/伤残')).toHaveTextContent('50万')
  expect(row('犹豫期截止')).toHaveTextContent('2098-12-10 00:00')
  expect(row('来源')).toHaveTextContent('华汀保险')
  expect(within(page).queryByText('国恒保险商城')).toBeNull()
  expect(within(page).getByRole('button', { name: '犹豫期退保' })).toBeEnabled()
}

describe('a partner policy', () => {
  it('on the spec route /policy/apiPolicyDetail shows everything, with 犹豫期退保', async () => {
    renderScreen(ApiPolicyDetailPage, '/policy/apiPolicyDetail?policyId=pol-9')
    await expectTheOnePage()
  })

  it('on /policy/policyDetail is the same page', async () => {
    renderScreen(PolicyDetailPage, '/policy/policyDetail?id=pol-9')
    await expectTheOnePage()
  })
})
