import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import PolicyLookupPage from '../../../../src/features/policies/PolicyLookupPage'
import type { LookedUpPolicy } from '../../../../src/types/generated/api/lookup'
import { apiError, renderScreen, stubApi } from '../../harness'

// /scratch against the API stub: the three facts checked before a code is asked, the countdown, the masked
// policy for the right code, the server's refusal shown in Chinese.
const POLICY_NO = 'GH2026112200000001'

const found: LookedUpPolicy = {
  policyNo: POLICY_NO,
  status: 'IN_FORCE',
  productName: '云禾百万医疗险（2026版）',
  insurerName: '云禾人寿',
  planName: '标准版',
  coveragePeriod: '1y',
  paymentPeriod: 'single',
  premiumFen: 18400,
  holderName: '*三',
  insuredName: '*三',
  insuredCertNoMasked: '1101**********8515',
  coverages: [{ name: '一般医疗保险金', amountFen: 300_000_000 }],
  effectiveAt: '2026-11-23T00:00:00.000+08:00',
  expiresAt: '2027-11-23T00:00:00.000+08:00',
}

async function fillFacts(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: '保单号' }), POLICY_NO.toLowerCase())
  await user.type(screen.getByRole('textbox', { name: '投保人姓名' }), '张三')
  await user.type(screen.getByRole('textbox', { name: '证件号后4位' }), '8515')
}

describe('/scratch', () => {
  it('sends a code for the three facts, counts down, and shows the masked policy', async () => {
    const api = stubApi({
      'POST /api/policy-lookup/code': {
        phoneMasked: '138****8000',
        resendAfterSeconds: 60,
        expiresInSeconds: 300,
      },
      'POST /api/policy-lookup': found,
    })
    renderScreen(PolicyLookupPage, '/scratch')
    const user = userEvent.setup()
    expect(screen.getByRole('button', { name: '查询保单' })).toBeDisabled()
    await fillFacts(user)
    await user.click(screen.getByRole('button', { name: '获取验证码' }))
    expect(await screen.findByTestId('lookup-sent')).toHaveTextContent('验证码已发送至 138****8000')
    expect(await screen.findByRole('button', { name: /秒后重新获取/ })).toBeDisabled()
    expect(api.callsTo('POST', '/api/policy-lookup/code')[0].body).toEqual({
      policyNo: POLICY_NO,
      holderName: '张三',
      certLast4: '8515',
    })
    await user.type(screen.getByRole('textbox', { name: '验证码' }), '123456')
    await user.click(screen.getByRole('button', { name: '查询保单' }))
    const result = await screen.findByTestId('lookup-result')
    expect(result).toHaveTextContent('云禾百万医疗险（2026版）')
    expect(result).toHaveTextContent('保障中')
    expect(result).toHaveTextContent('*三（1101**********8515）')
    expect(result).toHaveTextContent('2026-11-23 起至 2027-11-22')
    expect(result).toHaveTextContent('一般医疗保险金300万')
    expect(api.callsTo('POST', '/api/policy-lookup')[0].body).toEqual({ policyNo: POLICY_NO, code: '123456' })
    await user.click(screen.getByRole('button', { name: '查询其他保单' }))
    expect(screen.getByTestId('lookup-page')).toBeInTheDocument()
  })

  it('asks for the facts before sending, and shows the server’s refusal', async () => {
    const api = stubApi({
      'POST /api/policy-lookup/code': {
        phoneMasked: '138****8000',
        resendAfterSeconds: 60,
        expiresInSeconds: 300,
      },
      'POST /api/policy-lookup': apiError(400, 'CODE_INVALID', '验证码不正确，还可尝试4次'),
    })
    renderScreen(PolicyLookupPage, '/scratch')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: '获取验证码' }))
    expect(screen.getByRole('alert')).toHaveTextContent('请输入18位保单号（GH开头）')
    expect(api.calls).toHaveLength(0)
    await fillFacts(user)
    await user.click(screen.getByRole('button', { name: '获取验证码' }))
    await screen.findByTestId('lookup-sent')
    await user.type(screen.getByRole('textbox', { name: '验证码' }), '000000')
    await user.click(screen.getByRole('button', { name: '查询保单' }))
    expect(await screen.findByText('验证码不正确，还可尝试4次')).toBeInTheDocument()
  })
})
