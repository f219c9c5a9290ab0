import { withQuery } from '../../lib/href'

// Claims (理赔): paths as the specification names the screens. The screens come with the rest of issue 13.

export const claimPaths = {
  init: '/initClaim',
  insures: '/insures',
  add: '/claim/addClaim',
  added: '/claim/addClaimSuccess',
  list: '/claim/claimList',
  detail: '/claim/claimDetail',
} as const

export const claimDetailHref = (id: string) => withQuery(claimPaths.detail, { id })
