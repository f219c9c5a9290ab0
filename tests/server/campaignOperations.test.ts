import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Campaign } from '../../src/types/generated/page'
import type { GuessResultEntered } from '../../src/types/generated/api/campaign'
import type { OpsGuess, OpsPrize, Shipping, WinnerList } from '../../src/types/generated/api/campaignOps'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { startRaceCluster, type Answer, type RaceCluster } from './raceCluster'

// Campaign operations in the studio (issue: campaign operations): a guess result entered by a publisher rewards
// the right picks once even when entered from many tabs at once; a physical prize goes 待发货 → 已发货 → 已签收
// with one message per step however many times the step is sent; stock top-ups add exactly; the winners list
// and its CSV are masked and audited. On PostgreSQL (scripts/with-postgres.sh) across two server processes.

const USERS = 12
const ID = 'ops-guess'
let c: RaceCluster
let publisher: string
let editor: string
const users: { cookie: string; id: string }[] = []

const options: NonNullable<Campaign['items']>[number]['options'] = [
  { id: 'home', label: '主胜' },
  { id: 'away', label: '客胜' },
]
const campaign: Campaign = {
  kind: 'guess',
  title: '运营测试竞猜',
  window: { startAt: '2020-01-01T00:00:00+08:00', endAt: '2099-01-01T00:00:00+08:00' },
  items: [{ id: 'final', title: '决赛', lockAt: '2098-01-01T00:00:00+08:00', options }],
  correctReward: { kind: 'points', amount: 30 },
}
const base = `/api/studio/campaigns/${ID}`
const statuses = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((t, a) => ({ ...t, [a.status]: (t[a.status] ?? 0) + 1 }), {})
const messagesOf = (kind: string) =>
  c.db.selectFrom('messages').select(['user_id', 'target']).where('kind', '=', kind).execute()

beforeAll(async () => {
  c = await startRaceCluster()
  await registerCampaign(c.db, { id: ID, file: 'page-configs/ops.json', campaign }, new Date())
  publisher = await c.staffLogin(0, 'publisher')
  editor = await c.staffLogin(1, 'editor')
  for (let i = 0; i < USERS; i++) {
    const cookie = await c.login(i, `1395${String(i).padStart(7, '0')}`, `10.170.0.${i}`)
    const me = await c.send(i, 'GET', '/api/me', { cookie })
    users.push({ cookie, id: (me.body as { id: string }).id })
  }
  // Two thirds pick 主胜, the rest 客胜; then the match is played (the item locks).
  for (const [i, u] of users.entries()) {
    const res = await c.send(i, 'POST', `/api/campaigns/${ID}/entries`, {
      cookie: u.cookie,
      body: { picks: [{ itemId: 'final', optionId: i % 3 === 2 ? 'away' : 'home' }] },
    })
    expect(res.status).toBe(200)
  }
  await c.db
    .updateTable('campaign_guess_items')
    .set({ lock_at: new Date(Date.now() - 1000) })
    .where('campaign_id', '=', ID)
    .execute()
}, 180_000)
afterAll(async () => c?.close())

describe('guess results entered in the studio', () => {
  it('shows how many picks each result would reward, and refuses an editor', async () => {
    const view = await c.send(0, 'GET', `${base}/guess`, { cookie: publisher })
    expect(view.status).toBe(200)
    const guess = view.body as unknown as OpsGuess
    expect(guess.items[0]).toMatchObject({ id: 'final', locked: true, result: null })
    expect(guess.items[0].options.map((o) => [o.id, o.picks])).toEqual([
      ['home', 8],
      ['away', 4],
    ])
    expect(guess.reward).toContain('30')
    const refused = await c.send(0, 'POST', `${base}/guess/results`, {
      cookie: editor,
      body: { itemId: 'final', optionId: 'home' },
    })
    expect(refused.status).toBe(403)
  })

  it('rewards each correct pick exactly once when the result is entered from many tabs at once', async () => {
    const answers = await c.race(20, (i) =>
      c.send(i, 'POST', `${base}/guess/results`, {
        cookie: publisher,
        body: { itemId: 'final', optionId: 'home' },
      }),
    )
    expect(statuses(answers)).toEqual({ 200: 20 })
    const entered = answers.map((a) => a.body as unknown as GuessResultEntered)
    expect(entered.filter((e) => !e.alreadyEntered)).toEqual([
      { itemId: 'final', optionId: 'home', rewarded: 8, alreadyEntered: false },
    ])
    const ledger = await c.db
      .selectFrom('point_ledger')
      .select(['user_id', 'amount'])
      .where('reference', 'like', `guess:${ID}:final:%`)
      .execute()
    const winners = users.filter((_, i) => i % 3 !== 2).map((u) => u.id)
    expect(ledger.map((l) => l.user_id).sort()).toEqual([...winners].sort())
    expect(ledger.every((l) => l.amount === 30)).toBe(true)
    const told = (await messagesOf('guess_rewarded')).filter((m) => winners.includes(m.user_id))
    expect(told).toHaveLength(8)
    // Another result for the decided item is refused, naming the one entered.
    const other = await c.send(0, 'POST', `${base}/guess/results`, {
      cookie: publisher,
      body: { itemId: 'final', optionId: 'away' },
    })
    expect(other.status).toBe(409)
    expect(other.body.error?.message).toContain('主胜')
    const audited = await c.db
      .selectFrom('staff_audit')
      .select('detail')
      .where('action', '=', 'campaign_guess_result')
      .execute()
    expect(audited).toHaveLength(1)
    expect(audited[0].detail).toContain('8 人猜中')
  }, 120_000)
})

describe('physical prizes shipped from the studio', () => {
  const gift = 'ops-gift-1'
  beforeAll(async () => {
    const now = new Date()
    await sql`INSERT INTO campaign_prizes (campaign_id, prize_id, sort, name, weight, stock, daily_cap, reward)
              VALUES (${ID}, 'mug', 0, '定制马克杯', 1, 10, NULL,
                      ${JSON.stringify({ kind: 'physical', description: '马克杯一只' })}::jsonb)`.execute(
      c.db,
    )
    await sql`INSERT INTO campaign_gifts (id, user_id, campaign_id, prize_id, name, description, source_kind,
                                           source_id, created_at)
              VALUES (${gift}, ${users[0].id}, ${ID}, 'mug', '定制马克杯', '马克杯一只', 'claim', 'ops-claim-1',
                      ${now})`.execute(c.db)
    // A nickname a spreadsheet would read as a formula.
    await c.db
      .updateTable('users')
      .set({ nickname: '=HYPERLINK("x")' })
      .where('id', '=', users[0].id)
      .execute()
  })

  it('refuses to ship before the winner gives an address', async () => {
    const res = await c.send(0, 'POST', `${base}/gifts/${gift}/ship`, {
      cookie: publisher,
      body: { carrier: '顺丰速运', trackingNo: 'SF100200300' },
    })
    expect(res.status).toBe(409)
    expect(res.body.error?.message).toContain('收货地址')
  })

  it('lists winners masked, filters them, and writes each view in the audit log', async () => {
    const address = { name: '张三', phone: '13800001111', region: '上海市浦东新区', detail: '世纪大道100号' }
    const given = await c.send(0, 'PUT', `/api/prizes/${gift}/address`, {
      cookie: users[0].cookie,
      body: address,
    })
    expect(given.status).toBe(200)
    const list = await c.send(1, 'GET', `${base}/winners?kind=physical`, { cookie: editor })
    expect(list.status).toBe(200)
    const { items } = list.body as unknown as WinnerList
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ id: gift, status: 'pending', hasAddress: true, phone: '139****0000' })
    expect(JSON.stringify(list.body)).not.toContain('13950000000')
    const points = await c.send(1, 'GET', `${base}/winners?kind=points&phone=0001`, { cookie: editor })
    expect((points.body as unknown as WinnerList).items.map((w) => w.phone)).toEqual(['139****0001'])
    const address2 = await c.send(0, 'GET', `${base}/gifts/${gift}/address`, { cookie: publisher })
    expect(address2.body).toMatchObject({ giftId: gift, phone: '13800001111', detail: '世纪大道100号' })
    const actions = await c.db.selectFrom('staff_audit').select('action').execute()
    expect(actions.filter((a) => a.action === 'campaign_winners_view')).toHaveLength(2)
    expect(actions.filter((a) => a.action === 'campaign_gift_address_view')).toHaveLength(1)
  })

  it('ships once and tells the winner once when shipped from many tabs at once', async () => {
    const body = { carrier: '顺丰速运', trackingNo: 'SF100200300' }
    const answers = await c.race(20, (i) =>
      c.send(i, 'POST', `${base}/gifts/${gift}/ship`, { cookie: publisher, body }),
    )
    expect(statuses(answers)).toEqual({ 200: 20 })
    expect((answers[0].body as unknown as Shipping).status).toBe('shipped')
    const shipped = await messagesOf('prize_shipped')
    expect(shipped).toEqual([{ user_id: users[0].id, target: { kind: 'prize', id: gift } }])
    // Another tracking number for a shipped prize is refused.
    const other = await c.send(0, 'POST', `${base}/gifts/${gift}/ship`, {
      cookie: publisher,
      body: { carrier: '中通快递', trackingNo: 'ZT999' + '0000' },
    })
    expect(other.status).toBe(409)
    const mine = await c.send(0, 'GET', '/api/prizes', { cookie: users[0].cookie })
    expect((mine.body as { items: { shipping: Shipping }[] }).items[0].shipping).toMatchObject({
      status: 'shipped',
      carrier: '顺丰速运',
      trackingNo: 'SF100200300',
    })
  }, 60_000)

  it('marks it signed for once, with one message', async () => {
    const answers = await c.race(20, (i) =>
      c.send(i, 'POST', `${base}/gifts/${gift}/deliver`, { cookie: publisher }),
    )
    expect(statuses(answers)).toEqual({ 200: 20 })
    expect(await messagesOf('prize_delivered')).toEqual([
      { user_id: users[0].id, target: { kind: 'prize', id: gift } },
    ])
    const mine = await c.send(0, 'GET', '/api/prizes', { cookie: users[0].cookie })
    expect((mine.body as { items: { shipping: Shipping }[] }).items[0].shipping.status).toBe('delivered')
  }, 60_000)

  it('exports a masked CSV with a BOM, formulas neutralised', async () => {
    const res = await fetch(`${c.bases[0]}${base}/winners.csv`, {
      headers: {
        cookie: publisher,
        'x-studio-csrf': /studio_csrf=([^;]+)/.exec(publisher)?.[1] ?? '',
        'x-forwarded-for': '10.200.0.1',
      },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    expect(text).toContain('"中奖时间","类型","奖品"')
    expect(text).toContain('"\'=**)"')
    expect(text).toContain('"已签收"')
    expect(text).not.toMatch(/139\d{8}/)
    const exported = await c.db
      .selectFrom('staff_audit')
      .select('action')
      .where('action', '=', 'campaign_winners_export')
      .execute()
    expect(exported).toHaveLength(1)
  })

  it('adds stock exactly under parallel top-ups, keeps it when the config registers again, and audits the reason', async () => {
    const answers = await c.race(25, (i) =>
      c.send(i, 'POST', `${base}/prizes/mug/stock`, {
        cookie: publisher,
        body: { add: 2, reason: '赞助商追加' },
      }),
    )
    expect(statuses(answers)).toEqual({ 200: 25 })
    const prize = await c.db
      .selectFrom('campaign_prizes')
      .select(['stock', 'stock_added'])
      .where('campaign_id', '=', ID)
      .where('prize_id', '=', 'mug')
      .executeTakeFirstOrThrow()
    expect(prize).toEqual({ stock: 60, stock_added: 50 })
    const audit = await c.db
      .selectFrom('staff_audit')
      .select('detail')
      .where('action', '=', 'campaign_stock_top_up')
      .execute()
    expect(audit).toHaveLength(25)
    expect(audit[0].detail).toContain('赞助商追加')
    const noReason = await c.send(0, 'POST', `${base}/prizes/mug/stock`, {
      cookie: publisher,
      body: { add: 1, reason: ' ' },
    })
    expect(noReason.status).toBe(400)
    const list = await c.send(0, 'GET', `${base}/prizes`, { cookie: publisher })
    expect((list.body as { items: OpsPrize[] }).items[0]).toMatchObject({
      prizeId: 'mug',
      stock: 60,
      stockAdded: 50,
    })
  }, 60_000)
})
