import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import SharedPolicyPage from '../../../../src/features/policies/SharedPolicyPage'
import { samplePolicy } from './fixtures'
import { renderScreen, stubApi, reply } from '../../harness'

const policy = samplePolicy()

describe('/policy/policyDetaiU', () => {
  it('shows the electronic policy from a signed link, without login', async () => {
    const calls = stubApi({ 'GET /api/policies/shared': policy })
    renderScreen(SharedPolicyPage, '/policy/policyDetaiU?token=abc.def')
    expect(await screen.findByTestId('policy-no')).toHaveTextContent('GH2026112200000007')
    expect(screen.getByText('2026-12-08 00:00')).toBeInTheDocument()
    expect(screen.getAllByText('1101**********8515')).toHaveLength(2)
    expect(screen.getByText('待生效')).toBeInTheDocument()
    expect(calls.requested).toEqual(['/api/policies/shared?token=abc.def'])
    // Standard cover: no 特别约定. The e-policy downloads through the same signed link.
    expect(screen.queryByText('特别约定')).toBeNull()
    expect(screen.getByRole('link', { name: '下载电子保单' })).toHaveAttribute(
      'href',
      '/api/policies/shared/epolicy.pdf?token=abc.def',
    )
  })

  it('a policy issued 除外承保 shows its exclusions as 特别约定', async () => {
    stubApi({
      'GET /api/policies/shared': { ...policy, exclusions: ['甲状腺、乳腺、肺部结节及其引起的疾病'] },
    })
    renderScreen(SharedPolicyPage, '/policy/policyDetaiU?token=abc.def')
    const terms = await screen.findByRole('region', { name: '特别约定' })
    expect(terms).toHaveTextContent('除外承保')
    expect(terms).toHaveTextContent('甲状腺、乳腺、肺部结节及其引起的疾病')
  })

  it('explains an expired link in Chinese', async () => {
    stubApi({
      'GET /api/policies/shared': () =>
        reply(403, {
          error: { code: 'POLICY_LINK_EXPIRED', message: '保单链接已过期，请登录后查看或重新获取链接' },
        }),
    })
    renderScreen(SharedPolicyPage, '/policy/policyDetaiU?token=abc.def')
    expect(await screen.findByText('保单链接已过期，请登录后查看或重新获取链接')).toBeInTheDocument()
  })
})
