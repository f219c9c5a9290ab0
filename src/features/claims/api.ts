import useSWR, { mutate } from 'swr'
import { IDEMPOTENCY_HEADER, post, withIdempotencyKey } from '../../lib/request'
import type {
  Claim,
  ClaimablePolicyList,
  ClaimInput,
  ClaimList,
  SupplementInput,
} from '../../types/generated/api/claim'

// Claims (schemas/api/claim.schema.json): the session's user's own, as holder or insured of the policy.

export type {
  Claim,
  ClaimablePolicy,
  ClaimablePolicyList,
  ClaimInput,
  ClaimList,
  SupplementInput,
} from '../../types/generated/api/claim'

export const claimablePoliciesKey = '/api/claims/policies'
export const claimsKey = (status?: 'open' | 'done') =>
  status ? (['/api/claims', { status }] as const) : '/api/claims'
export const claimKey = (id: string) => `/api/claims/${encodeURIComponent(id)}`

/** `enabled`: false while logged out. */
export function useClaimablePolicies(enabled: boolean) {
  return useSWR<ClaimablePolicyList>(enabled ? claimablePoliciesKey : null)
}
export function useClaims(enabled: boolean, status?: 'open' | 'done') {
  return useSWR<ClaimList>(enabled ? claimsKey(status) : null)
}
export function useClaim(id: string | null) {
  return useSWR<Claim>(id ? claimKey(id) : null)
}

/** Every list of claims is asked again (after filing, adding documents or withdrawing). */
const refreshLists = () =>
  mutate((key) => key === '/api/claims' || (Array.isArray(key) && key[0] === '/api/claims'))

/** One claim per tap: a double tap or a retry after a lost answer files it once. */
export async function fileClaim(input: ClaimInput): Promise<Claim> {
  const claim = await withIdempotencyKey('claim', (key) =>
    post<Claim>('/api/claims', input, { headers: { [IDEMPOTENCY_HEADER]: key } }),
  )
  await Promise.all([mutate(claimKey(claim.id), claim, { revalidate: false }), refreshLists()])
  return claim
}

async function changed(claim: Claim): Promise<Claim> {
  await Promise.all([mutate(claimKey(claim.id), claim, { revalidate: false }), refreshLists()])
  return claim
}

/** 补充材料: only while the claim waits for them. */
export const supplementClaim = async (id: string, documents: SupplementInput['documents']) =>
  changed(await post<Claim>(`${claimKey(id)}/documents`, { documents }))

/** 撤回申请: until a decision. */
export const withdrawClaim = async (id: string) => changed(await post<Claim>(`${claimKey(id)}/withdraw`))
