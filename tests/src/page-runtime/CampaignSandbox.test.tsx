import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearToasts } from '../../../src/components/notice'
import { PREVIEW_LOGIN } from '../../../src/page-runtime/actions'
import { ConfigPage, type PageOverrides } from '../../../src/page-runtime/ConfigPage'
import { currentPageConfig } from '../../../src/page-config/migrations'
import { PageHostContext } from '../../../src/page-runtime/pageHost'
import { resetClockOffset } from '../../../src/page-runtime/serverClock'
import { cupPrize, lotteryCampaign, pointsPrize } from '../../fixtures/lottery'

// A draft's campaigns in a preview (the studio's frame, a signed preview link): the real blocks draw against the
// page's own campaigns in a throwaway sandbox and never ask the server; the live page still does.

const LIVE = Date.parse('2026-12-12T10:00:00+08:00')

const pageOf = (
  blocks: Record<string, unknown>[],
  eligibility?: Record<string, unknown>,
): Record<string, unknown> => ({
  schemaVersion: 3,
  title: '双十二保障节',
  schedule: {
    startAt: '2026-12-01T00:00:00+08:00',
    endAt: '2026-12-31T00:00:00+08:00',
  },
  campaigns: {
    // Its own id in each test: SWR's cache outlives a test.
    'd12-lottery': lotteryCampaign({
      limits: { perUserTotal: 2 },
      ...(eligibility ? { eligibility } : {}),
      rules: '1. 每人 2 次。',
      prizes: [cupPrize({ weight: 1, stock: 1 }), pointsPrize(10, { weight: 1 })],
    }),
  },
  blocks,
})

const frame = (loggedIn: boolean): PageOverrides => ({
  nowMs: LIVE,
  frozen: true,
  loggedIn,
  showBlockErrors: true,
  campaignSandbox: true,
})

function renderPage(config: Record<string, unknown>, overrides?: PageOverrides) {
  const navigate = vi.fn()
  render(
    <PageHostContext.Provider value={{ pathname: '/studio-preview', search: '', params: {}, navigate }}>
      <ConfigPage config={currentPageConfig(config)} overrides={overrides} />
    </PageHostContext.Provider>,
  )
  return navigate
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * The server: its clock (the page asks it even when a preview fixes the moment), and a campaign for the live page;
 * every path asked is recorded.
 */
function server() {
  const requested: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost')
      requested.push(pathname)
      if (pathname === '/api/time') return json(200, { now: '2026-12-12T10:00:00.000+08:00', epochMs: LIVE })
      return json(404, { error: { code: 'NOT_FOUND', message: '活动不存在' } })
    }),
  )
  return { requested }
}

const campaignRequests = (requested: string[]) =>
  requested.filter((path) => path.startsWith('/api/campaigns') || path.startsWith('/api/me/'))

afterEach(() => {
  act(() => clearToasts())
  vi.unstubAllGlobals()
  resetClockOffset()
})

describe('the campaign sandbox of a preview', () => {
  it('draws on the page’s own lottery, says it is a sandbox, and sends nothing to the server', async () => {
    const api = server()
    renderPage(pageOf([{ type: 'lottery', campaign: 'd12-lottery' }]), frame(true))
    expect(await screen.findAllByText('保温杯')).not.toHaveLength(0)
    expect(screen.getByTestId('campaign-sandbox')).toHaveTextContent('预览沙盒：抽奖、领取都不计入，也不发奖')
    expect(screen.getByTestId('lottery-chances')).toHaveTextContent('今日还可抽 2 次（活动期间共剩 2 次）')
    // Its draws are not the server's fair draws: no fairness note, no link to the server's fairness page.
    expect(screen.getByText('1. 每人 2 次。')).toBeInTheDocument()
    expect(screen.queryByText('查看公平性说明')).not.toBeInTheDocument()

    await userEvent.setup().click(screen.getByRole('button', { name: '抽奖' }))
    expect(await screen.findByTestId('lottery-result', {}, { timeout: 5000 })).toHaveTextContent(
      /^恭喜获得：(保温杯（保温杯一个）|10 积分)$/,
    )
    await waitFor(() => expect(screen.getByTestId('lottery-chances')).toHaveTextContent('今日还可抽 1 次'))
    expect(campaignRequests(api.requested)).toEqual([])
  })

  it('the sample user’s profile reaches the eligibility rules: 未实名 is refused a real-name lottery in the consumer’s words', async () => {
    server()
    const config = pageOf([{ type: 'lottery', campaign: 'd12-lottery' }], {
      realName: true,
      minLevel: 'V2',
      newUserDays: 30,
    })
    const unverified = { realName: false, level: 'V2', newUser: true } as const
    renderPage(config, { ...frame(true), sandboxProfile: unverified })
    expect(await screen.findByTestId('lottery-eligibility')).toHaveTextContent('完成实名认证后才能参与本活动')
    expect(screen.getByRole('button', { name: '暂不可抽' })).toBeDisabled()
  })

  it('重置 starts the throwaway state over', async () => {
    server()
    renderPage(pageOf([{ type: 'lottery', campaign: 'd12-lottery' }]), frame(true))
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: '抽奖' }))
    await screen.findByTestId('lottery-result', {}, { timeout: 5000 })
    await waitFor(() => expect(screen.getByTestId('lottery-chances')).toHaveTextContent('今日还可抽 1 次'))
    await user.click(screen.getByRole('button', { name: '重置' }))
    await waitFor(() => expect(screen.getByTestId('lottery-chances')).toHaveTextContent('今日还可抽 2 次'))
    expect(screen.queryByTestId('lottery-result')).not.toBeInTheDocument()
  })

  it('logged out (已登录 off): the lottery and the poster ask to log in, and the login only says so', async () => {
    const api = server()
    const navigate = renderPage(
      pageOf([
        { type: 'lottery', campaign: 'd12-lottery' },
        { type: 'poster', background: '/images/poster.png' },
      ]),
      frame(false),
    )
    expect(await screen.findByText('登录后生成专属海报')).toBeInTheDocument()
    await userEvent.setup().click(await screen.findByRole('button', { name: '登录抽奖' }))
    expect(await screen.findByText(PREVIEW_LOGIN)).toBeInTheDocument()
    expect(navigate).not.toHaveBeenCalled()
    expect(campaignRequests(api.requested)).toEqual([])
  })

  it('a block on a campaign this page does not declare says so instead of showing another page’s', async () => {
    const api = server()
    renderPage(
      pageOf([
        { type: 'lottery', campaign: 'trialfee-lottery' },
        { type: 'coupon', campaign: 'newuser-coupon' },
      ]),
      frame(true),
    )
    // Each block's chunk loads on its own: wait for both notices.
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2))
    const notices = screen.getAllByRole('alert')
    expect(notices[0]).toHaveTextContent(/^本页未声明活动“trialfee-lottery”，预览只运行本页声明的活动/)
    expect(notices[1]).toHaveTextContent('活动未声明本页未声明活动“newuser-coupon”')
    // A notice to fix the page: nothing to retry, no prize of another page.
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('lottery-cell')).not.toBeInTheDocument()
    expect(campaignRequests(api.requested)).toEqual([])
  })

  it('a coupon is collected and a guess is made in the sandbox too', async () => {
    const api = server()
    const config = pageOf([
      { type: 'coupon', campaign: 'd12-coupon' },
      { type: 'guess', campaign: 'd12-guess' },
    ])
    config.campaigns = {
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
            stock: 3,
            reward: { kind: 'coupon', benefit: '停车 2 小时', validDays: 7 },
          },
        ],
      },
      'd12-guess': {
        kind: 'guess',
        title: '冠军竞猜',
        window: { startAt: '2026-12-01T00:00:00+08:00', endAt: '2026-12-31T00:00:00+08:00' },
        items: [
          {
            id: 'final',
            title: '甲队 vs 乙队',
            lockAt: '2026-12-20T20:00:00+08:00',
            options: [
              { id: 'a', label: '甲队胜' },
              { id: 'b', label: '乙队胜' },
            ],
          },
        ],
        correctReward: { kind: 'points', amount: 20 },
      },
    }
    renderPage(config, frame(true))
    const user = userEvent.setup()
    expect(await screen.findByText('剩余 3 张')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '立即领取' }))
    expect(await screen.findByTestId('coupon-claimed')).toHaveTextContent('领取成功，券码')
    await waitFor(() => expect(screen.getByText('剩余 2 张')).toBeInTheDocument())
    expect(screen.getByRole('button', { name: '已领取' })).toBeDisabled()

    await user.click(await screen.findByRole('button', { name: /甲队胜/ }))
    await user.click(screen.getByRole('button', { name: '提交竞猜' }))
    expect(await screen.findByText('竞猜已提交，截止前可修改')).toBeInTheDocument()
    expect(campaignRequests(api.requested)).toEqual([])
  })

  it('the live page (no preview) still asks the server', async () => {
    const api = server()
    renderPage(pageOf([{ type: 'lottery', campaign: 'live-lottery' }]))
    await waitFor(() => expect(api.requested).toContain('/api/campaigns/live-lottery'))
    expect(screen.queryByTestId('campaign-sandbox')).not.toBeInTheDocument()
  })
})
