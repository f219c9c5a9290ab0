import { describe, expect, it } from 'vitest'
import { json, testClock, type TestApp } from './helpers'
import { as, publishPage, saveDraft, validPage } from './studioHelpers'
import { studioTestApp } from './studioTestApp'

// Work shared between studio pages and people: copies of pages with campaigns (new ids at once), campaign ids
// checked across studio pages at save, sections (保存为区块组合), presence, and drafts saved with errors.

const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))
let t: TestApp
let editor: string
let publisher: string

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown>[] } }
const errorOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().error
type Finding = { pointer: string; message: string }
type Detail = {
  config: Record<string, unknown>
  errors: Finding[]
  draftRevision: number
  draftErrors: number
}

studioTestApp(clock, (app) => ({ t, editor, publisher } = app))

const lotteryPage = (title: string, id: string) =>
  validPage(title, {
    campaigns: {
      [id]: {
        kind: 'lottery',
        title: '幸运抽奖',
        window: { startAt: '2026-11-01T00:00:00+08:00', endAt: '2027-01-31T23:59:59+08:00' },
        limits: { perUserTotal: 3 },
        prizes: [
          { id: 'p1', name: '10积分', weight: 1, stock: 5, reward: { kind: 'points', amount: 10 } },
          { id: 'none', name: '谢谢参与', weight: 1, reward: { kind: 'nothing' } },
        ],
      },
    },
    blocks: [
      { type: 'title', text: title },
      { type: 'lottery', id: 'draw', campaign: id },
    ],
  })

const detail = async (id: string) =>
  (await as(t.app, editor, 'GET', `/api/studio/pages/${id}`)).json<Detail>()

async function create(body: Record<string, unknown>) {
  const res = await as(t.app, editor, 'POST', '/api/studio/pages', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<Detail>()
}

describe('copying a page with campaigns', () => {
  it('复制页面 gives the copy new campaign ids, its blocks follow, and the copy validates', async () => {
    await create({ id: 'spring', title: '春季抽奖' })
    expect(
      (await saveDraft(t.app, editor, 'spring', lotteryPage('春季抽奖', 'spring-draw'))).statusCode,
    ).toBe(200)
    const copy = await create({ id: 'summer', title: '夏季抽奖', from: 'spring' })
    expect(Object.keys(copy.config.campaigns as object)).toEqual(['summer-draw'])
    expect((copy.config.blocks as { campaign?: string }[])[1].campaign).toBe('summer-draw')
    expect(copy.errors).toEqual([])
    // A copy of the copy takes yet another id.
    const again = await create({ id: 'autumn', title: '秋季抽奖', from: 'summer' })
    expect(Object.keys(again.config.campaigns as object)).toEqual(['autumn-draw'])
    expect(again.errors).toEqual([])
  })

  it('新建页面 from a template renames campaigns, eligibility (entryOf) and campaign paths', async () => {
    const page = await create({
      id: 'trial',
      title: '试算抽奖',
      template: 'manualactivity/trialFee/lottery.json',
    })
    const text = JSON.stringify(page.config)
    expect(Object.keys(page.config.campaigns as object).sort()).toEqual([
      'trial-trialfee-calc',
      'trial-trialfee-lottery',
    ])
    expect(text).toContain('"entryOf":"trial-trialfee-calc"')
    expect(text).not.toMatch(/"(campaign|entryOf)":"trialfee-/)
    expect(text).not.toMatch(/\/campaigns\/trialfee-/)
    expect(page.errors.filter((e) => e.pointer.startsWith('/campaigns'))).toEqual([])
  })

  it('refuses to copy a page that does not exist, naming the field', async () => {
    const res = await as(t.app, editor, 'POST', '/api/studio/pages', {
      id: 'ghost-copy',
      title: 'x',
      from: 'ghost',
    })
    expect({ status: res.statusCode, message: errorOf(res).message }).toEqual({
      status: 400,
      message: '要复制的页面 ghost 不存在',
    })
  })
})

describe('campaign ids across studio pages', () => {
  it('a campaign id another studio page declares is an error at validate and save, naming that page', async () => {
    await create({ id: 'pasted', title: '粘贴来的页面' })
    const config = lotteryPage('粘贴来的页面', 'spring-draw')
    const checked = await as(t.app, editor, 'POST', '/api/studio/validate?id=pasted', config)
    const errors = checked.json<{ errors: Finding[] }>().errors
    expect(errors).toContainEqual(
      expect.objectContaining({
        pointer: '/campaigns/spring-draw',
        message: '活动编号 spring-draw 已被页面「春季抽奖」（spring）使用，请换一个编号（活动编号全站唯一）',
      }),
    )
    expect(JSON.stringify(errors)).not.toContain('page-configs/activity')
    // The page's own campaign is no clash with itself.
    const own = await as(
      t.app,
      editor,
      'POST',
      '/api/studio/validate?id=spring',
      lotteryPage('春季抽奖', 'spring-draw'),
    )
    expect(own.json<{ errors: Finding[] }>().errors).toEqual([])
  })
})

describe('a draft with errors', () => {
  it('is saved and marked, never published, scheduled or previewed by link', async () => {
    await create({ id: 'halfway', title: '做了一半' })
    const broken = validPage('做了一半', { blocks: [{ type: 'lottery', campaign: 'nowhere' }] })
    const saved = await saveDraft(t.app, editor, 'halfway', broken)
    expect(saved.statusCode, saved.body).toBe(200)
    const { revision, errors } = saved.json<{ revision: number; errors: number }>()
    expect(errors).toBeGreaterThan(0)
    const page = await detail('halfway')
    expect(page.config).toEqual(broken)
    expect(page.draftErrors).toBe(errors)
    const listed = (await as(t.app, editor, 'GET', '/api/studio/pages?q=halfway')).json<{
      pages: { id: string; draftErrors: number }[]
    }>()
    expect(listed.pages).toEqual([expect.objectContaining({ id: 'halfway', draftErrors: errors })])

    for (const body of [{ revision }, { revision, at: '2026-12-01T10:00:00+08:00' }]) {
      const refused = await as(t.app, publisher, 'POST', '/api/studio/pages/halfway/publish', body)
      expect({ status: refused.statusCode, code: errorOf(refused).code }).toEqual({
        status: 409,
        code: 'DRAFT_HAS_ERRORS',
      })
      expect(errorOf(refused).message).toMatch(/^草稿有 \d+ 个错误，不能发布：\/blocks\/0\/campaign /)
    }
    const link = await as(t.app, editor, 'POST', '/api/studio/pages/halfway/preview-links', {})
    expect({ status: link.statusCode, message: errorOf(link).message }).toEqual({
      status: 409,
      message: `草稿有 ${errors} 个错误，修正并保存后才能生成预览链接`,
    })
    const versions = await t.db.db
      .selectFrom('studio_page_versions')
      .select('version')
      .where('page_id', '=', 'halfway')
      .execute()
    expect(versions).toEqual([])

    // Fixed and saved: marked no more, publishable.
    const fixed = await saveDraft(t.app, editor, 'halfway', validPage('做了一半'))
    expect(fixed.json<{ errors: number }>().errors).toBe(0)
    expect((await detail('halfway')).draftErrors).toBe(0)
    expect(await publishPage(t.app, publisher, 'halfway', validPage('做了一半'))).toBe(1)
  })

  it('two blocks bound to the one lottery are an error at the second', async () => {
    const config = lotteryPage('两个抽奖', 'twice-draw')
    ;(config.blocks as unknown[]).push({ type: 'lottery', id: 'draw-2', campaign: 'twice-draw' })
    const checked = await as(t.app, editor, 'POST', '/api/studio/validate?id=twice', config)
    expect(checked.json<{ errors: Finding[] }>().errors).toEqual([
      expect.objectContaining({
        pointer: '/blocks/2/campaign',
        message: expect.stringContaining(
          '抽奖活动「twice-draw」已由第 2 个区块的抽奖使用，同一个抽奖不能在页面上放两次',
        ),
      }),
    ])
  })
})

describe('sections (保存为区块组合)', () => {
  const section = { name: '抽奖组合', blocks: [{ type: 'title', text: '抽奖' }], campaigns: {} }

  it('saves, lists, refuses a taken name, deletes; audited', async () => {
    const made = await as(t.app, editor, 'POST', '/api/studio/sections', section)
    expect(made.statusCode, made.body).toBe(201)
    const { id } = made.json<{ id: string }>()
    const list = (await as(t.app, publisher, 'GET', '/api/studio/sections')).json<{
      sections: { id: string; name: string; createdBy: string; blocks: unknown[] }[]
    }>()
    expect(list.sections).toEqual([
      expect.objectContaining({ id, name: '抽奖组合', createdBy: '运营编辑', blocks: section.blocks }),
    ])
    const again = await as(t.app, editor, 'POST', '/api/studio/sections', { ...section, name: '抽奖组合' })
    expect({ status: again.statusCode, message: errorOf(again).message }).toEqual({
      status: 409,
      message: '已有名为「抽奖组合」的组合，请换一个名称',
    })
    const empty = await as(t.app, editor, 'POST', '/api/studio/sections', { ...section, blocks: [] })
    expect(empty.statusCode).toBe(400)
    expect((await as(t.app, editor, 'DELETE', `/api/studio/sections/${id}`)).statusCode).toBe(204)
    const gone = await as(t.app, editor, 'DELETE', `/api/studio/sections/${id}`)
    expect({ status: gone.statusCode, message: errorOf(gone).message }).toEqual({
      status: 404,
      message: '区块组合不存在或已删除',
    })
    const audit = await t.db.db
      .selectFrom('staff_audit')
      .select(['action', 'detail'])
      .where('action', 'like', 'section-%')
      .orderBy('id')
      .execute()
    expect(audit).toEqual([
      { action: 'section-create', detail: '保存区块组合「抽奖组合」（1 个区块）' },
      { action: 'section-delete', detail: '删除区块组合「抽奖组合」' },
    ])
  })

  it('renames in 我的组合: a free name only, never empty or over 30 characters; audited', async () => {
    const made = await as(t.app, editor, 'POST', '/api/studio/sections', { ...section, name: '旧名称' })
    const { id } = made.json<{ id: string }>()
    await as(t.app, editor, 'POST', '/api/studio/sections', { ...section, name: 'Lucky 组合' })
    const rename = (name: string, cookie = publisher) =>
      as(t.app, cookie, 'PATCH', `/api/studio/sections/${id}`, { name })
    const renamed = await rename('  双十二抽奖区 ')
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({
      id,
      name: '双十二抽奖区',
      createdBy: '运营编辑',
      blocks: section.blocks,
    })
    const names = async () =>
      (await as(t.app, editor, 'GET', '/api/studio/sections'))
        .json<{ sections: { name: string }[] }>()
        .sections.map((x) => x.name)
    expect(await names()).toContain('双十二抽奖区')
    const refused = async (name: string) => {
      const res = await rename(name)
      const error = errorOf(res)
      return { status: res.statusCode, message: error.message, field: error.details?.[0]?.field }
    }
    expect(await refused('   ')).toEqual({ status: 400, message: '请填写组合名称', field: 'name' })
    const tooLong = await refused('组'.repeat(31))
    expect(tooLong).toMatchObject({ status: 400, field: 'name' })
    expect(tooLong.message).toMatch(/^组合名称/)
    expect(await refused('lucky 组合')).toEqual({
      status: 409,
      message: '已有名为「lucky 组合」的组合，请换一个名称',
      field: 'name',
    })
    const missing = await as(t.app, editor, 'PATCH', '/api/studio/sections/nope', { name: '新名' })
    expect(missing.statusCode).toBe(404)
    expect(await names()).toEqual(expect.arrayContaining(['双十二抽奖区', 'Lucky 组合']))
    const audit = await t.db.db
      .selectFrom('staff_audit')
      .select(['action', 'detail'])
      .where('action', '=', 'section-rename')
      .execute()
    expect(audit).toEqual([{ action: 'section-rename', detail: '区块组合「旧名称」改名为「双十二抽奖区」' }])
    const noCsrf = await json(t.app, {
      method: 'PATCH',
      url: `/api/studio/sections/${id}`,
      body: { name: '偷改' },
      headers: { cookie: editor.replace(/;\s*studio_csrf=[^;]*/, '') },
    })
    expect({ status: noCsrf.statusCode, code: errorOf(noCsrf).code }).toEqual({
      status: 403,
      code: 'STAFF_CSRF_REQUIRED',
    })
    const anonymous = await json(t.app, {
      method: 'PATCH',
      url: `/api/studio/sections/${id}`,
      body: { name: 'x' },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(await names()).not.toContain('偷改')
  })

  it('needs a staff login, and the CSRF header to change anything', async () => {
    const anonymous = await json(t.app, { method: 'GET', url: '/api/studio/sections' })
    expect(anonymous.statusCode).toBe(401)
    const noCsrf = await json(t.app, {
      method: 'POST',
      url: '/api/studio/sections',
      body: section,
      headers: { cookie: editor },
    })
    expect({ status: noCsrf.statusCode, code: errorOf(noCsrf).code }).toEqual({
      status: 403,
      code: 'STAFF_CSRF_REQUIRED',
    })
  })
})

describe('presence', () => {
  it('shows who else has the page open, gone within 45 s of the last heartbeat, at once on leaving', async () => {
    await create({ id: 'together', title: '一起编辑' })
    const beat = (cookie: string, tab: string, leaving = false) =>
      as(t.app, cookie, 'POST', '/api/studio/pages/together/presence', { tab, leaving })
    const names = async (cookie: string, tab: string) =>
      (await beat(cookie, tab)).json<{ others: { displayName: string }[] }>().others.map((o) => o.displayName)
    expect(await names(editor, 'editor-tab-1')).toEqual([])
    expect(await names(publisher, 'publisher-tab')).toEqual(['运营编辑'])
    expect(await names(editor, 'editor-tab-1')).toEqual(['发布负责人'])
    clock.advance(30_000)
    expect(await names(editor, 'editor-tab-1')).toEqual(['发布负责人'])
    clock.advance(16_000)
    expect(await names(editor, 'editor-tab-1')).toEqual([])
    expect(await names(publisher, 'publisher-tab')).toEqual(['运营编辑'])
    await beat(publisher, 'publisher-tab', true)
    expect(await names(editor, 'editor-tab-1')).toEqual([])
    const missing = await as(t.app, editor, 'POST', '/api/studio/pages/nowhere/presence', {
      tab: 'editor-tab-1',
    })
    expect(missing.statusCode).toBe(404)
  })
})

describe('presence: leaving when the tab closes (navigator.sendBeacon)', () => {
  /** What a beacon sends: the session cookie, no CSRF header, a JSON body. */
  const beacon = (cookie: string | null, page: string, body: Record<string, unknown>) =>
    json(t.app, {
      method: 'POST',
      url: `/api/studio/pages/${page}/presence/leave`,
      body,
      headers: cookie ? { cookie: cookie.replace(/;\s*studio_csrf=[^;]*/, '') } : {},
    })
  const beat = async (cookie: string, tab: string) =>
    (await as(t.app, cookie, 'POST', '/api/studio/pages/closing/presence', { tab })).json<{
      others: { displayName: string }[]
      leaveToken: string
    }>()

  it('drops the tab at once with the one-time token of its last heartbeat, and with nothing else', async () => {
    await create({ id: 'closing', title: '关闭标签页' })
    const first = await beat(publisher, 'publisher-tab')
    expect(first.leaveToken).toMatch(/^[A-Za-z0-9_-]{24}$/)
    const { leaveToken } = await beat(publisher, 'publisher-tab')
    expect(leaveToken).not.toBe(first.leaveToken)
    expect((await beat(editor, 'editor-tab-1')).others.map((o) => o.displayName)).toEqual(['发布负责人'])

    const refused = async (cookie: string | null, body: Record<string, unknown>) => {
      const res = await beacon(cookie, 'closing', body)
      return { status: res.statusCode, code: errorOf(res).code }
    }
    // No session: 401. Another person's session, the token of an older beat, a forged one: 403, still there.
    expect(await refused(null, { tab: 'publisher-tab', leaveToken })).toEqual({
      status: 401,
      code: 'STAFF_LOGIN_REQUIRED',
    })
    const forbidden = { status: 403, code: 'PRESENCE_LEAVE_INVALID' }
    expect(await refused(editor, { tab: 'publisher-tab', leaveToken })).toEqual(forbidden)
    expect(await refused(publisher, { tab: 'publisher-tab', leaveToken: first.leaveToken })).toEqual(
      forbidden,
    )
    expect(await refused(publisher, { tab: 'publisher-tab', leaveToken: 'x'.repeat(24) })).toEqual(forbidden)
    expect((await beat(editor, 'editor-tab-1')).others.map((o) => o.displayName)).toEqual(['发布负责人'])

    const left = await beacon(publisher, 'closing', { tab: 'publisher-tab', leaveToken })
    expect(left.statusCode, left.body).toBe(204)
    expect((await beat(editor, 'editor-tab-1')).others).toEqual([])
    // One use only.
    expect(await refused(publisher, { tab: 'publisher-tab', leaveToken })).toEqual(forbidden)
  })
})
