import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sampleSizePerVariant } from '../../src/domain/abStats'
import { assignVariant } from '../../src/domain/experiments'
import type { AnalyticsEvent } from '../../src/types/generated/api/analytics'
import type { Experiment, ExperimentResults } from '../../src/types/generated/api/experiments'
import { PAGE_VARIANT_HEADER } from '../../server/modules/analytics/experiments'
import { rollupExperiments } from '../../server/modules/analytics/experimentsRollup'
import { RENDER_REQUEST_HEADER } from '../../src/page-config/screenHtml'
import { createTestApp, testClock, type TestApp } from './helpers'
import { as, publishPage, saveDraft, staffLogin, validPage } from './studioHelpers'

// A/B tests of a published page (docs/analytics.md#ab-tests): a draft version saved without publishing it, a test
// created (editor) and started, stopped, promoted (publisher); GET /api/pages/{id} answers each visitor their
// sticky variant (the aid cookie), the control to a visitor who opted out; the render cache keeps each variant's
// answer apart; results from the events rolled up, a verdict only at the horizon.

const clock = testClock(new Date('2026-11-22T04:00:00.000Z')) // 12:00 in Shanghai
let t: TestApp
let editor: string
let publisher: string

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } }
const errorOf = (res: LightMyRequestResponse) => res.json<ErrorBody>().error

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, orderSweepMs: 0 })
}, 60_000)
afterAll(() => t?.close())
beforeEach(async () => {
  editor = await staffLogin(t.app, 'editor')
  publisher = await staffLogin(t.app, 'publisher')
})

const aid = () => randomBytes(16).toString('base64url')

/** Publishes v1 (原版) and saves v2 (新版) as a version not published; their numbers. */
async function pageWithTwoVersions(
  id: string,
  second = validPage('新版'),
): Promise<{ v1: number; v2: number }> {
  const v1 = await publishPage(t.app, publisher, id, validPage('原版'))
  const saved = await saveDraft(t.app, editor, id, second)
  expect(saved.statusCode, saved.body).toBe(200)
  const made = await as(t.app, editor, 'POST', `/api/studio/pages/${id}/versions`, {
    revision: saved.json<{ revision: number }>().revision,
  })
  expect(made.statusCode, made.body).toBe(201)
  return { v1, v2: made.json<{ version: number }>().version }
}

const testInput = (v1: number, v2: number, extra: Record<string, unknown> = {}) => ({
  name: '标题文案测试',
  variants: [
    { key: 'A', version: v1, weight: 50, label: '原版' },
    { key: 'B', version: v2, weight: 50, label: '新版' },
  ],
  goal: { kind: 'click', blockId: 'title-0' },
  baselineRate: 0.1,
  minEffect: 0.2,
  ...extra,
})

async function createTest(pageId: string, input: Record<string, unknown>): Promise<Experiment> {
  const res = await as(t.app, editor, 'POST', `/api/studio/pages/${pageId}/experiments`, input)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<Experiment>()
}

async function startedTest(pageId: string, input?: Record<string, unknown>) {
  const { v1, v2 } = await pageWithTwoVersions(pageId)
  const test = await createTest(pageId, input ?? testInput(v1, v2))
  const started = await as(t.app, publisher, 'POST', `/api/studio/experiments/${test.id}/start`)
  expect(started.statusCode, started.body).toBe(200)
  return { test: started.json<Experiment>(), v1, v2 }
}

const visit = (pageId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/pages/${pageId}`, headers })

const setCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'aid')

interface PageAnswer {
  version: number
  config: { title: string }
  experiment?: { id: string; variant: string }
}

describe('saving a draft as a version without publishing it', () => {
  it('makes a version that is not live, audit-logged; refuses a stale revision', async () => {
    const { v1, v2 } = await pageWithTwoVersions('ab-version')
    expect(v2).toBe(v1 + 1)
    expect((await visit('ab-version')).json<PageAnswer>()).toMatchObject({
      version: v1,
      config: { title: '原版' },
    })
    const versions = (await as(t.app, editor, 'GET', '/api/studio/pages/ab-version/versions')).json<{
      versions: { version: number; publications: unknown[] }[]
    }>()
    expect(versions.versions.find((v) => v.version === v2)?.publications).toEqual([])
    const audit = (await as(t.app, editor, 'GET', '/api/studio/audit?page=ab-version&limit=5')).json<{
      entries: { action: string; version: number | null; detail: string }[]
    }>().entries
    expect(audit[0]).toMatchObject({
      action: 'save-version',
      version: v2,
      detail: `草稿保存为版本 ${v2}（未发布）`,
    })
    const stale = await as(t.app, editor, 'POST', '/api/studio/pages/ab-version/versions', { revision: 1 })
    expect([stale.statusCode, errorOf(stale).code]).toEqual([409, 'DRAFT_CONFLICT'])
  })

  it('refuses a draft with errors', async () => {
    await publishPage(t.app, publisher, 'ab-version-bad', validPage('原版'))
    const saved = await saveDraft(t.app, editor, 'ab-version-bad', {
      schemaVersion: 3,
      title: '',
      blocks: 'x',
    })
    const res = await as(t.app, editor, 'POST', '/api/studio/pages/ab-version-bad/versions', {
      revision: saved.json<{ revision: number }>().revision,
    })
    expect([res.statusCode, errorOf(res).code]).toEqual([409, 'DRAFT_HAS_ERRORS'])
  })
})

describe('creating a test', () => {
  it('stores the horizon computed from the baseline and the effect', async () => {
    const { v1, v2 } = await pageWithTwoVersions('ab-create')
    const test = await createTest('ab-create', testInput(v1, v2))
    expect(test).toMatchObject({
      status: 'draft',
      pageId: 'ab-create',
      samplePerVariant: sampleSizePerVariant({ baselineRate: 0.1, minEffect: 0.2 }),
      createdBy: expect.any(String),
      paused: false,
    })
    expect(test.samplePerVariant).toBe(3841)
    const list = (await as(t.app, editor, 'GET', '/api/studio/pages/ab-create/experiments')).json<{
      experiments: Experiment[]
      liveVersion: number
    }>()
    expect(list).toMatchObject({ liveVersion: v1, experiments: [{ id: test.id }] })
  })

  it('refuses weights not summing to 100, an unknown version, a block missing from a variant', async () => {
    const { v1, v2 } = await pageWithTwoVersions('ab-invalid', {
      ...validPage('新版'),
      blocks: [{ type: 'markdown', source: '只有规则' }],
    })
    const weights = await as(t.app, editor, 'POST', '/api/studio/pages/ab-invalid/experiments', {
      ...testInput(v1, v2),
      variants: [
        { key: 'A', version: v1, weight: 50, label: '' },
        { key: 'B', version: v2, weight: 40, label: '' },
      ],
    })
    expect([weights.statusCode, errorOf(weights).details]).toEqual([
      400,
      [{ field: 'variants', message: '各版本流量之和须为 100%，现为 90%' }],
    ])
    const unknown = await as(
      t.app,
      editor,
      'POST',
      '/api/studio/pages/ab-invalid/experiments',
      testInput(v1, 99),
    )
    expect(errorOf(unknown).details).toEqual([
      { field: 'variants.1.version', message: '版本 B 选择的页面版本 v99 不存在' },
    ])
    const missing = await as(
      t.app,
      editor,
      'POST',
      '/api/studio/pages/ab-invalid/experiments',
      testInput(v1, v2),
    )
    expect([missing.statusCode, errorOf(missing).details?.[0].field]).toEqual([400, 'variants.1.version'])
    expect(errorOf(missing).message).toContain('没有模块 title-0')
    const horizon = await as(t.app, editor, 'POST', '/api/studio/pages/ab-invalid/experiments', {
      ...testInput(v1, v2, { goal: { kind: 'paid' } }),
      baselineRate: 0.6,
      minEffect: 1,
    })
    expect(errorOf(horizon).details?.[0].field).toBe('minEffect')
  })

  it('refuses variants whose campaigns differ from the control (stock and chances are shared by id)', async () => {
    const campaign = (weight: number) => ({
      kind: 'lottery',
      title: '抽奖',
      window: { startAt: '2026-11-01T00:00:00+08:00', endAt: '2027-01-31T23:59:59+08:00' },
      limits: { perUserTotal: 3 },
      prizes: [
        { id: 'p1', name: '10积分', weight, stock: 100, reward: { kind: 'points', amount: 10 } },
        { id: 'none', name: '谢谢参与', weight: 1, reward: { kind: 'nothing' } },
      ],
    })
    const page = (title: string, campaigns: Record<string, unknown>) =>
      validPage(title, {
        campaigns,
        blocks: [
          { type: 'title', text: title },
          ...Object.keys(campaigns).map((c) => ({ type: 'lottery', campaign: c })),
        ],
      })
    await publishPage(t.app, publisher, 'ab-camp', page('原版', { 'ab-camp-draw': campaign(1) }))
    const versionOf = async (config: unknown) => {
      const saved = await saveDraft(t.app, editor, 'ab-camp', config)
      expect(saved.statusCode, saved.body).toBe(200)
      const made = await as(t.app, editor, 'POST', '/api/studio/pages/ab-camp/versions', {
        revision: saved.json<{ revision: number }>().revision,
      })
      expect(made.statusCode, made.body).toBe(201)
      return made.json<{ version: number }>().version
    }
    const other = await versionOf(page('另一个活动', { 'ab-camp-other': campaign(1) }))
    const changed = await versionOf(page('改了权重', { 'ab-camp-draw': campaign(5) }))
    const same = await versionOf(page('只改文案', { 'ab-camp-draw': campaign(1) }))
    const refused = await as(
      t.app,
      editor,
      'POST',
      '/api/studio/pages/ab-camp/experiments',
      testInput(1, other),
    )
    expect(errorOf(refused).message).toBe(
      '版本 B 的活动与对照组 A 不同（多出 ab-camp-other，缺少 ab-camp-draw）：各版本须使用同一组活动，库存和抽奖机会才能共享',
    )
    const rules = await as(
      t.app,
      editor,
      'POST',
      '/api/studio/pages/ab-camp/experiments',
      testInput(1, changed),
    )
    expect(errorOf(rules).message).toContain('规则与对照组 A 不同')
    await createTest('ab-camp', testInput(1, same, { goal: { kind: 'draw' } }))
  })
})

describe('starting', () => {
  it('refuses a page never published, and a control that is not the live version', async () => {
    await as(t.app, editor, 'POST', '/api/studio/pages', { id: 'ab-unpublished', title: '未发布' })
    const makeVersion = async (title: string) => {
      const saved = await saveDraft(t.app, editor, 'ab-unpublished', validPage(title))
      return (
        await as(t.app, editor, 'POST', '/api/studio/pages/ab-unpublished/versions', {
          revision: saved.json<{ revision: number }>().revision,
        })
      ).json<{ version: number }>().version
    }
    const [a, b] = [await makeVersion('甲'), await makeVersion('乙')]
    const draft = await createTest('ab-unpublished', testInput(a, b))
    const res = await as(t.app, publisher, 'POST', `/api/studio/experiments/${draft.id}/start`)
    expect([res.statusCode, errorOf(res).code]).toEqual([409, 'PAGE_NOT_LIVE'])

    const { v1, v2 } = await pageWithTwoVersions('ab-control')
    const swapped = await createTest('ab-control', {
      ...testInput(v2, v1),
      variants: [
        { key: 'A', version: v2, weight: 50, label: '' },
        { key: 'B', version: v1, weight: 50, label: '' },
      ],
    })
    const notLive = await as(t.app, publisher, 'POST', `/api/studio/experiments/${swapped.id}/start`)
    expect([notLive.statusCode, errorOf(notLive).code]).toEqual([409, 'CONTROL_NOT_LIVE'])
  })

  it('needs a publisher (an editor gets 403) and is in the audit log', async () => {
    const { v1, v2 } = await pageWithTwoVersions('ab-start')
    const draft = await createTest('ab-start', testInput(v1, v2))
    const byEditor = await as(t.app, editor, 'POST', `/api/studio/experiments/${draft.id}/start`)
    expect(byEditor.statusCode).toBe(403)
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/studio/experiments/${draft.id}/start`,
      headers: { cookie: publisher },
    })
    expect([noCsrf.statusCode, errorOf(noCsrf).code]).toEqual([403, 'STAFF_CSRF_REQUIRED'])
    const started = await as(t.app, publisher, 'POST', `/api/studio/experiments/${draft.id}/start`)
    expect(started.json<Experiment>()).toMatchObject({ status: 'running', startedAt: expect.any(String) })
    const again = await as(t.app, publisher, 'POST', `/api/studio/experiments/${draft.id}/start`)
    expect([again.statusCode, errorOf(again).code]).toEqual([409, 'EXPERIMENT_NOT_DRAFT'])
    const audit = (await as(t.app, editor, 'GET', '/api/studio/audit?page=ab-start&limit=3')).json<{
      entries: { action: string; detail: string }[]
    }>().entries
    expect(audit[0].action).toBe('experiment-start')
    expect(audit[0].detail).toContain(`A v${v1} 50%、B v${v2} 50%`)
  })

  it('one running test per page: two starts at once, one 409', async () => {
    const { v1, v2 } = await pageWithTwoVersions('ab-race')
    const first = await createTest('ab-race', testInput(v1, v2))
    const second = await createTest('ab-race', { ...testInput(v1, v2), name: '第二个' })
    const answers = await Promise.all(
      [first, second].map((x) => as(t.app, publisher, 'POST', `/api/studio/experiments/${x.id}/start`)),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    expect(errorOf(answers.find((a) => a.statusCode === 409)!).code).toBe('EXPERIMENT_RUNNING')
    const running = await t.db.db
      .selectFrom('page_experiments')
      .select('id')
      .where('page_id', '=', 'ab-race')
      .where('status', '=', 'running')
      .execute()
    expect(running).toHaveLength(1)
  })
})

describe('serving the variant (GET /api/pages/{id})', () => {
  let test: Experiment
  let v1: number
  let v2: number
  beforeAll(async () => {
    editor = await staffLogin(t.app, 'editor')
    publisher = await staffLogin(t.app, 'publisher')
    ;({ test, v1, v2 } = await startedTest('ab-serve'))
  })
  const title = (variant: string) => (variant === 'A' ? '原版' : '新版')

  it('a new visitor gets the aid cookie once, private; then the same variant with a shared, Vary: Cookie answer', async () => {
    const first = await visit('ab-serve')
    const cookie = setCookie(first)
    expect(cookie).toMatchObject({ httpOnly: true, path: '/' })
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const page = first.json<PageAnswer>()
    const expected = assignVariant(test.id, cookie!.value, test.variants)
    expect(page.experiment).toEqual({ id: test.id, variant: expected })
    expect(page.config.title).toBe(title(expected))
    expect(page.version).toBe(expected === 'A' ? v1 : v2)
    for (let i = 0; i < 5; i++) {
      const again = await visit('ab-serve', { cookie: `aid=${cookie!.value}` })
      expect(setCookie(again)).toBeUndefined()
      expect(again.json<PageAnswer>().experiment?.variant).toBe(expected)
      expect(again.headers.vary).toContain('Cookie')
      expect(again.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/)
    }
  })

  it('splits many visitors by the weights, each as assignVariant says', async () => {
    const counts: Record<string, number> = { A: 0, B: 0 }
    for (let i = 0; i < 400; i++) {
      const visitor = aid()
      const answer = (await visit('ab-serve', { cookie: `aid=${visitor}` })).json<PageAnswer>()
      expect(answer.experiment?.variant).toBe(assignVariant(test.id, visitor, test.variants))
      expect(answer.config.title).toBe(title(answer.experiment!.variant))
      counts[answer.experiment!.variant]++
    }
    // Binomial(400, 0.5): within 4 standard deviations (±40).
    expect(Math.abs(counts.A - 200)).toBeLessThan(40)
  })

  it('a visitor who opted out (switch, DNT, GPC) sees the control and gets no cookie', async () => {
    const optedOut: Record<string, string>[] = [
      { cookie: 'analytics_off=1' },
      { dnt: '1' },
      { 'sec-gpc': '1' },
    ]
    for (const headers of optedOut) {
      const res = await visit('ab-serve', headers)
      expect(setCookie(res)).toBeUndefined()
      expect(res.json<PageAnswer>()).toMatchObject({ version: v1, experiment: { variant: 'A' } })
      expect(res.headers['cache-control']).toBe('private, no-cache')
    }
  })

  it('the render cache keeps one answer per variant (its ETag), not one per visitor', async () => {
    const byVariant = new Map<string, Set<string>>()
    for (let i = 0; i < 40; i++) {
      const visitor = aid()
      const res = await visit('ab-serve', { cookie: `aid=${visitor}` })
      const variant = res.json<PageAnswer>().experiment!.variant
      byVariant.set(variant, (byVariant.get(variant) ?? new Set()).add(String(res.headers.etag)))
    }
    expect([...byVariant.keys()].sort()).toEqual(['A', 'B'])
    expect([...byVariant.values()].map((tags) => tags.size)).toEqual([1, 1])
    expect(byVariant.get('A')).not.toEqual(byVariant.get('B'))
    // A revalidation by its ETag is a 304.
    const visitor = aid()
    const first = await visit('ab-serve', { cookie: `aid=${visitor}` })
    const again = await visit('ab-serve', {
      cookie: `aid=${visitor}`,
      'if-none-match': String(first.headers.etag),
    })
    expect(again.statusCode).toBe(304)
  })

  it('a browser cannot pick its variant by header', async () => {
    let visitor = aid()
    while (assignVariant(test.id, visitor, test.variants) !== 'A') visitor = aid()
    const forged = await visit('ab-serve', {
      cookie: `aid=${visitor}`,
      [RENDER_REQUEST_HEADER]: '1',
      [PAGE_VARIANT_HEADER]: `guess.${test.id}.B`,
    })
    expect(forged.json<PageAnswer>().experiment?.variant).toBe('A')
  })

  it('a publication since the start pauses the test: everyone sees the live version', async () => {
    await publishPage(t.app, publisher, 'ab-serve', validPage('第三版'))
    const res = await visit('ab-serve', { cookie: `aid=${aid()}` })
    expect(res.json<PageAnswer>()).toMatchObject({ config: { title: '第三版' } })
    expect(res.json<PageAnswer>().experiment).toBeUndefined()
    const list = (await as(t.app, editor, 'GET', '/api/studio/pages/ab-serve/experiments')).json<{
      experiments: Experiment[]
    }>()
    expect(list.experiments[0]).toMatchObject({ status: 'running', paused: true })
    // Back to the control: the test applies again.
    expect(
      (await as(t.app, publisher, 'POST', '/api/studio/pages/ab-serve/rollback', { version: v1 })).statusCode,
    ).toBe(200)
    expect((await visit('ab-serve', { cookie: `aid=${aid()}` })).json<PageAnswer>().experiment?.id).toBe(
      test.id,
    )
  })
})

describe('stopping and promoting', () => {
  it('stop: visitors see the live version again; audit-logged', async () => {
    const { test } = await startedTest('ab-stop')
    const stopped = await as(t.app, publisher, 'POST', `/api/studio/experiments/${test.id}/stop`)
    expect(stopped.json<Experiment>()).toMatchObject({ status: 'stopped', stoppedAt: expect.any(String) })
    const res = await visit('ab-stop', { cookie: `aid=${aid()}` })
    expect(res.json<PageAnswer>()).toMatchObject({ config: { title: '原版' } })
    expect(res.json<PageAnswer>().experiment).toBeUndefined()
    const again = await as(t.app, publisher, 'POST', `/api/studio/experiments/${test.id}/stop`)
    expect([again.statusCode, errorOf(again).code]).toEqual([409, 'EXPERIMENT_NOT_RUNNING'])
    const audit = (await as(t.app, editor, 'GET', '/api/studio/audit?page=ab-stop&limit=1')).json<{
      entries: { action: string }[]
    }>().entries
    expect(audit[0].action).toBe('experiment-stop')
  })

  it('promote: the winner version goes live like a publication, the test stops with it; in the audit log', async () => {
    const { test, v2 } = await startedTest('ab-promote')
    const promoted = await as(t.app, publisher, 'POST', `/api/studio/experiments/${test.id}/promote`, {
      variant: 'B',
    })
    expect(promoted.statusCode, promoted.body).toBe(200)
    expect(promoted.json<Experiment>()).toMatchObject({ status: 'stopped', winner: 'B' })
    const res = await visit('ab-promote', { cookie: `aid=${aid()}` })
    expect(res.json<PageAnswer>()).toMatchObject({ version: v2, config: { title: '新版' } })
    expect(res.json<PageAnswer>().experiment).toBeUndefined()
    const audit = (await as(t.app, editor, 'GET', '/api/studio/audit?page=ab-promote&limit=2')).json<{
      entries: { action: string; version: number; detail: string }[]
    }>().entries
    expect(audit.map((a) => a.action)).toEqual(['experiment-promote', 'rollback'])
    expect(audit[1]).toMatchObject({
      version: v2,
      detail: `推广 A/B 测试「标题文案测试」的胜出版本 B：回滚到版本 ${v2}`,
    })
    const twice = await as(t.app, publisher, 'POST', `/api/studio/experiments/${test.id}/promote`, {
      variant: 'A',
    })
    expect([twice.statusCode, errorOf(twice).code]).toEqual([409, 'EXPERIMENT_NOT_PROMOTABLE'])
    const byEditor = await as(t.app, editor, 'POST', `/api/studio/experiments/${test.id}/promote`, {
      variant: 'A',
    })
    expect(byEditor.statusCode).toBe(403)
  })

  it('a draft can be deleted, a started test cannot', async () => {
    const { v1, v2 } = await pageWithTwoVersions('ab-delete')
    const draft = await createTest('ab-delete', testInput(v1, v2))
    const deleted = await as(t.app, editor, 'DELETE', `/api/studio/experiments/${draft.id}`)
    expect(deleted.json()).toEqual({ id: draft.id })
    const gone = await as(t.app, editor, 'GET', `/api/studio/experiments/${draft.id}`)
    expect([gone.statusCode, errorOf(gone).code]).toEqual([404, 'EXPERIMENT_NOT_FOUND'])
  })
})

describe('results from the events', () => {
  let sent = 0
  const day = '2026-11-22'
  const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString()

  /** Browser events through the ingest, as the visitor's browser sends them. */
  async function send(visitor: string, events: Partial<AnalyticsEvent>[]) {
    sent++
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      remoteAddress: `10.81.${Math.floor(sent / 200)}.${sent % 200}`,
      headers: { 'content-type': 'application/json', cookie: `aid=${visitor}` },
      payload: JSON.stringify({
        sentAt: clock.now().toISOString(),
        events: events.map((e, i) => ({
          eventId: `ab-${sent}-${i}-${randomBytes(4).toString('hex')}`,
          session: 'session-ab-0001',
          kind: 'page_view',
          at: clock.now().toISOString(),
          ...e,
        })),
      }),
    })
    expect(res.statusCode, res.body).toBe(204)
  }

  /** A server-recorded event (a draw, a paid order), straight into the day's partition. */
  async function recorded(
    visitor: string,
    kind: 'campaign_draw' | 'order_paid',
    occurred: string,
    extra: object,
  ) {
    await t.app.services.analyticsPartitions.ensure([day])
    await t.db.db
      .insertInto('analytics_events')
      .values({
        day,
        event_id: `srv-${randomBytes(6).toString('hex')}`,
        kind,
        occurred_at: new Date(occurred),
        received_at: clock.now(),
        visitor,
        ...extra,
      })
      .execute()
  }

  const results = async (id: string) =>
    (await as(t.app, editor, 'GET', `/api/studio/experiments/${id}`)).json<ExperimentResults>()

  it('counts exposures and conversions after exposure only, idempotently, with no verdict before the horizon', async () => {
    const { test, v1, v2 } = await startedTest('ab-results')
    const ofVariant = (key: string) => {
      let v = aid()
      while (assignVariant(test.id, v, test.variants) !== key) v = aid()
      return v
    }
    const view = (
      visitor: string,
      minutes = 0,
      variant = assignVariant(test.id, visitor, test.variants),
    ) => ({
      kind: 'page_view' as const,
      pageId: 'ab-results',
      pageVersion: variant === 'A' ? v1 : v2,
      experimentId: test.id,
      variant,
      at: at(minutes),
    })
    const click = (minutes: number, blockId = 'title-0') => ({
      kind: 'block_click' as const,
      pageId: 'ab-results',
      blockId,
      at: at(minutes),
    })
    const a = [ofVariant('A'), ofVariant('A'), ofVariant('A'), ofVariant('A')]
    const b = [ofVariant('B'), ofVariant('B'), ofVariant('B')]
    // A: one converts, one clicked only before seeing the page (not counted), one clicked another block.
    await send(a[0], [view(a[0], -30), click(-29)])
    await send(a[1], [click(-40), view(a[1], -30)])
    await send(a[2], [view(a[2], -30), click(-20, 'markdown-1')])
    await send(a[3], [view(a[3], -30), view(a[3], -10)])
    // B: two convert (one twice), one not.
    await send(b[0], [view(b[0], -30), click(-25), click(-5)])
    await send(b[1], [view(b[1], -20), click(-19)])
    await send(b[2], [view(b[2], -20)])
    // A view naming a variant the visitor is not in: not counted.
    const forger = ofVariant('A')
    await send(forger, [view(forger, -15, 'B'), click(-14)])

    await rollupExperiments(t.db.db, [day])
    const first = await results(test.id)
    await rollupExperiments(t.db.db, [day])
    const second = await results(test.id)
    expect(second.variants).toEqual(first.variants)
    expect(first.variants.map((v) => [v.key, v.visitors, v.conversions])).toEqual([
      ['A', 4, 1],
      ['B', 3, 2],
    ])
    expect(first).toMatchObject({
      horizon: 3841,
      reachedHorizon: false,
      verdict: { state: 'collecting' },
      comparisons: 1,
    })
    expect(first.variants[1].comparison?.significant).toBeNull()
    expect(first.variants[0].rate).toBeCloseTo(0.25, 9)
    expect(first.progress).toBeCloseTo(3 / 3841, 9)
  })

  it('a late exposure still finds a conversion rolled up before; a paid goal counts orders attributed to the page', async () => {
    const { test, v1 } = await startedTest('ab-paid', undefined)
    // The same page's test, goal: paid orders (a second test of the page once the first is stopped).
    await as(t.app, publisher, 'POST', `/api/studio/experiments/${test.id}/stop`)
    const v2 = test.variants[1].version
    const paid = await createTest('ab-paid', testInput(v1, v2, { goal: { kind: 'paid' }, name: '支付测试' }))
    expect((await as(t.app, publisher, 'POST', `/api/studio/experiments/${paid.id}/start`)).statusCode).toBe(
      200,
    )
    const visitor = aid()
    const variant = assignVariant(paid.id, visitor, paid.variants)
    // The paid order arrives and is rolled up first; the page view that exposed them arrives later.
    await recorded(visitor, 'order_paid', at(5), { page_id: 'ab-paid', amount_fen: 30_000 })
    await rollupExperiments(t.db.db, [day])
    expect((await results(paid.id)).variants.every((v) => v.visitors === 0)).toBe(true)
    await send(visitor, [
      { kind: 'page_view', pageId: 'ab-paid', pageVersion: v1, experimentId: paid.id, variant, at: at(-10) },
    ])
    // An order attributed to another page does not count.
    const other = aid()
    const otherVariant = assignVariant(paid.id, other, paid.variants)
    await send(other, [
      {
        kind: 'page_view',
        pageId: 'ab-paid',
        pageVersion: v1,
        experimentId: paid.id,
        variant: otherVariant,
        at: at(-10),
      },
    ])
    await recorded(other, 'order_paid', at(6), { page_id: 'elsewhere', amount_fen: 30_000 })
    await rollupExperiments(t.db.db, [day])
    const counted = (await results(paid.id)).variants
    const mine = counted.find((v) => v.key === variant)!
    expect(mine.conversions).toBe(1)
    expect(counted.reduce((s, v) => s + v.visitors, 0)).toBe(2)
    expect(counted.reduce((s, v) => s + v.conversions, 0)).toBe(1)
  })

  it('a verdict once every variant reached the horizon', async () => {
    const { v1, v2 } = await pageWithTwoVersions('ab-verdict')
    // Baseline 50 %, +50 %: a horizon of a few dozen visitors.
    const test = await createTest(
      'ab-verdict',
      testInput(v1, v2, { baselineRate: 0.5, minEffect: 0.5, goal: { kind: 'paid' } }),
    )
    expect((await as(t.app, publisher, 'POST', `/api/studio/experiments/${test.id}/start`)).statusCode).toBe(
      200,
    )
    const horizon = test.samplePerVariant
    // Rows as the rollup writes them: A converts 40 %, B 90 %.
    const rows = ['A', 'B'].flatMap((key) =>
      Array.from({ length: horizon }, (_, i) => ({
        experiment_id: test.id,
        visitor: `${key}-${i}-${randomBytes(4).toString('hex')}`,
        variant: key,
        exposed_at: clock.now(),
        converted_at: i < horizon * (key === 'A' ? 0.4 : 0.9) ? clock.now() : null,
      })),
    )
    await t.db.db.insertInto('analytics_experiment_visitors').values(rows).execute()
    const result = await results(test.id)
    expect(result).toMatchObject({ reachedHorizon: true, verdict: { state: 'winner', winner: 'B' } })
    expect(result.variants[1].comparison?.significant).toBe(true)
    expect(result.sampleRatioP).toBeCloseTo(1, 9)
  })
})

describe('the running-test list', () => {
  it('a start and a stop show at once in this process (a studio write rechecks the content version)', async () => {
    const { v1, v2 } = await pageWithTwoVersions('ab-cache')
    const draft = await createTest('ab-cache', testInput(v1, v2))
    expect(
      (await visit('ab-cache', { cookie: `aid=${aid()}` })).json<PageAnswer>().experiment,
    ).toBeUndefined()
    await as(t.app, publisher, 'POST', `/api/studio/experiments/${draft.id}/start`)
    expect((await visit('ab-cache', { cookie: `aid=${aid()}` })).json<PageAnswer>().experiment?.id).toBe(
      draft.id,
    )
    await as(t.app, publisher, 'POST', `/api/studio/experiments/${draft.id}/stop`)
    expect(
      (await visit('ab-cache', { cookie: `aid=${aid()}` })).json<PageAnswer>().experiment,
    ).toBeUndefined()
  })
})
