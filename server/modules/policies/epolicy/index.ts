import type { Policy } from '../../../../src/types/generated/api/policy'
import { tooMany } from '../../../platform/errors'
import { HOUR, secondsLeft, takeHit } from '../../../platform/rateLimits'
import type { Services } from '../../../platform/services'
import { PLATFORM_OPERATOR } from '../../catalog/platformOperator'
import { renderEpolicy } from './document'

/** A policy's PDF is drawn at most this often an hour (drawing one takes a core for most of a second). */
export const EPOLICY_PDFS_PER_HOUR = 20

/**
 * The e-policy PDF of a policy the caller may see (the owner's, or one a signed link names): the policy as the
 * owner sees it, the clauses' text from the catalog, and the seller's and the insurer's disclosures.
 */
export async function epolicyPdf(
  services: Pick<Services, 'catalog' | 'disclosure' | 'db' | 'now'>,
  policy: Policy,
): Promise<{ policyNo: string; pdf: Buffer }> {
  const now = services.now()
  if (!(await takeHit(services.db, `epolicy:${policy.id}`, EPOLICY_PDFS_PER_HOUR, HOUR, now)))
    throw tooMany('EPOLICY_RATE_LIMITED', '下载过于频繁，请稍后再试', secondsLeft(HOUR, now))
  const product = await services.catalog.productOrNull(policy.productId)
  const insurer = product ? await services.disclosure.insurer(product.insurerCode) : null
  const clauseBodies = new Map((product?.clauses ?? []).map((c) => [c.id, c.body]))
  const pdf = await renderEpolicy({ policy, clauseBodies, platform: PLATFORM_OPERATOR, insurer })
  return { policyNo: policy.policyNo, pdf }
}
