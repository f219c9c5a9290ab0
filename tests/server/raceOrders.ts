import { holder, MEDICAL, selfInsured } from './ordersFlow'
import type { RaceCluster } from './raceCluster'

// Orders through a race cluster's HTTP API (every purchase gate passed), for the tests of payments under races.

/** An application with every gate passed, ready for POST /api/orders; its id. */
export async function readyApplication(c: RaceCluster, cookie: string): Promise<string> {
  const app = await c.send(0, 'POST', '/api/applications', {
    cookie,
    body: {
      productId: MEDICAL,
      planCode: 'standard',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      recordingNoticeAcknowledged: true,
    },
  })
  const application = app.body as { id: string; documents: { id: string }[] }
  for (const document of application.documents)
    for (const action of ['open', 'confirm'])
      await c.send(
        0,
        'POST',
        `/api/applications/${application.id}/documents/${encodeURIComponent(document.id)}`,
        { cookie, body: { action } },
      )
  const product = (await c.send(0, 'GET', `/api/products/${MEDICAL}`)).body as {
    healthQuestions: { id: string }[]
  }
  await c.send(0, 'POST', `/api/applications/${application.id}/health`, {
    cookie,
    body: {
      insuredRelation: '1',
      answers: product.healthQuestions.map((q) => ({ questionId: q.id, answer: 'no' })),
    },
  })
  return application.id
}

/** A new order awaiting payment. */
export async function placeOrder(
  c: RaceCluster,
  cookie: string,
): Promise<{ id: string; premiumFen: number }> {
  const res = await c.send(0, 'POST', '/api/orders', {
    cookie,
    body: { applicationId: await readyApplication(c, cookie), holder, insured: selfInsured },
  })
  if (res.status !== 200) throw new Error(`order ${res.status} ${JSON.stringify(res.body)}`)
  return res.body as { id: string; premiumFen: number }
}
