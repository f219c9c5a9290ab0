import useSWR from 'swr'
import { post } from '../../lib/request'
import type { Policy, PolicyList, PolicyShareLink } from '../../types/generated/api/policy'

export type { Policy, PolicyShareLink }

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

export const createShareLink = (id: string) => post<PolicyShareLink>(`${policyKey(id)}/share-link`)
export const surrenderPolicy = (id: string) => post<Policy>(`${policyKey(id)}/surrender`)
