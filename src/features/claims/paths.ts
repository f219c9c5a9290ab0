import { withQuery } from '../../lib/href'
import type { ClaimType } from '../../domain/claims'

// Claims (理赔): paths as the specification names the screens.

export const claimPaths = {
  init: '/initClaim',
  insures: '/insures',
  add: '/claim/addClaim',
  added: '/claim/addClaimSuccess',
  list: '/claim/claimList',
  detail: '/claim/claimDetail',
} as const

export const initClaimHref = () => claimPaths.init
/** The insured person and the claim types of one policy. */
export const insuresHref = (policyId: string) => withQuery(claimPaths.insures, { policyId })
export const addClaimHref = (policyId: string, type: ClaimType['code']) =>
  withQuery(claimPaths.add, { policyId, type })
export const addClaimSuccessHref = (id: string) => withQuery(claimPaths.added, { id })
export const claimListHref = (status?: 'open' | 'done') =>
  status ? withQuery(claimPaths.list, { status }) : claimPaths.list
export const claimDetailHref = (id: string) => withQuery(claimPaths.detail, { id })
