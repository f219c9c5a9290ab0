import { describe, expect, it } from 'vitest'
import { campaignSandbox, createSandboxState } from '../../../src/page-runtime/campaignSandbox'
import type { Campaign } from '../../../src/types/generated/page'
import { lotteryCampaign, pointsPrize } from '../../fixtures/lottery'
import { NOW, refusal, sandboxOf } from './sandboxHarness'

// The preview's sandbox: the draft's own campaigns on a throwaway state, by the server's rules (src/domain), in
// the API's types. Nothing here asks the server (the test has no fetch to answer it).

const lottery = (extra: Partial<Campaign> = {}): Campaign =>
  lotteryCampaign({
    limits: { perUserTotal: 10 },
    prizes: [
      pointsPrize(500, { id: 'gold', name: '500 积分', weight: 1000, stock: 1 }),
      pointsPrize(10, { weight: 10 }),
      pointsPrize(99, { id: 'never', weight: 0 }),
    ],
    ...extra,
  })

describe('campaign sandbox', () => {
  it('draws by weight among the prizes with stock: a prize with stock 1 is won once, weight 0 never', async () => {
    const sandbox = sandboxOf({ 'd12-lottery': lottery() })
    const won: string[] = []
    for (let i = 0; i < 10; i++) won.push((await sandbox.draw('d12-lottery')).draw.prizeId ?? 'none')
    expect(won.filter((id) => id === 'gold').length).toBeLessThanOrEqual(1)
    expect(won).not.toContain('never')
    const state = await sandbox.campaign('d12-lottery')
    expect(state.prizes.find((p) => p.id === 'gold')?.left).toBe(0)
    expect(state.draws).toHaveLength(10)
    expect(state.chances).toEqual({ left: 0, leftTotal: 0 })
  })

  it('maps the random number onto the weights as the server does', async () => {
    const units = [0.5, 0.95]
    const sandbox = sandboxOf(
      {
        'w-lottery': lottery({
          prizes: [
            { id: 'a', name: '一等', weight: 1, reward: { kind: 'points', amount: 1 } },
            { id: 'b', name: '二等', weight: 1, reward: { kind: 'points', amount: 2 } },
            { id: 'thanks', name: '谢谢参与', weight: 18, reward: { kind: 'nothing' } },
          ],
        }),
      },
      { unit: () => units.shift() ?? 0 },
    )
    const first = await sandbox.draw('w-lottery')
    expect(first.draw).toMatchObject({ prizeId: 'thanks', won: false, reward: '谢谢参与' })
    const second = await sandbox.draw('w-lottery')
    expect(second.draw.prizeId).toBe('thanks')
    expect((await sandbox.draw('w-lottery')).draw).toMatchObject({
      prizeId: 'a',
      won: true,
      reward: '1 积分',
    })
  })

  it('refuses the third draw of perUserTotal 2 with the server’s words, and counts nothing for it', async () => {
    const sandbox = sandboxOf({ 'two-lottery': lottery({ limits: { perUserTotal: 2 } }) })
    await sandbox.draw('two-lottery')
    const second = await sandbox.draw('two-lottery')
    expect(second.chances).toEqual({ left: 0, leftTotal: 0 })
    expect(await refusal(sandbox.draw('two-lottery'))).toBe('您的抽奖次数已用完')
    expect((await sandbox.campaign('two-lottery')).draws).toHaveLength(2)
  })

  it('never changes an answer it gave: a draw shows in the next answer only', async () => {
    const sandbox = sandboxOf({ 'd12-lottery': lottery() })
    const before = await sandbox.campaign('d12-lottery')
    await sandbox.draw('d12-lottery')
    expect(before.draws).toHaveLength(0)
    expect((await sandbox.campaign('d12-lottery')).draws).toHaveLength(1)
  })

  it('refuses the second draw of a day with perUserPerDay 1', async () => {
    const sandbox = sandboxOf({ 'day-lottery': lottery({ limits: { perUserTotal: 5, perUserPerDay: 1 } }) })
    await sandbox.draw('day-lottery')
    expect(await refusal(sandbox.draw('day-lottery'))).toBe('今日抽奖次数已用完，明天再来吧')
  })

  it('logged out: no chances shown, a draw is refused and nothing counts', async () => {
    const state = createSandboxState()
    const campaigns = { 'd12-lottery': lottery() }
    const out = campaignSandbox({ state, campaigns, now: () => NOW, loggedIn: false })
    expect((await out.campaign('d12-lottery')).chances).toBeNull()
    expect(await refusal(out.draw('d12-lottery'))).toBe('请先登录')
    expect((await out.inviteCode()).invite).toBeNull()
    const back = campaignSandbox({ state, campaigns, now: () => NOW, loggedIn: true })
    expect((await back.campaign('d12-lottery')).chances).toEqual({ left: 10, leftTotal: 10 })
  })

  it('follows the window at the preview’s moment', async () => {
    const early = sandboxOf(
      { 'd12-lottery': lottery() },
      { now: () => Date.parse('2026-11-30T00:00:00+08:00') },
    )
    expect((await early.campaign('d12-lottery')).status).toBe('upcoming')
    expect(await refusal(early.draw('d12-lottery'))).toBe('活动尚未开始')
    const late = sandboxOf(
      { 'd12-lottery': lottery() },
      { now: () => Date.parse('2027-01-01T00:00:00+08:00') },
    )
    expect((await late.campaign('d12-lottery')).status).toBe('ended')
  })

  it('says plainly that a campaign the page does not declare is not there', async () => {
    const sandbox = sandboxOf({ 'd12-lottery': lottery() })
    expect(await refusal(sandbox.campaign('trialfee-lottery'))).toMatch(/^本页未声明活动“trialfee-lottery”/)
  })

  it('collects a coupon once per the limits, with its code and validity', async () => {
    const sandbox = sandboxOf({
      'd12-coupon': {
        kind: 'coupon',
        title: '停车券',
        window: { startAt: '2026-12-01T00:00:00+08:00', endAt: '2026-12-31T00:00:00+08:00' },
        limits: { perUserTotal: 1 },
        prizes: [
          {
            id: 'parking',
            name: '停车券',
            weight: 1,
            stock: 5,
            reward: { kind: 'coupon', benefit: '停车 2 小时', validDays: 7 },
          },
        ],
      },
    })
    const collected = await sandbox.collect('d12-coupon')
    expect(collected.coupon).toMatchObject({ name: '停车券', benefit: '停车 2 小时', status: 'usable' })
    expect(await refusal(sandbox.collect('d12-coupon'))).toBe('您已领取过，本活动每人限领次数已用完')
    expect((await sandbox.campaign('d12-coupon')).prizes[0].left).toBe(4)
    expect((await sandbox.coupons('d12-coupon')).items).toHaveLength(1)
  })
})
