import useSWR from 'swr'
import type { Disclosure, InsurerDisclosure, PlatformOperator } from '../../types/generated/api/disclosure'

// The data of the service-and-disclosure section: the platform's intermediary and the product's insurer
// (GET /api/disclosure, served by the catalog area). Here rather than in a feature's api.ts because the section is
// shared by the product, pay, policy and claim screens of four features.

export type { Disclosure, InsurerDisclosure, PlatformOperator }

export const disclosureKey = (productId: string | null) =>
  ['/api/disclosure', productId ? { productId } : {}] as const

/** The platform's and the product's insurer's disclosure; rarely changes, so a screen keeps what it has. */
export function useDisclosure(productId: string | null) {
  return useSWR<Disclosure>(disclosureKey(productId), { revalidateOnFocus: false })
}
