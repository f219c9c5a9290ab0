import useSWR from 'swr'
import { post, put } from '../../lib/request'
import { POLICY_STATUS_TEXT } from '../../domain/policy'
import type {
  Policy,
  PolicyList,
  PolicyShareLink,
  PolicyTextSent,
  SurrenderQuote,
} from '../../types/generated/api/policy'
import type { Renewal, RenewalList } from '../../types/generated/api/renewal'
import type { LookedUpPolicy, LookupCodeRequest, LookupCodeResponse } from '../../types/generated/api/lookup'

export type { Policy, PolicyShareLink, SurrenderQuote }

export const policyKey = (id: string) => `/api/policies/${encodeURIComponent(id)}`
export const policiesKey = (status?: string) => ['/api/policies', status ? { status } : {}] as const
export const sharedPolicyKey = (token: string) => ['/api/policies/shared', { token }] as const

export function usePolicies(status?: string) {
  return useSWR<PolicyList>(policiesKey(status))
}

export function usePolicy(id: string | null) {
  return useSWR<Policy>(id ? policyKey(id) : null)
}

/** The policy behind a signed SMS link, without login. */
export function useSharedPolicy(token: string | null) {
  return useSWR<Policy>(token ? sharedPolicyKey(token) : null)
}

/** The e-policy PDF (the owner's session only): a link to download or open, also from the message center. */
export const epolicyUrl = (id: string) => `${policyKey(id)}/epolicy.pdf`
/** The same PDF through a signed SMS link, without login. */
export const sharedEpolicyUrl = (token: string) =>
  `/api/policies/shared/epolicy.pdf?token=${encodeURIComponent(token)}`
/** The name the downloaded e-policy is saved under. */
export const epolicyFileName = (policyNo: string) => `电子保单-${policyNo}.pdf`

/** 发送到手机: the policy's link and e-policy texted to the holder. */
export const textPolicy = (id: string) => post<PolicyTextSent>(`${policyKey(id)}/text`)
export const surrenderPolicy = (id: string, reason: string) =>
  post<Policy>(`${policyKey(id)}/surrender`, { reason })

// A partner policy's surrender asked of the insurer and not confirmed yet: the policy says 退保处理中 everywhere
// it shows its status, and offers no second surrender.

export const SURRENDER_PENDING_TEXT = '退保处理中'

export const surrenderPending = (policy: Pick<Policy, 'surrenderRequest'>) =>
  policy.surrenderRequest?.status === 'REQUESTED'

/** The status a policy shows: 退保处理中 while the insurer has not confirmed its surrender. */
export const policyStatusText = (policy: Pick<Policy, 'status' | 'surrenderRequest'>) =>
  surrenderPending(policy) ? SURRENDER_PENDING_TEXT : POLICY_STATUS_TEXT[policy.status]

/** What a surrender would refund (where, when) and take back, asked when the surrender sheet opens. */
export function useSurrenderQuote(id: string | null) {
  return useSWR<SurrenderQuote>(id ? `${policyKey(id)}/surrender-quote` : null, { revalidateOnFocus: false })
}

export type { LookedUpPolicy, LookupCodeRequest }

/** 保单查询: a code to the holder's phone (the answer looks the same whether or not the facts match). */
export const requestLookupCode = (body: LookupCodeRequest) =>
  post<LookupCodeResponse>('/api/policy-lookup/code', body)
/** The masked policy for the code. */
export const lookupPolicy = (policyNo: string, code: string) =>
  post<LookedUpPolicy>('/api/policy-lookup', { policyNo, code })

export type { Renewal }

export const renewalsKey = '/api/renewals'

/** My policies ending within 60 days, with the renewal premium; asked only while logged in. */
export function useRenewals(loggedIn: boolean) {
  return useSWR<RenewalList>(loggedIn ? renewalsKey : null)
}

export const setAutoRenew = (policyId: string, enabled: boolean) =>
  put<Renewal>(`${policyKey(policyId)}/auto-renew`, { enabled })
