// Who may be whose insured, and from what age one may buy: the relation codes of the purchase flow and the
// holder's minimum age. Constants apart from the applicant rules (applicant.ts), so a screen that only needs them
// (the product page's trial) does not bring the certificate and pricing rules along.

export const RELATIONS = [
  { code: '1', name: '本人' },
  { code: '2', name: '配偶' },
  { code: '3', name: '子女' },
  { code: '4', name: '父母' },
] as const
export type RelationCode = (typeof RELATIONS)[number]['code']
export const SELF_RELATION: RelationCode = '1'

export function relationName(code: string): string {
  return RELATIONS.find((r) => r.code === code)?.name ?? '其他'
}

export const HOLDER_MIN_AGE = 18

/**
 * Whether a member with this relation can be the insured of a policy the user buys: insurable interest
 * covers 配偶、子女、父母 (the purchase flow's relations); 其他 cannot be picked on /insured.
 */
export function canBeInsured(relation: string): boolean {
  return relation !== SELF_RELATION && RELATIONS.some((r) => r.code === relation)
}
