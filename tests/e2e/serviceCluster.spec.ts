import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { request, type APIRequestContext } from '@playwright/test'
import { demoLogin } from '../../scripts/demoLogin'
import { startPostgres, type Postgres } from '../../scripts/postgres'
import { staffCredentials } from '../../scripts/studioPublish'
import type { Message } from '../../src/types/generated/api/service'
import { startServerProcess, stopServerProcess, type ServerProcess } from '../server/serverProcess'
import { openEventStream, type EventStream } from './support/eventStream'
import { expect, test } from './support/test'

// 在线客服 across processes (DESIGN §10, §13): two server processes on one PostgreSQL, the customer's page served
// by one and the agent's desk by the other. Messages cross through PostgreSQL LISTEN/NOTIFY; each side sees every
// message once and in order, also after the customer's process is restarted under its open page (the page's
// EventSource reconnects with Last-Event-ID). The delivery latency is measured both ways and reported.

// Under the customer's limit of 20 messages a minute (the question before them counts too).
const ROUNDS = 15

let pg: Postgres
let dataDir: string
const servers: ServerProcess[] = []
let agentApi: APIRequestContext
let csrf = ''

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  pg = await startPostgres()
  dataDir = mkdtempSync(join(tmpdir(), 'mall-e2e-service-'))
  const env = { DATABASE_URL: pg.url, DIST_DIR: resolve('dist') }
  servers.push(await startServerProcess(dataDir, env, undefined, 120_000))
  servers.push(await startServerProcess(dataDir, env, undefined, 120_000))
  agentApi = await request.newContext({ baseURL: servers[1].base })
  csrf = (await staffCredentials(agentApi, 'agent')).csrf
})

test.afterAll(async () => {
  await agentApi?.dispose()
  await Promise.all(servers.map((s) => stopServerProcess(s)))
  await pg?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]

test('a customer on one process and an agent on the other: every message once, in order, across a restart; p95 latency', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const [customerSide, agentSide] = servers
  const cookie = await demoLogin(customerSide.base, '13960000001')
  const [name, value] = cookie.split('=')
  await page.context().addCookies([{ name, value, url: customerSide.base }])

  // The customer asks on process 1's page, then 转人工.
  await page.goto(`${customerSide.base}/service?productId=p-medical-million`)
  const lines = page.getByRole('list', { name: '消息' }).getByTestId('service-line')
  await expect(lines.first()).toContainText('智能助手')
  await page.getByRole('textbox', { name: '输入消息' }).fill('保单什么时候生效')
  await page.getByRole('button', { name: '发送', exact: true }).click()
  await expect(page.getByRole('link', { name: '保单什么时候生效？什么是等待期？' })).toBeVisible()
  await page.getByRole('button', { name: '转人工' }).click()
  await expect(page.getByText(/前面还有|下一位就是您|现在不是人工服务时间/).first()).toBeVisible()

  // The agent, on process 2, finds it in the queue and takes it.
  const signed = { headers: { 'x-studio-csrf': csrf } }
  const waiting = await (await agentApi.get('/api/studio/desk/conversations?queue=waiting', signed)).json()
  const conversation = (waiting as { items: { id: string; customerPhone: string }[] }).items[0]
  expect(conversation.customerPhone).toBe('139****0001')
  expect(
    (await agentApi.post(`/api/studio/desk/conversations/${conversation.id}/take`, signed)).status(),
  ).toBe(200)
  await expect(page.getByText('客服小恒为您服务。')).toBeVisible()

  // Both sides' streams, each on the other process from the one that writes.
  const agentCookie = (await agentApi.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  const deskStream = await openEventStream(
    `${agentSide.base}/api/studio/desk/stream?conversation=${conversation.id}&csrf=${csrf}`,
    { cookie: agentCookie },
  )
  const customerStream = await openEventStream(
    `${customerSide.base}/api/service/conversations/${conversation.id}/stream`,
    { cookie },
  )
  const streams: EventStream[] = [deskStream, customerStream]
  try {
    const isText = (text: string) => (e: { event: string; data: unknown }) =>
      e.event === 'message' && (e.data as Message).text === text
    const toAgent: number[] = []
    const toCustomer: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      const ask = `客户第${i + 1}问`
      let sent = performance.now()
      const posted = await fetch(
        `${customerSide.base}/api/service/conversations/${conversation.id}/messages`,
        {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ clientId: `cluster-ask-${i}`, text: ask }),
        },
      )
      expect(posted.status).toBe(200)
      toAgent.push((await deskStream.next(isText(ask))).at - sent)
      const answer = `客服第${i + 1}答`
      sent = performance.now()
      const replied = await agentApi.post(`/api/studio/desk/conversations/${conversation.id}/messages`, {
        ...signed,
        data: { clientId: `cluster-answer-${i}`, text: answer },
      })
      expect(replied.status()).toBe(200)
      toCustomer.push((await customerStream.next(isText(answer))).at - sent)
    }
    const report = `customer→agent p95 ${p95(toAgent).toFixed(0)} ms, agent→customer p95 ${p95(toCustomer).toFixed(0)} ms (${ROUNDS} each, across two processes)`
    test.info().annotations.push({ type: 'delivery latency', description: report })
    console.log(`[service cluster] ${report}`)
    expect(p95(toAgent)).toBeLessThan(1000)
    expect(p95(toCustomer)).toBeLessThan(1000)
  } finally {
    streams.forEach((s) => s.close())
  }
  await expect(lines.last()).toContainText(`客服第${ROUNDS}答`)

  // Process 1 goes away under the open page; the agent writes meanwhile; process 1 comes back on the same port.
  const port = Number(new URL(customerSide.base).port)
  await stopServerProcess(customerSide)
  for (const [i, text] of ['重启期间的第一条', '重启期间的第二条'].entries())
    expect(
      (
        await agentApi.post(`/api/studio/desk/conversations/${conversation.id}/messages`, {
          ...signed,
          data: { clientId: `cluster-restart-${i}`, text },
        })
      ).status(),
    ).toBe(200)
  servers[0] = await startServerProcess(
    dataDir,
    { DATABASE_URL: pg.url, DIST_DIR: resolve('dist') },
    port,
    120_000,
  )
  await expect(lines.last()).toContainText('重启期间的第二条', { timeout: 15_000 })

  // The page shows every message once, in the order the server numbered them.
  const all = await (
    await fetch(`${servers[0].base}/api/service/conversations/${conversation.id}/messages`, {
      headers: { cookie },
    })
  ).json()
  const expected = (all as { items: Message[] }).items.map((m) => m.text || '[图片]')
  const shown = await page
    .getByRole('list', { name: '消息' })
    .getByTestId('service-line')
    .evaluateAll((items) => items.map((li) => li.querySelector('.service-text')?.textContent ?? ''))
  expect(shown).toEqual(expected)
  expect(new Set(shown.filter((t) => /第\d+[问答]/.test(t))).size).toBe(ROUNDS * 2)

  // The desk's stream resumes from where it stopped: nothing twice.
  const resumed = await openEventStream(
    `${servers[1].base}/api/studio/desk/stream?conversation=${conversation.id}&csrf=${csrf}`,
    { cookie: agentCookie, 'last-event-id': String((all as { items: Message[] }).items.at(-3)?.seq ?? 0) },
  )
  try {
    await resumed.next((e) => e.event === 'message' && (e.data as Message).text === '重启期间的第二条')
    const seqs = resumed.events.filter((e) => e.event === 'message').map((e) => e.id)
    expect(seqs).toEqual((all as { items: Message[] }).items.slice(-2).map((m) => m.seq))
  } finally {
    resumed.close()
  }
})
