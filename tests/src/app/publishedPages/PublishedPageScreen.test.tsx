import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import PublishedPageScreen from '../../../../src/app/publishedPages/PublishedPageScreen'
import { RouterPageHost } from '../../../../src/app/RouterPageHost'
import { resetClockOffset } from '../../../../src/page-runtime/serverClock'
import { renderScreen } from '../../harness'
import { YEAR_END_SCHEDULE } from '../../page-runtime/yearEndSchedule'
import { json, serve } from './serve'

// /activity/{id} as a visitor sees it: the live version, a missing page, an offline one, a failing network,
// and a signed preview link of the draft.

const LIVE_NOW = '2026-11-25T10:00:00+08:00'

const config = (title: string) => ({
  schemaVersion: 3,
  title,
  schedule: YEAR_END_SCHEDULE,
  blocks: [
    { type: 'title', text: `${title} 欢迎参加` },
    { type: 'title', text: '预热中 敬请期待', showIn: ['preheat'] },
    { type: 'title', text: '活动火热进行中', showIn: ['live'] },
  ],
})

const page = (title: string, version = 1) => ({
  id: 'spring-health',
  version,
  publishedAt: '2026-11-20T00:00:00+08:00',
  config: config(title),
  markdown: {},
})

function Screen() {
  return (
    <RouterPageHost>
      <PublishedPageScreen />
    </RouterPageHost>
  )
}

const open = (path = '/activity/spring-health') => renderScreen(Screen, path, '/activity/:id')

beforeEach(() => resetClockOffset())
afterEach(() => vi.unstubAllGlobals())

describe('/activity/{id}', () => {
  it('shows a placeholder while loading, then the live version', async () => {
    let answer: (r: Response) => void = () => {}
    serve(LIVE_NOW, {
      '/api/pages/spring-health': () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    open()
    expect(await screen.findByRole('status', { name: '加载中' })).toBeInTheDocument()
    answer(json(200, page('春季健康节')))
    expect(await screen.findByText('春季健康节 欢迎参加')).toBeInTheDocument()
    expect(screen.getByText('活动火热进行中')).toBeInTheDocument()
    expect(screen.queryByText('预热中 敬请期待')).not.toBeInTheDocument()
    expect(screen.queryByText(/预览/)).not.toBeInTheDocument()
  })

  it('an unknown id is the not-found screen', async () => {
    serve(LIVE_NOW, {
      '/api/pages/nope': () => json(404, { error: { code: 'PAGE_NOT_FOUND', message: '页面不存在' } }),
    })
    open('/activity/nope')
    expect(await screen.findByTestId('not-found')).toHaveTextContent('页面不存在')
  })

  it('an offline page replaces itself with its fallback', async () => {
    serve(LIVE_NOW, {
      '/api/pages/spring-health': () =>
        json(200, { id: 'spring-health', offline: true, fallback: '/newgift' }),
    })
    open()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/newgift'))
  })

  it('a failed request says so and 重试 loads the page', async () => {
    let fail = true
    serve(LIVE_NOW, {
      '/api/pages/spring-health': () =>
        fail
          ? json(503, { error: { code: 'UNAVAILABLE', message: '服务繁忙' } })
          : json(200, page('春季健康节')),
    })
    open()
    expect(await screen.findByTestId('published-page-error')).toHaveTextContent('页面加载失败')
    fail = false
    await userEvent.click(screen.getByRole('button', { name: /重试/ }))
    expect(await screen.findByText('春季健康节 欢迎参加')).toBeInTheDocument()
  })

  it('a preview link shows the draft with a 预览 badge at the moment the link was made for', async () => {
    const requested = serve(LIVE_NOW, {
      '/api/pages/spring-health/preview': (url) =>
        url.searchParams.get('token') === 'tok-1'
          ? json(200, {
              id: 'spring-health',
              revision: 7,
              config: config('春季健康节草稿'),
              markdown: {},
              nowMs: Date.parse('2026-11-16T09:00:00+08:00'),
            })
          : json(403, { error: { code: 'PREVIEW_TOKEN_INVALID', message: '预览链接无效' } }),
    })
    open('/activity/spring-health?preview=tok-1&now=2026-11-16T09:00:00%2B08:00')
    expect(await screen.findByText('春季健康节草稿 欢迎参加')).toBeInTheDocument()
    expect(screen.getByText(/^预览：/)).toHaveTextContent('预览：预热')
    // The link's moment is in the preheat, although the server's is live.
    expect(screen.getByText('预热中 敬请期待')).toBeInTheDocument()
    expect(screen.queryByText('活动火热进行中')).not.toBeInTheDocument()
    expect(requested).not.toContain('/api/pages/spring-health')
  })

  it('an expired preview link says so in Chinese', async () => {
    serve(LIVE_NOW, {
      '/api/pages/spring-health/preview': () =>
        json(403, {
          error: { code: 'PREVIEW_TOKEN_EXPIRED', message: '预览链接已过期，请在工作台重新生成' },
        }),
    })
    open('/activity/spring-health?preview=old')
    const message = await screen.findByTestId('preview-refused')
    expect(message).toHaveTextContent('预览链接已失效')
    expect(message).toHaveTextContent('预览链接已过期，请在工作台重新生成')
  })
})
