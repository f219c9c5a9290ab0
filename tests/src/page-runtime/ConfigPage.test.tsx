import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { compileMarkdown } from '../../../src/page-config/markdown'
import { markdownSources } from '../../../src/page-config/markdownSources'
import { ConfigPage } from '../../../src/page-runtime/ConfigPage'
import { currentPageConfig } from '../../../src/page-config/migrations'
import { OFFLINE_REDIRECT_MS } from '../../../src/page-runtime/OfflineNotice'
import { PageHostContext } from '../../../src/page-runtime/pageHost'
import { resetClockOffset } from '../../../src/page-runtime/serverClock'
import { YEAR_END_SCHEDULE } from './yearEndSchedule'

// The lifecycle as a visitor sees it, on the server's time (/api/time), with and without a ?phase= preview.
const config: Record<string, unknown> = {
  schemaVersion: 3,
  title: '年终好礼',
  schedule: YEAR_END_SCHEDULE,
  blocks: [
    {
      type: 'countdown',
      to: 'schedule.startAt',
      label: '距开抢还有',
      endedText: '已开抢',
      showIn: ['preheat'],
    },
    {
      type: 'countdown',
      to: 'schedule.endAt',
      label: '距活动结束还有',
      endedText: '活动已结束',
      showIn: ['live'],
    },
    { type: 'title', text: '年终好礼 感恩有你' },
  ],
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

/** The server answers /api/time with this moment (and /api/health in demo mode: previews allowed). */
function serverAt(iso: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path === '/api/time') return json({ now: iso, epochMs: Date.parse(iso) })
      if (path === '/api/health') return json({ status: 'ok', db: 'pglite', mode: 'demo' })
      return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } })
    }),
  )
}

function renderPage(search = '') {
  const navigate = vi.fn()
  render(
    <PageHostContext.Provider value={{ pathname: '/yearEndGifts', search, params: {}, navigate }}>
      <ConfigPage config={currentPageConfig(config)} />
    </PageHostContext.Provider>,
  )
  return navigate
}

beforeEach(() => resetClockOffset())
afterEach(() => vi.unstubAllGlobals())

describe('phase previews', () => {
  it('?phase=preheat shows the countdown to the start even while the campaign is live', async () => {
    serverAt('2026-12-01T12:00:00+08:00')
    renderPage('?phase=preheat')
    const timer = await screen.findByRole('timer')
    expect(timer).toHaveTextContent('距开抢还有')
    expect(timer).toHaveTextContent(/\d+天/)
    expect(screen.queryByText('已开抢')).toBeNull()
    expect(screen.getByText('预览：预热中')).toBeInTheDocument()
  })

  it('?phase=live after the end shows the countdown to the end, not 活动已结束', async () => {
    serverAt('2027-01-05T12:00:00+08:00')
    renderPage('?phase=live')
    expect(await screen.findByRole('timer')).toHaveTextContent('距活动结束还有')
    expect(screen.queryByText('活动已结束')).toBeNull()
  })
})

describe('an offline page', () => {
  it('says 活动已下线 before leaving for the fallback (previewed)', async () => {
    serverAt('2026-12-01T12:00:00+08:00')
    const navigate = renderPage('?phase=offline')
    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent('活动已下线')
    expect(notice).toHaveTextContent('即将返回首页')
    expect(navigate).not.toHaveBeenCalled()
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }), {
      timeout: OFFLINE_REDIRECT_MS + 3000,
    })
  })

  it('says 活动已下线 before leaving for the fallback (on server time, no preview)', async () => {
    serverAt('2027-02-01T00:00:00+08:00')
    const navigate = renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('活动已下线')
    expect(screen.queryByText('年终好礼 感恩有你')).toBeNull()
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }), {
      timeout: OFFLINE_REDIRECT_MS + 3000,
    })
  })

  it('before its preheat says 活动未开始 (the studio status word); the button leaves at once', async () => {
    serverAt('2026-11-01T00:00:00+08:00')
    const navigate = renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('活动未开始')
    await userEvent.click(screen.getByRole('button', { name: '立即返回首页' }))
    expect(navigate).toHaveBeenCalledWith('/', { replace: true })
  })

  it('a preview of the moment before its preheat says the same 活动未开始, not 活动已下线', async () => {
    serverAt('2026-12-01T12:00:00+08:00')
    renderPage('?phase=upcoming')
    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent('活动未开始')
    expect(notice).not.toHaveTextContent('已下线')
  })
})

describe('an old config', () => {
  it('renders a v1 richtext nested in tabs as markdown', async () => {
    serverAt('2026-12-01T12:00:00+08:00')
    const v1: Record<string, unknown> = {
      schemaVersion: 1,
      title: '旧页面',
      blocks: [
        {
          type: 'tabs',
          tabs: [
            { title: '规则', blocks: [{ type: 'richtext', content: '## 活动规则' }] },
            { title: '说明', blocks: [{ type: 'title', text: '说明' }] },
          ],
        },
      ],
    }
    // The build compiles a config's markdown (the old richtext included); the browser only draws the trees.
    const trees = Object.fromEntries(
      [...markdownSources(v1)].map((source) => [source, compileMarkdown(source)]),
    )
    render(
      <PageHostContext.Provider value={{ pathname: '/old', search: '', params: {}, navigate: vi.fn() }}>
        <ConfigPage config={currentPageConfig(v1)} markdown={trees} />
      </PageHostContext.Provider>,
    )
    expect(await screen.findByRole('heading', { name: '活动规则' })).toBeInTheDocument()
  })
})
