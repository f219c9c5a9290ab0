import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearToasts } from '../../../src/components/notice'
import { PREVIEW_LOGIN } from '../../../src/page-runtime/actions'
import { ConfigPage, type PageOverrides, type RawPageConfig } from '../../../src/page-runtime/ConfigPage'
import { PageHostContext } from '../../../src/page-runtime/pageHost'
import { resetClockOffset } from '../../../src/page-runtime/serverClock'
import { stubApi } from '../harness'

// A draft's campaigns in a preview (the studio's frame, a signed preview link): the real blocks draw against the
// page's own campaigns in a throwaway sandbox and never ask the server; the live page still does.

const LIVE = Date.parse('2026-12-12T10:00:00+08:00')

const pageOf = (blocks: Record<string, unknown>[]): RawPageConfig => ({
  schemaVersion: 3,
  title: '双十二保障节',
  schedule: {
    startAt: '2026-12-01T00:00:00+08:00',
    endAt: '2026-12-31T00:00:00+08:00',
  },
  campaigns: {
    // Its own id in each test: SWR's cache outlives a test.
    'd12-lottery': {
      kind: 'lottery',
      title: '双十二抽奖',
      window: { startAt: '2026-12-01T00:00:00+08:00', endAt: '2026-12-31T00:00:00+08:00' },
      limits: { perUserTotal: 2 },
      rules: '1. 每人 2 次。',
      prizes: [
        {
          id: 'cup',
          name: '保温杯',
          weight: 1,
          stock: 1,
          reward: { kind: 'physical', description: '保温杯一个' },
        },
        { id: 'points', name: '10积分', weight: 1, reward: { kind: 'points', amount: 10 } },
      ],
    },
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

function renderPage(config: RawPageConfig, overrides?: PageOverrides) {
  const navigate = vi.fn()
  render(
    <PageHostContext.Provider value={{ pathname: '/studio-preview', search: '', params: {}, navigate }}>
      <ConfigPage config={config} overrides={overrides} />
    </PageHostContext.Provider>,
  )
  return navigate
}

/** The server's clock (the page asks it even when a preview fixes the moment); anything else is 404. */
const server = () => stubApi({ 'GET /api/time': { now: '2026-12-12T10:00:00.000+08:00', epochMs: LIVE } })

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
    expect(await screen.findByText('保温杯')).toBeInTheDocument()
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

  it('a lottery of a campaign this page does not declare says so instead of showing another page’s', async () => {
    const api = server()
    renderPage(pageOf([{ type: 'lottery', campaign: 'trialfee-lottery' }]), frame(true))
    expect(await screen.findByRole('alert')).toHaveTextContent('本页未声明活动“trialfee-lottery”')
    expect(campaignRequests(api.requested)).toEqual([])
  })

  it('the live page (no preview) still asks the server', async () => {
    const api = server()
    renderPage(pageOf([{ type: 'lottery', campaign: 'live-lottery' }]))
    await waitFor(() => expect(api.callsTo('GET', '/api/campaigns/live-lottery')).toHaveLength(1))
    expect(screen.queryByTestId('campaign-sandbox')).not.toBeInTheDocument()
  })
})
