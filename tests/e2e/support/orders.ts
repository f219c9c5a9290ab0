import { expect, type APIRequestContext } from '@playwright/test'
import { holder, selfInsured } from '../../fixtures/people'

// Orders and policies made through the API, for tests that look at the screens showing them.

export const MEDICAL = 'p-medical-million'

async function ok<T>(response: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const res = await response
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as T
}

/** A pending order of the medical product with every gate passed. */
export async function pendingOrder(request: APIRequestContext): Promise<{ id: string; premiumFen: number }> {
  const application = await ok<{ id: string; documents: { id: string }[] }>(
    request.post('/api/applications', {
      data: {
        productId: MEDICAL,
        planCode: 'standard',
        coveragePeriod: '1y',
        paymentPeriod: 'single',
        recordingNoticeAcknowledged: true,
      },
    }),
  )
  for (const document of application.documents)
    for (const action of ['open', 'confirm'])
      await ok(
        request.post(`/api/applications/${application.id}/documents/${encodeURIComponent(document.id)}`, {
          data: { action },
        }),
      )
  const product = await ok<{ healthQuestions: { id: string }[] }>(request.get(`/api/products/${MEDICAL}`))
  await ok(
    request.post(`/api/applications/${application.id}/health`, {
      data: {
        insuredRelation: '1',
        answers: product.healthQuestions.map((q) => ({ questionId: q.id, answer: 'no' })),
      },
    }),
  )
  return ok(
    request.post('/api/orders', {
      data: {
        applicationId: application.id,
        holder,
        insured: selfInsured,
      },
    }),
  )
}

export async function startPayment(request: APIRequestContext, orderId: string): Promise<string> {
  return (
    await ok<{ paymentId: string }>(
      request.post(`/api/orders/${orderId}/pay`, { data: { channel: 'wechat' } }),
    )
  ).paymentId
}

/** An issued policy: a pending order paid in the sandbox. */
export async function issuedPolicy(
  request: APIRequestContext,
): Promise<{ orderId: string; policyId: string }> {
  const order = await pendingOrder(request)
  const paymentId = await startPayment(request, order.id)
  await ok(request.post(`/api/sandbox/payments/${paymentId}/simulate`, { data: { outcome: 'SUCCEEDED' } }))
  const paid = await ok<{ policyId: string }>(request.get(`/api/orders/${order.id}`))
  return { orderId: order.id, policyId: paid.policyId }
}
