import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { json, testClock, type TestApp } from './helpers'
import { studioTestApp } from './studioTestApp'
import { multipart } from './uploads'
import {
  as,
  publishPage,
  saveAndPublish,
  saveDraft,
  staffHeaders,
  staffLogin,
  studioCookie,
  validPage,
} from './studioHelpers'

// The studio's API as staff and consumers meet it: logins (their throttling: staffLogin.test.ts), drafts with
// optimistic locking, publishing now and at a time (by the server's clock), rollback, unpublish, preview links,
// page ids, campaigns registered on publish, uploads and the audit log.

const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))
let t: TestApp
let editor: string
let publisher: string
let admin: string

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown>[] } }
const errorOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().error

studioTestApp(clock, (app) => ({ t, editor, publisher, admin } = app))

const consumer = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/pages/${id}`, headers })

async function create(id: string, extra: Record<string, unknown> = {}) {
  const res = await as(t.app, editor, 'POST', '/api/studio/pages', { id, title: '测试页面', ...extra })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ draftRevision: number; config: Record<string, unknown>; errors: unknown[] }>()
}

describe('staff login', () => {
  it('signs in with a studio-scoped, HttpOnly, SameSite=Strict cookie; logout ends the session', async () => {
    const res = await json(t.app, {
      method: 'POST',
      url: '/api/studio/session',
      body: { username: 'editor', password: 'editor-2026' },
    })
    expect(res.json()).toEqual({
      staff: { id: 1, username: 'editor', displayName: '运营编辑', role: 'editor' },
    })
    const cookie = res.cookies.find((c) => c.name === 'studio_session')
    expect(cookie).toMatchObject({ path: '/api/studio', httpOnly: true, sameSite: 'Strict' })
    const session = studioCookie(res)
    expect((await as(t.app, session, 'GET', '/api/studio/session')).json()).toMatchObject({
      staff: { role: 'editor' },
    })
    expect((await as(t.app, session, 'DELETE', '/api/studio/session')).statusCode).toBe(204)
    const after = await as(t.app, session, 'GET', '/api/studio/session')
    expect({ status: after.statusCode, code: errorOf(after).code }).toEqual({
      status: 401,
      code: 'STAFF_LOGIN_REQUIRED',
    })
  })

  it('refuses a wrong password or an unknown user with one message', async () => {
    for (const body of [
      { username: 'editor', password: 'wrong-password' },
      { username: 'nobody', password: 'editor-2026' },
    ]) {
      const res = await json(t.app, { method: 'POST', url: '/api/studio/session', body })
      expect({ status: res.statusCode, error: errorOf(res) }).toEqual({
        status: 401,
        error: { code: 'STAFF_LOGIN_FAILED', message: '用户名或密码错误' },
      })
    }
  })
})

describe('staff accounts (admin)', () => {
  it('creates, refuses a taken username, disables (ending its sessions) and never changes its own role', async () => {
    const created = await as(t.app, admin, 'POST', '/api/studio/staff', {
      username: 'zhangsan',
      displayName: '张三',
      role: 'publisher',
      password: 'zhangsan-2026',
    })
    expect(created.statusCode).toBe(201)
    const { id } = created.json<{ id: number }>()
    const again = await as(t.app, admin, 'POST', '/api/studio/staff', {
      username: 'zhangsan',
      displayName: '张三',
      role: 'editor',
      password: 'zhangsan-2026',
    })
    expect({ status: again.statusCode, code: errorOf(again).code }).toEqual({
      status: 409,
      code: 'STAFF_USERNAME_TAKEN',
    })
    const login = await json(t.app, {
      method: 'POST',
      url: '/api/studio/session',
      body: { username: 'zhangsan', password: 'zhangsan-2026' },
    })
    const session = studioCookie(login)
    const disabled = await as(t.app, admin, 'PATCH', `/api/studio/staff/${id}`, { disabled: true })
    expect(disabled.json()).toMatchObject({ disabled: true })
    expect((await as(t.app, session, 'GET', '/api/studio/session')).statusCode).toBe(401)
    const self = await as(t.app, admin, 'PATCH', '/api/studio/staff/3', { role: 'editor' })
    expect({ status: self.statusCode, code: errorOf(self).code }).toEqual({
      status: 409,
      code: 'STAFF_SELF_CHANGE',
    })
  })
})

describe('page ids', () => {
  it('refuses an id that is a folder route, a reserved path, taken, or differs only in letter case', async () => {
    await create('spring')
    for (const [id, named] of [
      ['worldcup', 'page-configs/activity/worldcup.json'],
      ['fairness', '/activity/fairness'],
      ['preview', '系统保留'],
      ['studio', '系统保留'],
      ['new', '系统保留'],
      ['spring', '已有同名页面'],
      ['sPRING', '已有同名页面'],
    ]) {
      const res = await as(t.app, editor, 'POST', '/api/studio/pages', { id, title: 'x' })
      expect({ id, status: res.statusCode, code: errorOf(res).code }).toEqual({
        id,
        status: 409,
        code: 'PAGE_ID_TAKEN',
      })
      expect(errorOf(res).message).toContain(`页面编号 ${id} 已被占用`)
      expect(errorOf(res).message).toContain(named)
    }
    const bad = await as(t.app, editor, 'POST', '/api/studio/pages', { id: 'Bad id', title: 'x' })
    expect({ status: bad.statusCode, field: errorOf(bad).details?.[0].field }).toEqual({
      status: 400,
      field: 'id',
    })
  })

  it('copies a template with its campaigns renamed {id}-{old}, block references included', async () => {
    const page = await create('cup', { template: 'activity/worldcup/result.json' })
    expect(page.config.title).toBe('测试页面')
    const fromFolder = await create('cup2', { template: 'activity/worldcup.json' })
    expect(Object.keys(fromFolder.config.campaigns as object)).toEqual(['cup2-worldcup-2026'])
    expect(JSON.stringify(fromFolder.config)).not.toContain('"worldcup-2026"')
    const list = (await as(t.app, editor, 'GET', '/api/studio/pages?q=cup')).json<{
      pages: { id: string; status: string }[]
      folders: { file: string; route: string }[]
    }>()
    expect(list.pages.map((p) => [p.id, p.status]).sort()).toEqual([
      ['cup', 'draft'],
      ['cup2', 'draft'],
    ])
    expect(list.folders).toContainEqual(
      expect.objectContaining({ file: 'activity/worldcup.json', route: '/activity/worldcup' }),
    )
    // A lottery whose eligibility names another campaign of the page: every reference follows, the copy is valid.
    const trial = await create('tf', { template: 'manualactivity/trialFee/lottery.json' })
    expect(Object.keys(trial.config.campaigns as object)).toEqual(['tf-trialfee-calc', 'tf-trialfee-lottery'])
    expect(JSON.stringify(trial.config)).toContain('"entryOf":"tf-trialfee-calc"')
    expect(JSON.stringify(trial.config)).toContain('"campaign":"tf-trialfee-lottery"')
    expect(trial.errors).toEqual([])
    const missing = await as(t.app, editor, 'POST', '/api/studio/pages', {
      id: 'cup3',
      title: 'x',
      template: 'nope.json',
    })
    expect({ status: missing.statusCode, field: errorOf(missing).details?.[0].field }).toEqual({
      status: 400,
      field: 'template',
    })
  })
})

describe('drafts', () => {
  it('saves with If-Match; a stale revision is 409 naming who saved and when; no If-Match is 428', async () => {
    await create('locking')
    const first = await saveDraft(t.app, editor, 'locking', validPage('编辑的版本'))
    expect(first.json()).toMatchObject({ revision: 2, savedBy: '运营编辑' })
    const stale = await as(
      t.app,
      publisher,
      'PUT',
      '/api/studio/pages/locking/draft',
      validPage('发布员的版本'),
      {
        'if-match': '"1"',
      },
    )
    const hhmm = new Date(clock.now().getTime() + 8 * 3600_000).toISOString().slice(11, 16)
    expect({ status: stale.statusCode, error: errorOf(stale) }).toEqual({
      status: 409,
      error: {
        code: 'DRAFT_CONFLICT',
        message: `草稿已被运营编辑于${hhmm}保存，请刷新后再改`,
        details: [expect.objectContaining({ savedBy: '运营编辑', revision: 2 })],
      },
    })
    const none = await as(t.app, editor, 'PUT', '/api/studio/pages/locking/draft', validPage())
    expect({ status: none.statusCode, code: errorOf(none).code }).toEqual({
      status: 428,
      code: 'DRAFT_REVISION_REQUIRED',
    })
    const detail = (await as(t.app, editor, 'GET', '/api/studio/pages/locking')).json<{
      title: string
      draftRevision: number
      savedBy: string
      errors: unknown[]
    }>()
    expect(detail).toMatchObject({ title: '编辑的版本', draftRevision: 2, savedBy: '运营编辑', errors: [] })
    const missing = await as(t.app, editor, 'PUT', '/api/studio/pages/nosuch/draft', validPage(), {
      'if-match': '"1"',
    })
    expect({ status: missing.statusCode, code: errorOf(missing).code }).toEqual({
      status: 404,
      code: 'PAGE_NOT_FOUND',
    })
  })

  it('keeps the config as written (key order) and refuses a body that is no object', async () => {
    await create('order')
    const config = { title: '顺序', schemaVersion: 3, blocks: [{ type: 'title', text: '顺序' }] }
    expect((await saveDraft(t.app, editor, 'order', config)).statusCode).toBe(200)
    const detail = (await as(t.app, editor, 'GET', '/api/studio/pages/order')).json<{ config: object }>()
    expect(Object.keys(detail.config)).toEqual(['title', 'schemaVersion', 'blocks'])
    const array = await as(t.app, editor, 'PUT', '/api/studio/pages/order/draft', [], { 'if-match': '"2"' })
    expect(array.statusCode).toBe(400)
    const broken = await t.app.inject({
      method: 'PUT',
      url: '/api/studio/pages/order/draft',
      headers: { ...staffHeaders(editor), 'content-type': 'application/json', 'if-match': '"2"' },
      payload: '{"title": "x",',
    })
    expect({ status: broken.statusCode, code: errorOf(broken).code }).toEqual({
      status: 400,
      code: 'INVALID_JSON',
    })
  })
  it('takes a config of up to 2 MiB (a large page), refuses a larger one with 413', async () => {
    const big = (bytes: number) =>
      validPage('大页面', { blocks: [{ type: 'markdown', source: 'x'.repeat(bytes) }] })
    const large = await as(t.app, editor, 'POST', '/api/studio/validate', big(1_500_000))
    expect(large.statusCode).toBe(200)
    const tooLarge = await as(t.app, editor, 'POST', '/api/studio/validate', big(2_200_000))
    expect({ status: tooLarge.statusCode, code: errorOf(tooLarge).code }).toEqual({
      status: 413,
      code: 'BODY_TOO_LARGE',
    })
  })
})

describe('publishing', () => {
  it('refuses to publish a page over its size budget, saying how many blocks it has and the limit', async () => {
    await create('huge')
    // Six tabs of 60 blocks each and the tabs block: 361, over the 300 a page may have.
    const tabs = Array.from({ length: 6 }, (_, t) => ({
      title: `分组${t + 1}`,
      blocks: Array.from({ length: 60 }, (_, i) => ({ type: 'title', text: `第 ${t * 60 + i + 1} 节` })),
    }))
    const { published: res } = await saveAndPublish(
      t.app,
      publisher,
      'huge',
      validPage('大促会场', { blocks: [{ type: 'tabs', tabs }] }),
    )
    expect({ status: res.statusCode, code: errorOf(res).code }).toEqual({
      status: 409,
      code: 'DRAFT_HAS_ERRORS',
    })
    const blocks = errorOf(res).details?.find((d) => d.pointer === '/blocks')
    expect(blocks?.message).toContain('页面共有 361 个区块（含标签页里的），超过上限 300 个')
    expect((await consumer('huge')).statusCode).toBe(404)
  })

  it('refuses to publish while an error remains, naming the field', async () => {
    await create('blank')
    const detail = (await as(t.app, publisher, 'GET', '/api/studio/pages/blank')).json<{
      errors: { pointer: string }[]
    }>()
    expect(detail.errors.map((e) => e.pointer)).toContain('/blocks')
    const res = await as(t.app, publisher, 'POST', '/api/studio/pages/blank/publish', { revision: 1 })
    expect({ status: res.statusCode, code: errorOf(res).code }).toEqual({
      status: 409,
      code: 'DRAFT_HAS_ERRORS',
    })
    expect(errorOf(res).details).toContainEqual(
      expect.objectContaining({ pointer: '/blocks', field: '/blocks' }),
    )
    expect((await consumer('blank')).statusCode).toBe(404)
    const stale = await as(t.app, publisher, 'POST', '/api/studio/pages/blank/publish', { revision: 7 })
    expect(stale.statusCode).toBe(409)
  })

  it('serves the live version with ETag, a short cache, 304 and compiled markdown', async () => {
    expect((await consumer('served')).json()).toEqual({
      error: { code: 'PAGE_NOT_FOUND', message: '页面不存在' },
    })
    const version = await publishPage(t.app, publisher, 'served')
    const res = await consumer('served')
    expect(res.headers.etag).toBe(`"served-${version}"`)
    // A CDN may keep it a few seconds; a browser asks again each time (304 while it holds).
    expect(res.headers['cache-control']).toMatch(
      /^public, max-age=0, s-maxage=[0-5], stale-while-revalidate=2$/,
    )
    const body = res.json<{
      id: string
      version: number
      config: { title: string }
      markdown: Record<string, unknown>
    }>()
    expect(body).toMatchObject({ id: 'served', version: 1, config: { title: '双十二加油站' } })
    expect(body.markdown['## 活动规则\n1. 每人每天一次']).toEqual([
      { tag: 'h2', children: ['活动规则'] },
      { tag: 'ol', children: [{ tag: 'li', children: ['每人每天一次'] }] },
    ])
    const cached = await consumer('served', { 'if-none-match': `"served-${version}"` })
    expect({ status: cached.statusCode, body: cached.body }).toEqual({ status: 304, body: '' })
    const list = (await as(t.app, editor, 'GET', '/api/studio/pages?q=served')).json<{ pages: object[] }>()
    expect(list.pages).toEqual([expect.objectContaining({ id: 'served', status: 'live', liveVersion: 1 })])
  })

  it('publishes at a time: invisible until then by the server clock, live after', async () => {
    await create('later')
    const saved = await saveDraft(t.app, editor, 'later', validPage('定时页面'))
    const revision = saved.json<{ revision: number }>().revision
    const past = await as(t.app, publisher, 'POST', '/api/studio/pages/later/publish', {
      revision,
      at: '2026-11-22T11:59:00+08:00',
    })
    expect({ status: past.statusCode, field: errorOf(past).details?.[0].field }).toEqual({
      status: 400,
      field: 'at',
    })
    const at = new Date(clock.now().getTime() + 2 * 3600_000)
    const scheduled = await as(t.app, publisher, 'POST', '/api/studio/pages/later/publish', {
      revision,
      at: at.toISOString(),
    })
    expect(scheduled.json()).toEqual({
      version: 1,
      publishAt: expect.stringMatching(/\+08:00$/),
      superseded: [],
    })
    expect((await consumer('later')).statusCode).toBe(404)
    const summary = (await as(t.app, editor, 'GET', '/api/studio/pages?q=later')).json<{ pages: object[] }>()
      .pages[0]
    expect(summary).toMatchObject({ status: 'upcoming', liveVersion: null, scheduledAt: expect.any(String) })
    clock.advance(2 * 3600_000 - 1000)
    expect((await consumer('later')).statusCode).toBe(404)
    clock.advance(1000)
    expect((await consumer('later')).json()).toMatchObject({ version: 1, config: { title: '定时页面' } })
  })

  it('rolls back: the consumer sees the older version again, with another ETag; versions never change', async () => {
    await publishPage(t.app, publisher, 'roll', validPage('第一版'))
    await publishPage(t.app, publisher, 'roll', validPage('第二版'))
    const second = await consumer('roll')
    expect({
      etag: second.headers.etag,
      title: second.json<{ config: { title: string } }>().config.title,
    }).toEqual({
      etag: '"roll-2"',
      title: '第二版',
    })
    const editorTry = await as(t.app, editor, 'POST', '/api/studio/pages/roll/rollback', { version: 1 })
    expect(editorTry.statusCode).toBe(403)
    const back = await as(t.app, publisher, 'POST', '/api/studio/pages/roll/rollback', { version: 1 })
    expect(back.json()).toMatchObject({ version: 1 })
    const first = await consumer('roll', { 'if-none-match': '"roll-2"' })
    expect({ status: first.statusCode, etag: first.headers.etag }).toEqual({ status: 200, etag: '"roll-1"' })
    expect(first.json()).toMatchObject({ version: 1, config: { title: '第一版' } })
    const v2 = (await as(t.app, editor, 'GET', '/api/studio/pages/roll/versions/2')).json()
    expect(v2).toMatchObject({ version: 2, config: { title: '第二版' } })
    const versions = (await as(t.app, editor, 'GET', '/api/studio/pages/roll/versions')).json<{
      versions: { version: number; createdBy: string; publications: { kind: string; by: string }[] }[]
    }>()
    expect(versions.versions.map((v) => [v.version, v.publications.map((p) => p.kind)])).toEqual([
      [2, ['publish']],
      [1, ['rollback', 'publish']],
    ])
    const unknown = await as(t.app, publisher, 'POST', '/api/studio/pages/roll/rollback', { version: 9 })
    expect({ status: unknown.statusCode, code: errorOf(unknown).code }).toEqual({
      status: 404,
      code: 'VERSION_NOT_FOUND',
    })
  })

  it('unpublishes: offline with the fallback, scheduled publications cancelled', async () => {
    const config = validPage('下线测试', {
      schedule: {
        startAt: '2026-11-01T00:00:00+08:00',
        endAt: '2027-01-31T23:59:59+08:00',
        fallback: '/newgift',
      },
    })
    await publishPage(t.app, publisher, 'gone', config)
    const page = (await as(t.app, editor, 'GET', '/api/studio/pages/gone')).json<{ draftRevision: number }>()
    await as(t.app, publisher, 'POST', '/api/studio/pages/gone/publish', {
      revision: page.draftRevision,
      at: new Date(clock.now().getTime() + 3600_000).toISOString(),
    })
    const off = await as(t.app, publisher, 'POST', '/api/studio/pages/gone/unpublish')
    expect(off.json()).toEqual({
      offlineAt: expect.stringMatching(/\+08:00$/),
      superseded: [{ version: 2, publishAt: expect.stringMatching(/\+08:00$/) }],
    })
    expect((await consumer('gone')).json()).toEqual({ id: 'gone', offline: true, fallback: '/newgift' })
    clock.advance(2 * 3600_000)
    expect((await consumer('gone')).json()).toEqual({ id: 'gone', offline: true, fallback: '/newgift' })
    const summary = (await as(t.app, editor, 'GET', '/api/studio/pages?q=gone')).json<{ pages: object[] }>()
      .pages[0]
    expect(summary).toMatchObject({ status: 'offline', liveVersion: null, scheduledAt: null })
    // Publishing again brings it back.
    await publishPage(t.app, publisher, 'gone', config)
    expect((await consumer('gone')).json()).toMatchObject({ version: 3 })
    await create('never')
    const never = await as(t.app, publisher, 'POST', '/api/studio/pages/never/unpublish')
    expect({ status: never.statusCode, code: errorOf(never).code }).toEqual({
      status: 409,
      code: 'PAGE_NOT_PUBLISHED',
    })
  })

  it('shows the status by the schedule of the live version (ended after endAt)', async () => {
    await publishPage(
      t.app,
      publisher,
      'ending',
      validPage('将结束', {
        schedule: { startAt: '2026-11-01T00:00:00+08:00', endAt: '2026-12-31T00:00:00+08:00', fallback: '/' },
      }),
    )
    const status = async () =>
      (await as(t.app, editor, 'GET', '/api/studio/pages?q=ending')).json<{ pages: { status: string }[] }>()
        .pages[0].status
    expect(await status()).toBe('live')
    clock.advance(40 * 24 * 3600_000)
    editor = await staffLogin(t.app, 'editor')
    expect(await status()).toBe('ended')
  })
})

describe('campaigns of a published page', () => {
  const lottery = (stock: number, id = 'lucky-draw') =>
    validPage('抽奖页', {
      campaigns: {
        [id]: {
          kind: 'lottery',
          title: '幸运抽奖',
          window: { startAt: '2026-11-01T00:00:00+08:00', endAt: '2027-01-31T23:59:59+08:00' },
          limits: { perUserTotal: 3 },
          prizes: [
            { id: 'p1', name: '10积分', weight: 1, stock, reward: { kind: 'points', amount: 10 } },
            { id: 'none', name: '谢谢参与', weight: 1, reward: { kind: 'nothing' } },
          ],
        },
      },
      blocks: [
        { type: 'title', text: '抽奖页' },
        { type: 'lottery', campaign: id },
      ],
    })

  it('registers them on publish; refuses a stock below what was awarded, naming the campaign, publishing nothing', async () => {
    await publishPage(t.app, publisher, 'draw', lottery(100))
    const registered = await t.db.db
      .selectFrom('campaigns')
      .select(['id', 'file'])
      .where('id', '=', 'lucky-draw')
      .executeTakeFirstOrThrow()
    expect(registered).toEqual({ id: 'lucky-draw', file: 'page-configs/activity/draw.json' })
    await t.db.db
      .updateTable('campaign_prizes')
      .set({ awarded: 50 })
      .where('campaign_id', '=', 'lucky-draw')
      .where('prize_id', '=', 'p1')
      .execute()
    const { published: refused } = await saveAndPublish(t.app, publisher, 'draw', lottery(10))
    expect({ status: refused.statusCode, code: errorOf(refused).code }).toEqual({
      status: 400,
      code: 'CAMPAIGN_REFUSED',
    })
    expect(errorOf(refused).message).toContain('活动 lucky-draw')
    expect(errorOf(refused).message).toContain('已发出 50 份')
    expect(errorOf(refused).details?.[0]).toMatchObject({ pointer: '/campaigns/lucky-draw' })
    const versions = await t.db.db
      .selectFrom('studio_page_versions')
      .select('version')
      .where('page_id', '=', 'draw')
      .execute()
    expect(versions).toHaveLength(1)
    expect((await consumer('draw')).json()).toMatchObject({ version: 1 })
    const stock = await t.db.db
      .selectFrom('campaign_prizes')
      .select('stock')
      .where('campaign_id', '=', 'lucky-draw')
      .where('prize_id', '=', 'p1')
      .executeTakeFirstOrThrow()
    expect(stock.stock).toBe(100)
  })

  it('refuses a campaign id a folder config declares', async () => {
    const config = lottery(5, 'worldcup-2026')
    await create('clash')
    const { saved, published: res } = await saveAndPublish(t.app, publisher, 'clash', config)
    expect(saved.json()).toMatchObject({ errors: 1 })
    expect({ status: res.statusCode, code: errorOf(res).code }).toEqual({
      status: 409,
      code: 'DRAFT_HAS_ERRORS',
    })
    expect(errorOf(res).message).toBe(
      '草稿有 1 个错误，不能发布：/campaigns/worldcup-2026 活动编号 worldcup-2026 已被仓库配置 page-configs/activity/worldcup.json 使用，请换一个编号（活动编号全站唯一）',
    )
    expect((await consumer('clash')).statusCode).toBe(404)
  })

  it('a fresh process registers the campaigns of published pages at start', async () => {
    await t.db.db
      .updateTable('campaigns')
      .set({ title: '被改过', definition: '{"kind":"lottery"}' })
      .where('id', '=', 'lucky-draw')
      .execute()
    const second = await buildApp({ database: t.db, distDir: '/nonexistent', now: clock.now })
    await second.close()
    const row = await t.db.db
      .selectFrom('campaigns')
      .select('title')
      .where('id', '=', 'lucky-draw')
      .executeTakeFirstOrThrow()
    expect(row.title).toBe('幸运抽奖')
  })
})

describe('preview links', () => {
  it('opens the draft of its page only, for 24 hours, at the moment it was made for', async () => {
    await publishPage(t.app, publisher, 'peek', validPage('已发布'))
    await saveDraft(t.app, editor, 'peek', validPage('草稿里的新标题'))
    const link = await as(t.app, editor, 'POST', '/api/studio/pages/peek/preview-links', {
      at: '2026-12-01T10:00:00+08:00',
    })
    const { url, expiresAt } = link.json<{ url: string; expiresAt: string }>()
    expect(url).toMatch(/^\/activity\/peek\?preview=[\w-]+\.[\w-]+&now=2026-12-01T10%3A00%3A00%2B08%3A00$/)
    expect(Date.parse(expiresAt) - clock.now().getTime()).toBe(24 * 3600_000)
    const token = new URL(url, 'http://x').searchParams.get('preview') as string
    const preview = await t.app.inject({ method: 'GET', url: `/api/pages/peek/preview?token=${token}` })
    expect(preview.headers['cache-control']).toBe('no-store')
    expect(preview.json()).toMatchObject({
      id: 'peek',
      config: { title: '草稿里的新标题' },
      nowMs: Date.parse('2026-12-01T10:00:00+08:00'),
      markdown: { '## 活动规则\n1. 每人每天一次': expect.any(Array) },
    })
    // The consumer still sees the published version.
    expect((await consumer('peek')).json()).toMatchObject({ config: { title: '已发布' } })
    const other = await t.app.inject({ method: 'GET', url: `/api/pages/served/preview?token=${token}` })
    expect({ status: other.statusCode, code: errorOf(other).code }).toEqual({
      status: 403,
      code: 'PREVIEW_TOKEN_INVALID',
    })
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/pages/peek/preview?token=${token.slice(0, -2)}xx`,
    })
    expect({ status: forged.statusCode, code: errorOf(forged).code }).toEqual({
      status: 403,
      code: 'PREVIEW_TOKEN_INVALID',
    })
    clock.advance(24 * 3600_000)
    const expired = await t.app.inject({ method: 'GET', url: `/api/pages/peek/preview?token=${token}` })
    expect({ status: expired.statusCode, error: errorOf(expired) }).toEqual({
      status: 403,
      error: { code: 'PREVIEW_TOKEN_EXPIRED', message: expect.stringContaining('预览链接已过期') },
    })
  })
})

describe('uploads and markdown', () => {
  it('stores an image as a public URL a page config may use', async () => {
    const data = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    const form = multipart([{ name: 'file', file: { filename: 'hero.png', type: 'image/png', data } }])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/studio/media',
      payload: form.payload,
      headers: { ...form.headers, ...staffHeaders(editor) },
    })
    const { url } = res.json<{ url: string }>()
    expect(url).toMatch(/^\/api\/pages\/media\/[\w-]{22}\.jpg$/)
    const image = await t.app.inject({ method: 'GET', url })
    expect({ status: image.statusCode, type: image.headers['content-type'] }).toEqual({
      status: 200,
      type: 'image/jpeg',
    })
    expect(image.headers['cache-control']).toContain('public')
    const config = validPage('带图', { blocks: [{ type: 'image', src: url, alt: '头图' }] })
    expect((await as(t.app, editor, 'POST', '/api/studio/validate', config)).json()).toEqual({ errors: [] })
    const text = multipart([
      { name: 'file', file: { filename: 'a.png', type: 'image/png', data: Buffer.from('not an image') } },
    ])
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/studio/media',
      payload: text.payload,
      headers: { ...text.headers, ...staffHeaders(editor) },
    })
    expect(refused.statusCode).toBe(415)
  })

  it('compiles markdown for the live preview', async () => {
    const res = await as(t.app, editor, 'POST', '/api/studio/preview/markdown', { sources: ['**粗体**'] })
    expect(res.json()).toEqual({
      markdown: { '**粗体**': [{ tag: 'p', children: [{ tag: 'strong', children: ['粗体'] }] }] },
    })
  })
})

describe('the audit log', () => {
  it('records each change with who, what, which version or revision', async () => {
    const entries = (await as(t.app, editor, 'GET', '/api/studio/audit?page=roll&limit=50')).json<{
      entries: {
        staff: string
        action: string
        version: number | null
        revision: number | null
        at: string
      }[]
    }>().entries
    expect(entries.map((e) => [e.action, e.staff, e.version, e.revision])).toEqual([
      ['rollback', '发布负责人', 1, null],
      ['publish', '发布负责人', 2, 3],
      ['save', '发布负责人', null, 3],
      ['publish', '发布负责人', 1, 2],
      ['save', '发布负责人', null, 2],
      ['create', '发布负责人', null, 1],
    ])
    const scheduled = (await as(t.app, editor, 'GET', '/api/studio/audit?page=later')).json<{
      entries: { action: string }[]
    }>().entries
    expect(scheduled.map((e) => e.action)).toEqual(['schedule', 'save', 'create'])
    const gone = (await as(t.app, editor, 'GET', '/api/studio/audit?page=gone')).json<{
      entries: { action: string; detail: string }[]
    }>().entries
    expect(gone.map((e) => e.action)).toContain('unpublish')
    expect(gone.find((e) => e.action === 'unpublish')?.detail).toContain('取代定时发布')
  })
})
