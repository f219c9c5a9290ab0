import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GuessLeaderboard } from '../../types/generated/api/campaign'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'
import { apiError, stubApi } from '../../../tests/src/harness'

// The leaderboard against the API stub: the ranks with masked names (as the server sends them), mine marked, my
// rank below, a visitor asked to log in, and the states before any result.

const board = (extra: Partial<GuessLeaderboard> = {}): GuessLeaderboard => ({
  entries: [
    { rank: 1, nickname: '早**迷', correct: 3, mine: false },
    { rank: 2, nickname: '晚*', correct: 3, mine: true },
    { rank: 3, nickname: '用**8', correct: 1, mine: false },
  ],
  me: { rank: 2, correct: 3 },
  decided: 3,
  ...extra,
})

afterEach(() => vi.unstubAllGlobals())

describe('leaderboard block', () => {
  it('lists the ranks, marks mine and says my rank', async () => {
    stubApi({ 'GET /api/campaigns/:campaignId/leaderboard': board() })
    renderBlocks([{ type: 'leaderboard', campaign: 'cup-a', title: '积分达人榜' }])
    expect(await screen.findByRole('heading', { name: '积分达人榜' })).toBeInTheDocument()
    const entries = await screen.findAllByTestId('leaderboard-entry')
    expect(entries.map((e) => e.textContent)).toEqual([
      '1早**迷猜中 3 项',
      '2晚*我猜中 3 项',
      '3用**8猜中 1 项',
    ])
    expect(entries[1]).toHaveClass('is-mine')
    expect(screen.getByTestId('leaderboard-me')).toHaveTextContent('我的排名：第 2 名（猜中 3 项）')
  })

  it('asks a visitor to log in, and tells one not yet on it how to get there', async () => {
    stubApi({ 'GET /api/campaigns/:campaignId/leaderboard': board({ me: null }) })
    const run = vi.fn(async () => {})
    renderBlocks([{ type: 'leaderboard', campaign: 'cup-b' }], { runtime: { run } })
    const me = await screen.findByTestId('leaderboard-me')
    await userEvent.setup().click(within(me).getByRole('button', { name: '登录' }))
    expect(run).toHaveBeenCalledWith({ type: 'login' })
    stubApi({ 'GET /api/campaigns/:campaignId/leaderboard': board({ me: { rank: null, correct: 0 } }) })
    renderBlocks([{ type: 'leaderboard', campaign: 'cup-c' }])
    expect(await screen.findByText('我暂未上榜，猜中 1 项即可上榜')).toBeInTheDocument()
  })

  it('says when no result is out yet, and when nobody has guessed right', async () => {
    stubApi({ 'GET /api/campaigns/:campaignId/leaderboard': board({ entries: [], decided: 0 }) })
    renderBlocks([{ type: 'leaderboard', campaign: 'cup-d' }])
    expect(await screen.findByText('比赛结果公布后更新排行榜')).toBeInTheDocument()
    stubApi({ 'GET /api/campaigns/:campaignId/leaderboard': board({ entries: [], decided: 1 }) })
    renderBlocks([{ type: 'leaderboard', campaign: 'cup-e' }])
    expect(await screen.findByText('暂时还没有人猜中，下一场就看你的了')).toBeInTheDocument()
  })

  it('shows its error with a retry', async () => {
    stubApi({ 'GET /api/campaigns/:campaignId/leaderboard': apiError(404, 'NOT_FOUND', '活动不存在') })
    renderBlocks([{ type: 'leaderboard', campaign: 'cup-f' }])
    expect(await screen.findByText('活动不存在')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })
})
