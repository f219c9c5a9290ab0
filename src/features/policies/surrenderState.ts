import { POLICY_STATUS_TEXT } from '../../domain/policy'
import type { Policy } from './api'

// A partner policy's surrender asked of the insurer and not confirmed yet: the policy says 退保处理中 everywhere
// it shows its status, and offers no second surrender.

export const SURRENDER_PENDING_TEXT = '退保处理中'

export const surrenderPending = (policy: Pick<Policy, 'surrenderRequest'>) =>
  policy.surrenderRequest?.status === 'REQUESTED'

/** The status a policy shows: 退保处理中 while the insurer has not confirmed its surrender. */
export const policyStatusText = (policy: Pick<Policy, 'status' | 'surrenderRequest'>) =>
  surrenderPending(policy) ? SURRENDER_PENDING_TEXT : POLICY_STATUS_TEXT[policy.status]
