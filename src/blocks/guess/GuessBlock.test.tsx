import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CampaignState, GuessItem, GuessState } from '../../types/generated/api/campaign'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'
import { apiError, stubApi } from '../../../tests/src/harness'

// The guessing game against the API stub, on the page's server clock: the items and their options, my picks
// highlighted and sent once with an Idempotency-Key, a locked item shown 已截止 with its result and 猜中/未猜中, the
// countdown to the next lock, a visitor asked to log in, and the results view with my rewards.

const NOW = Date.parse('2026-12-04T17:26:55+08:00')
const options = (home: string, away: string) => [
  { id: 'home', label: `${home}胜`, picks: 12 },
  { id: 'draw', label: '平局', picks: 3 },
  { id: 'away', label: `${away}胜`, picks: 5 },
]
const item = (extra: Partial<GuessItem>): GuessItem => ({
  id: 'arg-fra',
  title: '阿根廷 vs 法国',
  stage: '焦点战 第1轮',
  kickoffAt: '2026-12-05T20:00:00.000+08:00',
  lockAt: '2026-12-05T19:30:00.000+08:00',
  locked: false,
  options: options('阿根廷', '法国'),
  result: null,
  myPick: null,
  outcome: 'none',
  ...extra,
})
const guess = (extra: Partial<GuessState> = {}): GuessState => ({
  items: [
    item({}),
    item({
      id: 'bra-ger',
      title: '巴西 vs 德国',
      kickoffAt: '2026-12-06T03:00:00.000+08:00',
      lockAt: '2026-12-06T02:30:00.000+08:00',
      options: options('巴西', '德国'),
    }),
    item({
      id: 'old-match',
      title: '日本 vs 韩国',
      lockAt: '2026-12-01T18:30:00.000+08:00',
      kickoffAt: '2026-12-01T19:00:00.000+08:00',
      locked: true,
      options: options('日本', '韩国'),
      result: 'away',
      myPick: 'home',
      outcome: 'wrong',
    }),
  ],
  correctReward: '20 积分',
  nextLockAt: '2026-12-05T19:30:00.000+08:00',
  score: { right: 0, wrong: 1, pending: 0 },
  rewards: [],
  ...extra,
})
const state = (campaign: string, g: GuessState | null = guess()): CampaignState => ({
  id: campaign,
  kind: 'guess',
  title: '世界杯竞猜',
  rules: null,
  startAt: '2026-11-24T00:00:00.000+08:00',
  endAt: '2027-01-31T23:59:59.000+08:00',
  status: 'live',
  seedHash: 'ab'.repeat(32),
  seed: null,
  prizes: [],
  chances: null,
  draws: [],
  notEligible: null,
  guess: g,
})
const at = { runtime: { now: () => NOW } }

afterEach(() => vi.unstubAllGlobals())

describe('guess block: picks', () => {
  it('sends the changed picks once with an Idempotency-Key and shows them as mine', async () => {
    let saved: GuessState | null = null
    const api = stubApi({
      'GET /api/campaigns/cup-a': () => state('cup-a', saved ?? guess()),
      'POST /api/campaigns/cup-a/entries': () => {
        const base = guess()
        saved = {
          ...base,
          score: { right: 0, wrong: 1, pending: 2 },
          items: base.items.map((i) =>
            i.id === 'arg-fra'
              ? { ...i, myPick: 'draw', outcome: 'pending' as const }
              : i.id === 'bra-ger'
                ? { ...i, myPick: 'away', outcome: 'pending' as const }
                : i,
          ),
        }
        return saved
      },
    })
    renderBlocks([{ type: 'guess', campaign: 'cup-a' }], at)
    const items = await screen.findAllByTestId('guess-item')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent('焦点战 第1轮 · 12月5日 20:00 开赛')
    expect(items[0]).toHaveTextContent('截止时间 12月5日 19:30')
    // 1 day, 2 h 3 min 5 s before the first lock, on the page's clock.
    expect(screen.getByTestId('guess-timer')).toHaveTextContent('距下一场截止 1天 02:03:05')
    expect(screen.getByText('每猜中 1 项奖励 20 积分')).toBeInTheDocument()
    const submit = screen.getByRole('button', { name: '提交竞猜' })
    expect(submit).toBeDisabled()

    const user = userEvent.setup()
    await user.click(within(items[0]).getByRole('button', { name: /平局/ }))
    await user.click(within(items[1]).getByRole('button', { name: /德国胜/ }))
    expect(within(items[0]).getByRole('button', { name: /平局/ })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByTestId('guess-progress')).toHaveTextContent('已选 3/3 项，2 项待提交')
    expect(items[0]).toHaveTextContent('（未提交）')
    await user.click(submit)

    expect(await screen.findByText('竞猜已提交，截止前可修改')).toBeInTheDocument()
    const [sent] = api.callsTo('POST', '/api/campaigns/cup-a/entries')
    expect(sent.body).toEqual({
      picks: [
        { itemId: 'arg-fra', optionId: 'draw' },
        { itemId: 'bra-ger', optionId: 'away' },
      ],
    })
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
    await waitFor(() => expect(screen.getByTestId('guess-progress')).toHaveTextContent('已选 3/3 项'))
    expect(screen.getByTestId('guess-progress')).not.toHaveTextContent('待提交')
    expect(screen.getAllByTestId('guess-item')[0]).not.toHaveTextContent('（未提交）')
    expect(screen.getByRole('button', { name: '提交竞猜' })).toBeDisabled()
    expect(api.callsTo('POST', '/api/campaigns/cup-a/entries')).toHaveLength(1)
  })

  it('shows a locked item as 已截止 with the result, my outcome and how many picked each option', async () => {
    stubApi({ 'GET /api/campaigns/cup-b': state('cup-b') })
    renderBlocks([{ type: 'guess', campaign: 'cup-b' }], at)
    const locked = (await screen.findAllByTestId('guess-item'))[2]
    expect(within(locked).getByTestId('guess-outcome')).toHaveTextContent('未猜中')
    expect(locked).toHaveTextContent('结果：韩国胜；我的选择：日本胜')
    for (const button of within(locked).getAllByRole('button')) expect(button).toBeDisabled()
    expect(within(locked).getByRole('button', { name: /日本胜/ })).toHaveAttribute('aria-pressed', 'true')
    expect(within(locked).getByRole('button', { name: /韩国胜/ })).toHaveTextContent('5人选')
  })

  it('locks an item when its time passes on the page’s clock, even if the server said it was open', async () => {
    stubApi({ 'GET /api/campaigns/cup-c': state('cup-c') })
    renderBlocks([{ type: 'guess', campaign: 'cup-c' }], {
      runtime: { now: () => Date.parse('2026-12-05T19:30:00+08:00') },
    })
    const first = (await screen.findAllByTestId('guess-item'))[0]
    expect(within(first).getByTestId('guess-outcome')).toHaveTextContent('已截止')
    expect(first).toHaveTextContent('已截止，未参与本场')
    expect(within(first).getByRole('button', { name: /平局/ })).toBeDisabled()
    expect(screen.getByTestId('guess-timer')).toHaveTextContent('距下一场截止 07:00:00')
  })

  it('says which match locked when the server refuses, and shows it locked', async () => {
    let refused = false
    stubApi({
      'GET /api/campaigns/cup-d': () =>
        state(
          'cup-d',
          refused
            ? guess({ items: guess().items.map((i) => (i.id === 'arg-fra' ? { ...i, locked: true } : i)) })
            : guess(),
        ),
      'POST /api/campaigns/cup-d/entries': () => {
        refused = true
        return apiError(409, 'GUESS_LOCKED', '“阿根廷 vs 法国”已截止竞猜，不能再选或修改')
      },
    })
    renderBlocks([{ type: 'guess', campaign: 'cup-d' }], at)
    const first = (await screen.findAllByTestId('guess-item'))[0]
    const user = userEvent.setup()
    await user.click(within(first).getByRole('button', { name: /阿根廷胜/ }))
    await user.click(screen.getByRole('button', { name: '提交竞猜' }))
    expect(await screen.findByText('“阿根廷 vs 法国”已截止竞猜，不能再选或修改')).toBeInTheDocument()
    await waitFor(() =>
      expect(within(screen.getAllByTestId('guess-item')[0]).getByTestId('guess-outcome')).toHaveTextContent(
        '已截止',
      ),
    )
    expect(
      within(screen.getAllByTestId('guess-item')[0]).getByRole('button', { name: /阿根廷胜/ }),
    ).toBeDisabled()
  })

  it('asks a visitor to log in instead of submitting', async () => {
    const api = stubApi({ 'GET /api/campaigns/cup-e': state('cup-e', guess({ score: null })) })
    const run = vi.fn(async () => {})
    renderBlocks([{ type: 'guess', campaign: 'cup-e' }], { runtime: { run, now: () => NOW } })
    await userEvent.setup().click(await screen.findByRole('button', { name: '登录参与竞猜' }))
    expect(run).toHaveBeenCalledWith({ type: 'login' })
    expect(api.callsTo('POST', '/api/campaigns/cup-e/entries')).toHaveLength(0)
    expect(screen.queryByTestId('guess-progress')).toBeNull()
  })

  it('shows its loading, error and empty states in Chinese', async () => {
    stubApi({ 'GET /api/campaigns/cup-f': apiError(404, 'NOT_FOUND', '活动不存在') })
    renderBlocks([{ type: 'guess', campaign: 'cup-f' }], at)
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument()
    expect(await screen.findByText('活动不存在')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
    stubApi({ 'GET /api/campaigns/cup-g': state('cup-g', guess({ items: [] })) })
    renderBlocks([{ type: 'guess', campaign: 'cup-g' }], at)
    expect(await screen.findByText('暂无竞猜场次')).toBeInTheDocument()
  })
})

describe('guess block: results', () => {
  it('shows my record, each result with my pick and 猜中/未猜中, and my rewards', async () => {
    const decided = guess({
      items: [
        item({ locked: true, result: 'home', myPick: 'home', outcome: 'right' }),
        item({
          id: 'bra-ger',
          title: '巴西 vs 德国',
          options: options('巴西', '德国'),
          myPick: 'draw',
          outcome: 'pending',
        }),
        guess().items[2],
      ],
      score: { right: 1, wrong: 1, pending: 1 },
      rewards: [
        {
          itemId: 'arg-fra',
          title: '阿根廷 vs 法国',
          reward: '20 积分',
          at: '2026-12-05T23:00:00.000+08:00',
        },
      ],
    })
    stubApi({ 'GET /api/campaigns/cup-h': state('cup-h', decided) })
    renderBlocks([{ type: 'guess', campaign: 'cup-h', view: 'results' }], at)
    expect(await screen.findByTestId('guess-score')).toHaveTextContent(
      '猜中 1 项 · 未猜中 1 项 · 待开奖 1 项',
    )
    const rows = screen.getAllByTestId('guess-result-row')
    expect(rows.map((r) => r.textContent)).toEqual([
      '阿根廷 vs 法国阿根廷胜阿根廷胜猜中',
      '巴西 vs 德国待公布平局',
      '日本 vs 韩国韩国胜日本胜未猜中',
    ])
    expect(screen.getByTestId('guess-reward')).toHaveTextContent('猜中“阿根廷 vs 法国”+20 积分')
  })

  it('asks a visitor to log in to see their results, and says when no reward has come yet', async () => {
    stubApi({ 'GET /api/campaigns/cup-i': state('cup-i', guess({ score: null })) })
    renderBlocks([{ type: 'guess', campaign: 'cup-i', view: 'results' }], at)
    expect(await screen.findByText('登录后查看我的竞猜结果与奖励')).toBeInTheDocument()
    expect(screen.queryByText('我的选择')).toBeNull()
    stubApi({ 'GET /api/campaigns/cup-j': state('cup-j') })
    renderBlocks([{ type: 'guess', campaign: 'cup-j', view: 'results' }], at)
    expect(await screen.findByText('暂无奖励，结果公布后猜中即发放到账户')).toBeInTheDocument()
  })
})
