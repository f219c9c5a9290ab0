import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  CampaignState,
  GuessLeaderboard,
  GuessResultEntered,
  GuessState,
  InviteCode,
} from '../../src/types/generated/api/campaign'
import type { MessagePage } from '../../src/types/generated/api/message'
import type { Campaign, CampaignGuessItem } from '../../src/types/generated/page'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { as, staffLogin } from './studioHelpers'

// A guessing game (竞猜) declared in a page config, run by the server: one pick per user and item, changed until
// the item locks on server time and refused after, all picks of a request or none; the result entered once (the
// demo route; `npm run campaign:result` in campaignResultCommand.test.ts), every correct pick rewarded once with a
// message, a leaderboard with masked names. (Many results and picks at once, across two processes on PostgreSQL:
// campaignGuessRace.test.ts.)

const clock = testClock(new Date('2027-01-01T04:00:00.000Z')) // 2027-01-01 12:00 in Shanghai
const HOUR = 3_600_000
let test: TestApp
let users = 0

const OPTIONS: CampaignGuessItem['options'] = [
  { id: 'home', label: '阿根廷胜' },
  { id: 'draw', label: '平局' },
  { id: 'away', label: '法国胜' },
]
const guess = (extra: Partial<Campaign> = {}): Campaign => ({
  kind: 'guess',
  title: '冬季杯竞猜',
  window: { startAt: '2027-01-01T00:00:00+08:00', endAt: '2027-01-20T00:00:00+08:00' },
  items: [
    {
      id: 'm1',
      title: '阿根廷 vs 法国',
      stage: '小组赛 C 组',
      kickoffAt: '2027-01-02T20:00:00+08:00',
      lockAt: '2027-01-02T19:30:00+08:00',
      options: OPTIONS,
    },
    {
      id: 'm2',
      title: '巴西 vs 德国',
      lockAt: '2027-01-05T19:30:00+08:00',
      options: [
        { id: 'home', label: '巴西胜' },
        { id: 'draw', label: '平局' },
        { id: 'away', label: '德国胜' },
      ],
    },
    {
      id: 'goals',
      title: '两场总进球',
      lockAt: '2027-01-10T12:00:00+08:00',
      options: [
        { id: 'few', label: '0-3球' },
        { id: 'many', label: '4球及以上' },
      ],
    },
  ],
  correctReward: { kind: 'points', amount: 20 },
  ...extra,
})

const register = (id: string, campaign: Campaign, file = `page-configs/${id}.json`) =>
  registerCampaign(test.db.db, { id, file, campaign }, clock.now())

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
  await register('cup-guess', guess())
})
afterAll(async () => test.close())

async function user() {
  users += 1
  return loginAs(test.app, `1362100${String(users).padStart(4, '0')}`, `10.16.0.${users}`)
}
const pick = (
  cookie: string,
  picks: { itemId: string; optionId: string }[],
  id = 'cup-guess',
  key?: string,
) =>
  json(test.app, {
    method: 'POST',
    url: `/api/campaigns/${id}/entries`,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    body: { picks },
  })
const state = async (cookie?: string, id = 'cup-guess') =>
  (
    await json(test.app, { url: `/api/campaigns/${id}`, headers: cookie ? { cookie } : {} })
  ).json<CampaignState>()
/** The demo route, as a publisher signed in to the studio (a fresh session: tests move the clock by days). */
const result = async (itemId: string, optionId: string, id = 'cup-guess') =>
  as(test.app, await staffLogin(test.app, 'publisher'), 'POST', `/api/dev/campaigns/${id}/results`, {
    itemId,
    optionId,
  })
const points = async (cookie: string) =>
  (await json(test.app, { url: '/api/points', headers: { cookie } })).json<{ point: { usable: number } }>()
    .point.usable
const board = async (cookie?: string, id = 'cup-guess') =>
  (
    await json(test.app, { url: `/api/campaigns/${id}/leaderboard`, headers: cookie ? { cookie } : {} })
  ).json<GuessLeaderboard>()
const myPicks = (s: CampaignState) => Object.fromEntries((s.guess?.items ?? []).map((i) => [i.id, i.myPick]))

describe('a guessing game: picks', () => {
  it('shows a visitor the items with their lock times and the reward, and no picks', async () => {
    const s = await state()
    expect(s).toMatchObject({ kind: 'guess', status: 'live', chances: null })
    expect(s.guess).toMatchObject({
      correctReward: '20 积分',
      nextLockAt: '2027-01-02T19:30:00.000+08:00',
      score: null,
      rewards: [],
    })
    expect(s.guess?.items.map((i) => [i.id, i.locked, i.myPick, i.result, i.outcome])).toEqual([
      ['m1', false, null, null, 'none'],
      ['m2', false, null, null, 'none'],
      ['goals', false, null, null, 'none'],
    ])
    expect(s.guess?.items[0]).toMatchObject({
      title: '阿根廷 vs 法国',
      stage: '小组赛 C 组',
      kickoffAt: '2027-01-02T20:00:00.000+08:00',
      options: [
        { id: 'home', label: '阿根廷胜', picks: 0 },
        { id: 'draw', label: '平局', picks: 0 },
        { id: 'away', label: '法国胜', picks: 0 },
      ],
    })
    const anonymous = await json(test.app, {
      method: 'POST',
      url: '/api/campaigns/cup-guess/entries',
      body: { picks: [{ itemId: 'm1', optionId: 'home' }] },
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('refuses bad input naming the field, in Chinese', async () => {
    const cookie = await user()
    const cases: [unknown, string, string][] = [
      [{ picks: [{ itemId: 'nope', optionId: 'home' }] }, 'picks.0.itemId', '竞猜项 nope 不存在'],
      [
        {
          picks: [
            { itemId: 'm1', optionId: 'home' },
            { itemId: 'm2', optionId: 'x' },
          ],
        },
        'picks.1.optionId',
        '“巴西 vs 德国”没有选项 x',
      ],
      [
        {
          picks: [
            { itemId: 'm1', optionId: 'home' },
            { itemId: 'm1', optionId: 'away' },
          ],
        },
        'picks.1.itemId',
        '“阿根廷 vs 法国”只能选一个结果',
      ],
      [
        { picks: [{ itemId: 'm1', optionId: 'HOME!' }] },
        'picks.0.optionId',
        '选项编号（picks.0.optionId）格式不正确',
      ],
      [{ picks: [] }, 'picks', ''],
      [{}, 'picks', '缺少必填项'],
    ]
    for (const [body, field, message] of cases) {
      const res = await json(test.app, {
        method: 'POST',
        url: '/api/campaigns/cup-guess/entries',
        headers: { cookie },
        body,
      })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      const error = res.json().error
      expect(error.code).toBe('INVALID_INPUT')
      expect(error.details[0].field).toBe(field)
      expect(error.message).toContain(message)
    }
    // Nothing was stored by any of them.
    expect(myPicks(await state(cookie))).toEqual({ m1: null, m2: null, goals: null })
  })

  it('keeps one pick per user and item, changed freely until the lock; the same key makes it once', async () => {
    const cookie = await user()
    const first = await pick(
      cookie,
      [{ itemId: 'm1', optionId: 'home' }],
      'cup-guess',
      'picks-1-abcdef0123456789',
    )
    expect(first.statusCode).toBe(200)
    expect(first.json<GuessState>().items[0]).toMatchObject({ myPick: 'home', outcome: 'pending' })
    const again = await pick(
      cookie,
      [{ itemId: 'm1', optionId: 'home' }],
      'cup-guess',
      'picks-1-abcdef0123456789',
    )
    expect(again.headers['idempotent-replayed']).toBe('true')
    const reused = await pick(
      cookie,
      [{ itemId: 'm1', optionId: 'away' }],
      'cup-guess',
      'picks-1-abcdef0123456789',
    )
    expect(reused.statusCode).toBe(409)
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED')

    clock.advance(HOUR)
    const changed = await pick(cookie, [
      { itemId: 'm1', optionId: 'draw' },
      { itemId: 'm2', optionId: 'away' },
    ])
    expect(changed.statusCode).toBe(200)
    const s = await state(cookie)
    expect(myPicks(s)).toEqual({ m1: 'draw', m2: 'away', goals: null })
    expect(s.guess?.score).toEqual({ right: 0, wrong: 0, pending: 2 })
    expect(s.guess?.items[0].options.map((o) => o.picks)).toEqual([0, 1, 0])
    const rows = await test.db.db
      .selectFrom('campaign_guess_picks')
      .select(['item_id', 'option_id'])
      .where('campaign_id', '=', 'cup-guess')
      .where('user_id', '=', (await me(cookie)).id)
      .orderBy('item_id')
      .execute()
    expect(rows).toEqual([
      { item_id: 'm1', option_id: 'draw' },
      { item_id: 'm2', option_id: 'away' },
    ])
  })

  it('refuses a pick after its item’s lock on server time, naming the match, and keeps all other picks as they were', async () => {
    const cookie = await user()
    expect((await pick(cookie, [{ itemId: 'm1', optionId: 'home' }])).statusCode).toBe(200)
    expect((await pick(cookie, [{ itemId: 'm2', optionId: 'home' }])).statusCode).toBe(200)
    const saved = clock.now().getTime()
    // One millisecond before the lock a change is still taken; at the lock it is not.
    clock.advance(Date.parse('2027-01-02T19:30:00+08:00') - 1 - saved)
    expect((await pick(cookie, [{ itemId: 'm1', optionId: 'draw' }])).statusCode).toBe(200)
    clock.advance(1)
    const late = await pick(cookie, [
      { itemId: 'm2', optionId: 'away' },
      { itemId: 'm1', optionId: 'away' },
    ])
    expect(late.statusCode).toBe(409)
    expect(late.json().error).toMatchObject({
      code: 'GUESS_LOCKED',
      message: '“阿根廷 vs 法国”已截止竞猜，不能再选或修改',
      details: [{ field: 'picks.1.itemId' }],
    })
    const s = await state(cookie)
    expect(myPicks(s)).toEqual({ m1: 'draw', m2: 'home', goals: null })
    expect(s.guess?.items.map((i) => i.locked)).toEqual([true, false, false])
    expect(s.guess?.nextLockAt).toBe('2027-01-05T19:30:00.000+08:00')
    // A first pick on a locked item is refused alike.
    const newcomer = await pick(await user(), [{ itemId: 'm1', optionId: 'home' }])
    expect(newcomer.json().error.code).toBe('GUESS_LOCKED')
  })
})

async function me(cookie: string) {
  return (await json(test.app, { url: '/api/me', headers: { cookie } })).json<{
    id: string
    nickname: string
  }>()
}

describe('a guessing game: results and rewards', () => {
  it('enters a result only after the lock, rewards each correct pick once with a message, and never changes it', async () => {
    await register('result-guess', guess())
    const now = clock.now().getTime()
    // Back before m1's lock for this campaign's picks: a fresh campaign, its own users.
    const winner = await user()
    const loser = await user()
    const idle = await user()
    expect(now).toBeGreaterThanOrEqual(Date.parse('2027-01-02T19:30:00+08:00'))
    expect((await pick(winner, [{ itemId: 'm2', optionId: 'home' }], 'result-guess')).statusCode).toBe(200)
    expect((await pick(loser, [{ itemId: 'm2', optionId: 'draw' }], 'result-guess')).statusCode).toBe(200)

    // The demo route takes a staff session (a publisher), and the studio's CSRF header with it.
    const anonymous = await json(test.app, {
      method: 'POST',
      url: '/api/dev/campaigns/result-guess/results',
      body: { itemId: 'm2', optionId: 'home' },
    })
    expect(anonymous.statusCode).toBe(401)
    const editor = await as(
      test.app,
      await staffLogin(test.app, 'editor'),
      'POST',
      '/api/dev/campaigns/result-guess/results',
      {
        itemId: 'm2',
        optionId: 'home',
      },
    )
    expect(editor.statusCode).toBe(403)
    const early = await result('m2', 'home', 'result-guess')
    expect(early.statusCode).toBe(409)
    expect(early.json().error).toMatchObject({
      code: 'GUESS_NOT_LOCKED',
      message: '“巴西 vs 德国”尚未截止竞猜，不能录入结果',
    })
    clock.advance(Date.parse('2027-01-05T22:00:00+08:00') - clock.now().getTime())
    const bad = await result('m2', 'nope', 'result-guess')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details[0].field).toBe('optionId')
    expect((await result('zz', 'home', 'result-guess')).statusCode).toBe(404)

    const entered = await result('m2', 'home', 'result-guess')
    expect(entered.statusCode).toBe(200)
    expect(entered.json<GuessResultEntered>()).toEqual({
      itemId: 'm2',
      optionId: 'home',
      rewarded: 1,
      alreadyEntered: false,
    })
    expect(await points(winner)).toBe(20)
    expect(await points(loser)).toBe(0)
    expect(await points(idle)).toBe(0)
    const messages = (
      await json(test.app, { url: '/api/messages?category=activity', headers: { cookie: winner } })
    ).json<MessagePage>()
    expect(messages.items.map((m) => [m.title, m.body])).toEqual([
      ['猜中奖励到账', '恭喜！您在“冬季杯竞猜”中猜中“巴西 vs 德国”，获得 20 积分，可在“积分”中查看明细。'],
    ])
    const won = (await state(winner, 'result-guess')).guess
    expect(won?.items[1]).toMatchObject({ result: 'home', outcome: 'right', locked: true })
    expect(won?.score).toEqual({ right: 1, wrong: 0, pending: 0 })
    expect(won?.rewards).toEqual([
      { itemId: 'm2', title: '巴西 vs 德国', reward: '20 积分', at: '2027-01-05T22:00:00.000+08:00' },
    ])
    // Another user sees their own outcome and no one else's reward.
    const lost = (await state(loser, 'result-guess')).guess
    expect(lost?.items[1]).toMatchObject({ myPick: 'draw', outcome: 'wrong' })
    expect(lost?.rewards).toEqual([])

    // The same result again: nothing happens. Another result: refused, naming what was entered.
    expect((await result('m2', 'home', 'result-guess')).json<GuessResultEntered>()).toMatchObject({
      rewarded: 0,
      alreadyEntered: true,
    })
    const changed = await result('m2', 'draw', 'result-guess')
    expect(changed.statusCode).toBe(409)
    expect(changed.json().error).toMatchObject({
      code: 'GUESS_RESULT_ENTERED',
      message: '“巴西 vs 德国”的结果已录入为“巴西胜”，不能修改',
    })
    expect(await points(winner)).toBe(20)
    expect(await points(loser)).toBe(0)
    const ledger = await test.db.db
      .selectFrom('point_ledger')
      .select(['reference', 'amount', 'kind'])
      .where('user_id', '=', (await me(winner)).id)
      .execute()
    expect(ledger).toEqual([
      { reference: `guess:result-guess:m2:${(await me(winner)).id}`, amount: 20, kind: 'campaign' },
    ])
    const audit = await test.db.db
      .selectFrom('campaign_audit')
      .select(['actor', 'action', 'detail'])
      .where('campaign_id', '=', 'result-guess')
      .where('action', '=', 'guess_result')
      .execute()
    expect(audit).toEqual([
      {
        actor: 'staff:publisher',
        action: 'guess_result',
        detail: { itemId: 'm2', optionId: 'home', rewarded: 1 },
      },
    ])
  })

  it('ranks by correct picks, ties by the earlier last correct pick, with masked nicknames and my rank', async () => {
    await register(
      'rank-guess',
      guess({
        window: { startAt: '2027-01-01T00:00:00+08:00', endAt: '2027-01-30T00:00:00+08:00' },
        correctReward: { kind: 'beans', amount: 5 },
        items: [
          { id: 'g1', title: '第一场', lockAt: '2027-01-10T12:00:00+08:00', options: OPTIONS },
          { id: 'g2', title: '第二场', lockAt: '2027-01-10T12:00:00+08:00', options: OPTIONS },
        ],
      }),
    )
    const [early, late, one, none] = [await user(), await user(), await user(), await user()]
    await json(test.app, {
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: early },
      body: { nickname: '早起的球迷' },
    })
    await json(test.app, {
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: late },
      body: { nickname: '晚到' },
    })
    const both = [
      { itemId: 'g1', optionId: 'home' },
      { itemId: 'g2', optionId: 'away' },
    ]
    expect((await pick(early, both, 'rank-guess')).statusCode).toBe(200)
    clock.advance(60_000)
    expect((await pick(late, both, 'rank-guess')).statusCode).toBe(200)
    expect(
      (
        await pick(
          one,
          [
            { itemId: 'g1', optionId: 'home' },
            { itemId: 'g2', optionId: 'draw' },
          ],
          'rank-guess',
        )
      ).statusCode,
    ).toBe(200)
    expect((await pick(none, [{ itemId: 'g1', optionId: 'away' }], 'rank-guess')).statusCode).toBe(200)
    expect((await board(early, 'rank-guess')).entries).toEqual([])

    clock.advance(Date.parse('2027-01-10T14:00:00+08:00') - clock.now().getTime())
    expect((await result('g1', 'home', 'rank-guess')).json<GuessResultEntered>().rewarded).toBe(3)
    expect((await result('g2', 'away', 'rank-guess')).json<GuessResultEntered>().rewarded).toBe(2)
    const beans = async (cookie: string) =>
      (await json(test.app, { url: '/api/points', headers: { cookie } })).json<{ bean: { usable: number } }>()
        .bean.usable
    expect([await beans(early), await beans(late), await beans(one), await beans(none)]).toEqual([
      10, 10, 5, 0,
    ])

    const ranked = await board(late, 'rank-guess')
    expect(ranked.decided).toBe(2)
    expect(ranked.entries.map((e) => [e.rank, e.nickname, e.correct, e.mine])).toEqual([
      [1, '早**迷', 2, false],
      [2, '晚*', 2, true],
      [3, `${(await me(one)).nickname[0]}**${(await me(one)).nickname.slice(-1)}`, 1, false],
    ])
    expect(ranked.me).toEqual({ rank: 2, correct: 2 })
    expect((await board(none, 'rank-guess')).me).toEqual({ rank: null, correct: 0 })
    expect((await board(undefined, 'rank-guess')).me).toBeNull()
    // No phone number or full nickname anywhere in the answer.
    expect(JSON.stringify(ranked)).not.toContain('早起的球迷')
    expect(JSON.stringify(ranked)).not.toMatch(/1\d{10}/)
  })
})

describe('a guessing game: the rules around it', () => {
  it('takes picks only within the window, only for guesses, only from eligible users', async () => {
    await register(
      'closed-guess',
      guess({ window: { startAt: '2026-12-01T00:00:00+08:00', endAt: '2026-12-31T00:00:00+08:00' } }),
    )
    const cookie = await user()
    const closed = await pick(cookie, [{ itemId: 'm1', optionId: 'home' }], 'closed-guess')
    expect(closed.json().error).toMatchObject({ code: 'CAMPAIGN_CLOSED', message: '活动已结束' })
    await registerCampaign(
      test.db.db,
      {
        id: 'a-lottery',
        file: 'page-configs/a-lottery.json',
        campaign: {
          kind: 'lottery',
          title: '抽奖',
          window: { startAt: '2027-01-01T00:00:00+08:00', endAt: '2027-12-31T00:00:00+08:00' },
          limits: { perUserTotal: 1 },
          prizes: [{ id: 'thanks', name: '谢谢参与', weight: 1, reward: { kind: 'nothing' } }],
        },
      },
      clock.now(),
    )
    const lottery = await pick(cookie, [{ itemId: 'm1', optionId: 'home' }], 'a-lottery')
    expect(lottery.json().error).toMatchObject({ code: 'NOT_A_GUESS', message: '该活动不是竞猜活动' })
    expect((await state(cookie, 'a-lottery')).guess).toBeUndefined()
    await register(
      'verified-guess',
      guess({
        window: { startAt: '2027-01-01T00:00:00+08:00', endAt: '2027-12-31T00:00:00+08:00' },
        eligibility: { realName: true },
        items: [{ id: 'champion', title: '年度冠军', lockAt: '2027-06-01T00:00:00+08:00', options: OPTIONS }],
      }),
    )
    const refused = await pick(cookie, [{ itemId: 'champion', optionId: 'home' }], 'verified-guess')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe('完成实名认证后才能参与本活动')
  })

  it('refuses a config that would drop what users acted on: a picked item, a picked option, the result', async () => {
    const h1: CampaignGuessItem = {
      id: 'h1',
      title: '上半年冠军',
      lockAt: '2027-06-01T00:00:00+08:00',
      options: OPTIONS,
    }
    const h2: CampaignGuessItem = {
      id: 'h2',
      title: '下半年冠军',
      lockAt: '2027-12-01T00:00:00+08:00',
      options: OPTIONS,
    }
    const h3: CampaignGuessItem = {
      id: 'h3',
      title: '无人问津',
      lockAt: '2027-12-01T00:00:00+08:00',
      options: OPTIONS,
    }
    const config = (items: [CampaignGuessItem, ...CampaignGuessItem[]]) =>
      register(
        'config-guess',
        guess({
          window: { startAt: '2027-01-01T00:00:00+08:00', endAt: '2027-12-31T00:00:00+08:00' },
          items,
        }),
      )
    await config([h1, h2, h3])
    const picks = [
      { itemId: 'h1', optionId: 'away' },
      { itemId: 'h2', optionId: 'home' },
    ]
    expect((await pick(await user(), picks, 'config-guess')).statusCode).toBe(200)
    await expect(config([h1, h3])).rejects.toThrow(
      '活动 config-guess（page-configs/config-guess.json）的竞猜项 h2 已有用户竞猜，不能从配置中删去',
    )
    await expect(config([{ ...h1, options: [OPTIONS[0], OPTIONS[1]] }, h2, h3])).rejects.toThrow(
      '竞猜项 h1 有 1 人选了已删去的选项，不能删去',
    )
    // An item nobody picked may go, and a title may change.
    await config([{ ...h1, title: '上半年总冠军' }, h2])
    expect((await state(undefined, 'config-guess')).guess?.items.map((i) => [i.id, i.title])).toEqual([
      ['h1', '上半年总冠军'],
      ['h2', '下半年冠军'],
    ])
    // Once the result is entered, its option stays.
    clock.advance(Date.parse('2027-06-02T00:00:00+08:00') - clock.now().getTime())
    expect((await result('h1', 'away', 'config-guess')).statusCode).toBe(200)
    await expect(
      config([{ ...h1, options: OPTIONS.slice(0, 2) as CampaignGuessItem['options'] }, h2]),
    ).rejects.toThrow('竞猜项 h1 已录入结果，不能删去结果对应的选项')
  })

  it('gives each user one stable invite code for the poster, and a visitor none', async () => {
    const a = await user()
    const b = await user()
    const code = async (cookie?: string) =>
      (
        await json(test.app, { url: '/api/me/invite-code', headers: cookie ? { cookie } : {} })
      ).json<InviteCode>()
    const first = await code(a)
    expect(first.invite?.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/)
    expect(first.invite?.nickname).toBe((await me(a)).nickname)
    expect(await code(a)).toEqual(first)
    expect((await code(b)).invite?.code).not.toBe(first.invite?.code)
    expect(await code()).toEqual({ invite: null })
  })
})
