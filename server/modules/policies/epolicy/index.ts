import type { Services } from '../../../platform/services'
import { PLATFORM_OPERATOR } from '../../catalog/platformOperator'
import { renderEpolicy } from './document'

/**
 * The e-policy PDF of one of the user's policies (404 for anyone else's): the policy as the owner sees it, the
 * clauses' text from the catalog, and the seller's and the insurer's disclosures.
 */
export async function epolicyPdf(
  services: Pick<Services, 'policies' | 'catalog' | 'disclosure'>,
  userId: string,
  policyId: string,
): Promise<{ policyNo: string; pdf: Buffer }> {
  const policy = await services.policies.get(userId, policyId)
  const product = await services.catalog.productOrNull(policy.productId)
  const insurer = product ? await services.disclosure.insurer(product.insurerCode) : null
  const clauseBodies = new Map((product?.clauses ?? []).map((c) => [c.id, c.body]))
  const pdf = await renderEpolicy({ policy, clauseBodies, platform: PLATFORM_OPERATOR, insurer })
  return { policyNo: policy.policyNo, pdf }
}
