import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CampaignDraw, CampaignState } from '../../types/generated/api/campaign'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'
import { stubApi } from '../../../tests/src/harness'

// The 九宫格 against the API stub: the prizes on the ring, the chances, a draw sent once with an Idempotency-Key
// whose light stops on the server's result, and a visitor asked to log in.

const state = (extra: Partial<CampaignState> = {}): CampaignState => ({
  id: 'trialfee-lottery',
  kind: 'lottery',
  title: '试算有礼抽奖',
  rules: '1. 每天 2 次。\n2. 与是否购买保险无关。',
  startAt: '2026-11-20T00:00:00.000+08:00',
  endAt: '2027-03-31T23:59:59.000+08:00',
  status: 'live',
  seedHash: 'ab'.repeat(32),
  seed: null,
  prizes: [
    { id: 'points-50', name: '50积分', reward: '50 积分', left: 10 },
    { id: 'points-10', name: '10积分', reward: '10 积分', left: null },
    { id: 'thanks', name: '谢谢参与', reward: '谢谢参与', left: null },
  ],
  chances: { left: 2, leftTotal: 10 },
  draws: [],
  notEligible: null,
  ...extra,
})

const won: CampaignDraw = {
  id: 'd1',
  seq: 1,
  prizeId: 'points-10',
  won: true,
  prizeName: '10积分',
  reward: '10 积分',
  available: [{ id: 'points-10', weight: 30 }],
  at: '2026-11-25T10:00:00.000+08:00',
}

afterEach(() => vi.unstubAllGlobals())

describe('lottery block', () => {
  it('shows the prizes and chances, draws once, and stops on the server’s result', async () => {
    let drawn = false
    const api = stubApi({
      'GET /api/campaigns/trialfee-lottery': () =>
        drawn ? state({ chances: { left: 1, leftTotal: 9 }, draws: [won] }) : state(),
      'POST /api/campaigns/trialfee-lottery/draws': () => {
        drawn = true
        return { draw: won, chances: { left: 1, leftTotal: 9 } }
      },
    })
    renderBlocks([{ type: 'lottery', campaign: 'trialfee-lottery' }])
    expect(await screen.findAllByText('50积分')).not.toHaveLength(0)
    expect(screen.getAllByTestId('lottery-cell')).toHaveLength(8)
    expect(screen.getByTestId('lottery-chances')).toHaveTextContent('今日还可抽 2 次（活动期间共剩 10 次）')
    expect(screen.getByText('2. 与是否购买保险无关。')).toBeInTheDocument()

    await userEvent.setup().click(screen.getByRole('button', { name: '抽奖' }))
    expect(await screen.findByTestId('lottery-result', {}, { timeout: 5000 })).toHaveTextContent(
      '恭喜获得：10 积分',
    )
    // The light stopped on the prize's cell.
    expect(document.querySelector('.blk-lottery-cell.is-lit')).toHaveTextContent('10积分')
    const [sent] = api.callsTo('POST', '/api/campaigns/trialfee-lottery/draws')
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
    expect(sent.body).toBeUndefined()
    await waitFor(() => expect(screen.getByTestId('lottery-chances')).toHaveTextContent('今日还可抽 1 次'))
    expect(screen.getByTestId('lottery-prize')).toHaveTextContent('10 积分')
  })

  it('asks a visitor to log in', async () => {
    // Each case its own campaign: SWR's cache outlives a test.
    stubApi({ 'GET /api/campaigns/visitor-lottery': state({ chances: null }) })
    const run = vi.fn(async () => {})
    renderBlocks([{ type: 'lottery', campaign: 'visitor-lottery' }], { runtime: { run } })
    await userEvent.setup().click(await screen.findByRole('button', { name: '登录抽奖' }))
    expect(run).toHaveBeenCalledWith({ type: 'login' })
  })

  it('disables the button when today’s chances are used', async () => {
    stubApi({ 'GET /api/campaigns/spent-lottery': state({ chances: { left: 0, leftTotal: 8 } }) })
    renderBlocks([{ type: 'lottery', campaign: 'spent-lottery' }])
    expect(await screen.findByText('今日次数已用完，明天再来')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '抽奖' })).toBeDisabled()
  })

  it('says before any tap why a user may not draw yet and what to do', async () => {
    const api = stubApi({
      'GET /api/campaigns/task-lottery': state({
        notEligible: '请先完成“使用保费试算工具”（7 天内有效）再来参与',
      }),
    })
    renderBlocks([{ type: 'lottery', campaign: 'task-lottery' }])
    expect(await screen.findByTestId('lottery-eligibility')).toHaveTextContent(
      '请先完成“使用保费试算工具”（7 天内有效）再来参与',
    )
    expect(screen.getByTestId('lottery-chances')).toHaveTextContent(
      '完成后今日可抽 2 次（活动期间共剩 10 次）',
    )
    expect(screen.getByRole('button', { name: '暂不可抽' })).toBeDisabled()
    expect(api.callsTo('POST', '/api/campaigns/task-lottery/draws')).toHaveLength(0)
  })

  it('shows only outcomes the campaign can give: two prizes and no 谢谢参与 fill the ring in turn', async () => {
    const prizes = state().prizes.filter((p) => p.id !== 'thanks')
    stubApi({ 'GET /api/campaigns/all-win-lottery': state({ prizes }) })
    renderBlocks([{ type: 'lottery', campaign: 'all-win-lottery' }])
    await screen.findAllByText('50积分')
    const names = screen.getAllByTestId('lottery-cell').map((c) => c.textContent)
    expect(names).toHaveLength(8)
    expect(names.filter((n) => n?.includes('谢谢参与'))).toEqual([])
    expect(new Set(names)).toEqual(new Set(['50积分', '10积分']))
  })

  it('lights no prize when the draw had nothing left to give', async () => {
    const prizes = state().prizes.filter((p) => p.id !== 'thanks')
    const none: CampaignDraw = {
      ...won,
      prizeId: null,
      won: false,
      prizeName: '谢谢参与',
      reward: '谢谢参与',
    }
    stubApi({
      'GET /api/campaigns/empty-lottery': state({ prizes }),
      'POST /api/campaigns/empty-lottery/draws': () => ({ draw: none, chances: { left: 1, leftTotal: 9 } }),
    })
    renderBlocks([{ type: 'lottery', campaign: 'empty-lottery' }])
    await userEvent.setup().click(await screen.findByRole('button', { name: '抽奖' }))
    expect(await screen.findByTestId('lottery-result', {}, { timeout: 5000 })).toHaveTextContent('谢谢参与')
    expect(document.querySelector('.blk-lottery-cell.is-lit')).toBeNull()
  })
})
