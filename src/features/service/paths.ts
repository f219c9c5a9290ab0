import { withQuery } from '../../lib/href'

// 在线客服: one screen, opened from a product, order, policy or claim (at most one of them as its context).

export const servicePaths = {
  chat: '/service',
} as const

/** What the conversation is about: at most one of these. */
export interface ServiceContextParams {
  productId?: string | null
  orderId?: string | null
  policyId?: string | null
  claimId?: string | null
}

/** /service, with the context it is opened from and, after a visitor's login, the question they had typed. */
export const serviceHref = (context: ServiceContextParams = {}, question?: string) =>
  withQuery(servicePaths.chat, {
    productId: context.productId,
    orderId: context.orderId,
    policyId: context.policyId,
    claimId: context.claimId,
    question: question || undefined,
  })
