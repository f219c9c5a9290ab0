import { beforeEach, describe, expect, it } from 'vitest'
import { loginAs, testClock, type TestApp } from './helpers'
import { as, publishPage, saveAndPublish, staffLogin, studioCookie, validPage } from './studioHelpers'
import { studioTestApp } from './studioTestApp'

// The publishing model (docs/studio.md) by the server's clock: a newer publish, schedule, rollback or 下线
// supersedes pending schedules, which staff can also cancel; statuses by server time; what is live after a
// rollback and loading it into the draft; campaigns act only while their page version is live; preview links die
// with their author's account.

const HOUR = 3600_000
const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))
let t: TestApp
let editor: string
let publisher: string
let admin: string

type ErrorBody = { error: { code: string; message: string } }
const errorOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().error
const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString()

studioTestApp(clock, (app) => ({ t, editor, publisher, admin } = app))

const consumerTitle = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/pages/${id}` })
  return res.statusCode === 200 ? res.json<{ config?: { title: string }; offline?: true }>() : res.statusCode
}

interface Detail {
  status: string
  draftRevision: number
  live: { version: number; kind: string; by: string } | null
  pending: { id: string; version: number; publishAt: string; by: string }[]
  draftMatchesLive: boolean | null
}
const detail = async (id: string) =>
  (await as(t.app, editor, 'GET', `/api/studio/pages/${id}`)).json<Detail>()

/** Saves `config` as the draft and publishes it, now or at `at`; the answer. */
async function publish(id: string, config: Record<string, unknown>, at?: string) {
  const exists = await as(t.app, publisher, 'GET', `/api/studio/pages/${id}`)
  if (exists.statusCode === 404)
    expect((await as(t.app, publisher, 'POST', '/api/studio/pages', { id, title: '测试' })).statusCode).toBe(
      201,
    )
  const { published: res } = await saveAndPublish(t.app, publisher, id, config, at)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ version: number; superseded: { version: number }[] }>()
}

describe('pending schedules', () => {
  it('a publish now supersedes an older schedule: v2 stays after v1 was due', async () => {
    await publish('sched-a', validPage('第一版'), later(2 * HOUR))
    const now = await publish('sched-a', validPage('第二版'))
    expect(now).toMatchObject({ version: 2, superseded: [{ version: 1 }] })
    expect(await consumerTitle('sched-a')).toMatchObject({ config: { title: '第二版' } })
    clock.advance(3 * HOUR)
    expect(await consumerTitle('sched-a')).toMatchObject({ config: { title: '第二版' } })
    const versions = (await as(t.app, editor, 'GET', '/api/studio/pages/sched-a/versions')).json<{
      versions: { version: number; publications: { state: string; endedBy: string | null }[] }[]
    }>().versions
    expect(versions.map((v) => [v.version, v.publications])).toEqual([
      [2, [expect.objectContaining({ state: 'done', endedBy: null })]],
      [1, [expect.objectContaining({ state: 'superseded', endedBy: '发布负责人' })]],
    ])
  })

  it('a rollback supersedes a schedule as well', async () => {
    await publish('sched-b', validPage('第一版'))
    await publish('sched-b', validPage('第二版'))
    await publish('sched-b', validPage('第三版'), later(HOUR))
    const back = await as(t.app, publisher, 'POST', '/api/studio/pages/sched-b/rollback', { version: 1 })
    expect(back.json()).toMatchObject({ version: 1, superseded: [{ version: 3 }] })
    clock.advance(2 * HOUR)
    expect(await consumerTitle('sched-b')).toMatchObject({ config: { title: '第一版' } })
    expect(await detail('sched-b')).toMatchObject({ pending: [], live: { version: 1, kind: 'rollback' } })
  })

  it('a newer schedule supersedes the older one: one pending schedule at a time', async () => {
    await publish('sched-c', validPage('第一版'), later(4 * HOUR))
    const second = await publish('sched-c', validPage('第二版'), later(2 * HOUR))
    expect(second.superseded).toEqual([{ version: 1, publishAt: expect.any(String) }])
    expect((await detail('sched-c')).pending.map((p) => p.version)).toEqual([2])
    clock.advance(5 * HOUR)
    expect(await consumerTitle('sched-c')).toMatchObject({ config: { title: '第二版' } })
  })

  it('lists pending schedules and cancels one (audited, kept as history); a cancelled one never goes live', async () => {
    await publish('sched-d', validPage('线上版'))
    await publish('sched-d', validPage('定时版'), later(HOUR))
    const page = await detail('sched-d')
    expect(page).toMatchObject({ status: 'live', pending: [{ version: 2, by: '发布负责人' }] })
    const [pending] = page.pending
    const url = `/api/studio/pages/sched-d/schedules/${pending.id}/cancel`
    expect((await as(t.app, editor, 'POST', url)).statusCode).toBe(403)
    const cancelled = await as(t.app, publisher, 'POST', url)
    expect(cancelled.json()).toEqual({
      version: 2,
      publishAt: pending.publishAt,
      cancelledAt: expect.stringMatching(/\+08:00$/),
    })
    const again = await as(t.app, publisher, 'POST', url)
    expect({ status: again.statusCode, code: errorOf(again).code }).toEqual({
      status: 409,
      code: 'SCHEDULE_NOT_PENDING',
    })
    expect((await detail('sched-d')).pending).toEqual([])
    clock.advance(2 * HOUR)
    expect(await consumerTitle('sched-d')).toMatchObject({ config: { title: '线上版' } })
    const audit = (await as(t.app, editor, 'GET', '/api/studio/audit?page=sched-d')).json<{
      entries: { action: string; staff: string; version: number; detail: string }[]
    }>().entries
    expect(audit[0]).toMatchObject({ action: 'cancel-schedule', staff: '发布负责人', version: 2 })
    expect(audit[0].detail).toContain('取消定时发布：版本 2')
    const versions = (await as(t.app, editor, 'GET', '/api/studio/pages/sched-d/versions')).json<{
      versions: { version: number; publications: { state: string; endedBy: string }[] }[]
    }>().versions
    expect(versions[0].publications).toEqual([
      expect.objectContaining({ state: 'cancelled', endedBy: '发布负责人' }),
    ])
  })

  it('下线 supersedes a pending schedule; publishing again brings the page back', async () => {
    await publish('sched-e', validPage('上线'))
    await publish('sched-e', validPage('定时'), later(HOUR))
    const off = await as(t.app, publisher, 'POST', '/api/studio/pages/sched-e/unpublish')
    expect(off.json()).toMatchObject({ superseded: [{ version: 2 }] })
    clock.advance(2 * HOUR)
    expect(await consumerTitle('sched-e')).toMatchObject({ offline: true })
    expect(await detail('sched-e')).toMatchObject({ status: 'offline', live: null, pending: [] })
  })
})

describe('statuses by server time', () => {
  const schedule = {
    preheatAt: '2026-12-01T00:00:00+08:00',
    startAt: '2026-12-05T00:00:00+08:00',
    endAt: '2026-12-10T00:00:00+08:00',
    fallback: '/',
  }

  it('草稿 → 未开始 (scheduled, then published before preheat) → 预热中 → 进行中 → 已结束; 下线 in any phase', async () => {
    const status = async (id: string) => (await detail(id)).status
    expect(
      (await as(t.app, publisher, 'POST', '/api/studio/pages', { id: 'phases', title: '阶段' })).statusCode,
    ).toBe(201)
    expect(await status('phases')).toBe('draft')
    const config = validPage('阶段', { schedule })
    await publish('phases', config, later(HOUR))
    expect(await status('phases')).toBe('upcoming')
    clock.advance(HOUR)
    // Published, before its preheat: 未开始, not 已下线.
    expect(await status('phases')).toBe('upcoming')
    const list = (await as(t.app, editor, 'GET', '/api/studio/pages?q=phases')).json<{
      pages: { status: string }[]
    }>()
    expect(list.pages[0].status).toBe('upcoming')
    const jump = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime())
    jump('2026-12-01T00:00:00+08:00')
    editor = await staffLogin(t.app, 'editor')
    expect(await status('phases')).toBe('preheat')
    jump('2026-12-05T00:00:00+08:00')
    editor = await staffLogin(t.app, 'editor')
    expect(await status('phases')).toBe('live')
    jump('2026-12-10T00:00:00+08:00')
    editor = await staffLogin(t.app, 'editor')
    expect(await status('phases')).toBe('ended')
  })

  it('下线 works for a page published before its preheat', async () => {
    const future = {
      preheatAt: later(10 * 24 * HOUR),
      startAt: later(11 * 24 * HOUR),
      endAt: later(12 * 24 * HOUR),
      fallback: '/',
    }
    await publish('early', validPage('早', { schedule: future }))
    expect((await detail('early')).status).toBe('upcoming')
    const off = await as(t.app, publisher, 'POST', '/api/studio/pages/early/unpublish')
    expect(off.statusCode).toBe(200)
    expect((await detail('early')).status).toBe('offline')
  })
})

describe('after a rollback', () => {
  it('says what is live and whether the draft differs; loads the live version into the draft (audited)', async () => {
    await publish('rb', validPage('第一版'))
    await publish('rb', validPage('第二版'))
    expect(await detail('rb')).toMatchObject({
      live: { version: 2, kind: 'publish' },
      draftMatchesLive: true,
    })
    await as(t.app, publisher, 'POST', '/api/studio/pages/rb/rollback', { version: 1 })
    const after = await detail('rb')
    expect(after).toMatchObject({
      live: { version: 1, kind: 'rollback', by: '发布负责人' },
      draftMatchesLive: false,
    })
    const stale = await as(t.app, editor, 'POST', '/api/studio/pages/rb/draft/load-live', undefined, {
      'if-match': `"${after.draftRevision - 1}"`,
    })
    expect({ status: stale.statusCode, code: errorOf(stale).code }).toEqual({
      status: 409,
      code: 'DRAFT_CONFLICT',
    })
    const loaded = await as(t.app, editor, 'POST', '/api/studio/pages/rb/draft/load-live', undefined, {
      'if-match': `"${after.draftRevision}"`,
    })
    expect(loaded.json()).toMatchObject({ revision: after.draftRevision + 1, savedBy: '运营编辑' })
    const page = (await as(t.app, editor, 'GET', '/api/studio/pages/rb')).json<Detail & { config: object }>()
    expect(page).toMatchObject({ draftMatchesLive: true, config: { title: '第一版' } })
    const audit = (await as(t.app, editor, 'GET', '/api/studio/audit?page=rb')).json<{
      entries: { action: string; version: number; detail: string }[]
    }>().entries
    expect(audit[0]).toMatchObject({ action: 'load-live', version: 1 })
    expect(audit[0].detail).toContain('载入线上版本 1 到草稿')
    await as(t.app, publisher, 'POST', '/api/studio/pages/rb/unpublish')
    const none = await as(t.app, editor, 'POST', '/api/studio/pages/rb/draft/load-live', undefined, {
      'if-match': `"${page.draftRevision}"`,
    })
    expect({ status: none.statusCode, code: errorOf(none).code }).toEqual({
      status: 409,
      code: 'NO_LIVE_VERSION',
    })
  })
})

describe('a page campaign acts only while its page version is live', () => {
  const lottery = (title: string, id: string, weight = 1) =>
    validPage(title, {
      campaigns: {
        [id]: {
          kind: 'lottery',
          title,
          window: { startAt: '2026-11-01T00:00:00+08:00', endAt: '2027-01-31T23:59:59+08:00' },
          limits: { perUserTotal: 50 },
          prizes: [
            { id: 'p1', name: '10积分', weight, stock: 100, reward: { kind: 'points', amount: 10 } },
            { id: 'none', name: '谢谢参与', weight: 1, reward: { kind: 'nothing' } },
          ],
        },
      },
      blocks: [
        { type: 'title', text: title },
        { type: 'lottery', campaign: id },
      ],
    })
  let user: string
  let users = 0
  beforeEach(async () => {
    users++
    user = await loginAs(t.app, `1372000${String(users).padStart(4, '0')}`, `10.26.0.${users}`)
  })
  const draw = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/draws`, headers: { cookie: user } })
  const state = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/campaigns/${id}` })).json<{
      status: string
      title: string
    }>()

  it('scheduled for later: 未开始 until the page is live, then drawable', async () => {
    await publish('camp-a', lottery('定时抽奖', 'camp-a-draw'), later(HOUR))
    expect(await consumerTitle('camp-a')).toBe(404)
    const early = await draw('camp-a-draw')
    expect({ status: early.statusCode, error: errorOf(early) }).toEqual({
      status: 409,
      error: { code: 'CAMPAIGN_NOT_STARTED', message: expect.stringContaining('活动未开始') },
    })
    expect(await state('camp-a-draw')).toMatchObject({ status: 'upcoming' })
    clock.advance(HOUR)
    expect((await draw('camp-a-draw')).statusCode).toBe(200)
    expect(await state('camp-a-draw')).toMatchObject({ status: 'live' })
  })

  it('offline: 已下线, no more draws; back online when published again', async () => {
    await publish('camp-b', lottery('下线抽奖', 'camp-b-draw'))
    expect((await draw('camp-b-draw')).statusCode).toBe(200)
    await as(t.app, publisher, 'POST', '/api/studio/pages/camp-b/unpublish')
    const off = await draw('camp-b-draw')
    expect({ status: off.statusCode, error: errorOf(off) }).toEqual({
      status: 409,
      error: { code: 'CAMPAIGN_OFFLINE', message: '活动已下线' },
    })
    expect(await state('camp-b-draw')).toMatchObject({ status: 'offline' })
    await publish('camp-b', lottery('下线抽奖', 'camp-b-draw'))
    expect((await draw('camp-b-draw')).statusCode).toBe(200)
  })

  it('a rollback to a version without the campaign stops it; forward again restores it', async () => {
    await publish('camp-c', validPage('无活动'))
    await publish('camp-c', lottery('回滚抽奖', 'camp-c-draw'))
    expect((await draw('camp-c-draw')).statusCode).toBe(200)
    await as(t.app, publisher, 'POST', '/api/studio/pages/camp-c/rollback', { version: 1 })
    expect(errorOf(await draw('camp-c-draw')).code).toBe('CAMPAIGN_OFFLINE')
    await as(t.app, publisher, 'POST', '/api/studio/pages/camp-c/rollback', { version: 2 })
    expect((await draw('camp-c-draw')).statusCode).toBe(200)
  })

  it("a scheduled version's rules wait: the live version's rules stay in force until it goes live", async () => {
    await publish('camp-d', lottery('旧规则', 'camp-d-draw'))
    await publish('camp-d', lottery('新规则', 'camp-d-draw', 0), later(HOUR))
    const weight = () =>
      t.db.db
        .selectFrom('campaign_prizes')
        .select('weight')
        .where('campaign_id', '=', 'camp-d-draw')
        .where('prize_id', '=', 'p1')
        .executeTakeFirstOrThrow()
    expect(await state('camp-d-draw')).toMatchObject({ title: '旧规则', status: 'live' })
    expect(await weight()).toEqual({ weight: 1 })
    clock.advance(HOUR)
    expect(await state('camp-d-draw')).toMatchObject({ title: '新规则', status: 'live' })
    expect(await weight()).toEqual({ weight: 0 })
  })

  it('folder configs keep working as before (not gated by a studio page)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/campaigns/worldcup-2026' })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ status: string }>().status).not.toBe('offline')
  })
})

describe('preview links', () => {
  it("stop working when their author's account is disabled, saying why", async () => {
    const created = await as(t.app, admin, 'POST', '/api/studio/staff', {
      username: 'previewer',
      displayName: '预览作者',
      role: 'editor',
      password: 'previewer-2026',
    })
    expect(created.statusCode).toBe(201)
    const author = await as(t.app, null, 'POST', '/api/studio/session', {
      username: 'previewer',
      password: 'previewer-2026',
    })
    await publishPage(t.app, publisher, 'peek2', validPage('预览'))
    const link = await as(t.app, studioCookie(author), 'POST', '/api/studio/pages/peek2/preview-links', {})
    const token = new URL(link.json<{ url: string }>().url, 'http://x').searchParams.get('preview') as string
    const open = () => t.app.inject({ method: 'GET', url: `/api/pages/peek2/preview?token=${token}` })
    expect((await open()).statusCode).toBe(200)
    const id = created.json<{ id: number }>().id
    await as(t.app, admin, 'PATCH', `/api/studio/staff/${id}`, { disabled: true })
    const refused = await open()
    expect({ status: refused.statusCode, error: errorOf(refused) }).toEqual({
      status: 403,
      error: { code: 'PREVIEW_AUTHOR_DISABLED', message: expect.stringContaining('账号已停用') },
    })
  })
})

describe('a version published at an older schema', () => {
  it('is sent at the current schema, images from elsewhere dropped: no browser or render migrates it', async () => {
    const { version } = await publish('old-schema', validPage('旧版'))
    // As a server of schema 1 stored it: a richtext block, share.imgUrl, an image from another host.
    const old = {
      schemaVersion: 1,
      title: '旧版',
      share: { title: '分享', imgUrl: '/springFestival/hero.svg' },
      blocks: [
        { type: 'richtext', content: '## 活动规则' },
        { type: 'image', src: 'https://evil.example.com/x.png', alt: '外站图片' },
      ],
    }
    await t.db.db
      .updateTable('studio_page_versions')
      .set({ config: JSON.stringify(old) })
      .where('page_id', '=', 'old-schema')
      .where('version', '=', version)
      .execute()
    const res = await t.app.inject({ method: 'GET', url: '/api/pages/old-schema' })
    const { config } = res.json<{ config: Record<string, unknown> }>()
    expect(config).toMatchObject({
      schemaVersion: 3,
      share: { title: '分享', image: '/springFestival/hero.svg' },
      blocks: [
        { type: 'markdown', source: '## 活动规则' },
        { type: 'image', alt: '外站图片' },
      ],
    })
    expect(JSON.stringify(config)).not.toContain('evil.example.com')
  })
})
