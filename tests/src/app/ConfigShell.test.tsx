import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConfigShell } from '../../../src/app/configShell/ConfigShell'
import { usePageHost } from '../../../src/page-runtime/pageHost'
import { persistor } from '../../../src/state'
import type { ScreenRoute } from '../../../src/types/route'
import { stubApi } from '../harness'

// A config page opened directly renders in the light shell (no router); leaving it hands over to the app.

function Probe() {
  const host = usePageHost()
  return (
    <div>
      <p data-testid="where">{host.pathname + host.search}</p>
      <button type="button" onClick={() => host.navigate('/no-such-screen')}>
        去别处
      </button>
    </div>
  )
}

const promo: ScreenRoute = { path: '/promo', title: '双十二保障节', load: async () => ({ default: Probe }) }

beforeEach(() => {
  stubApi({ 'GET /api/health': { status: 'ok', db: 'pglite', mode: 'production' } })
})

afterEach(() => {
  window.history.replaceState(null, '', '/')
  vi.restoreAllMocks()
})

describe('ConfigShell', () => {
  it('renders the page in the app frame without the router: NavBar title, document title, location', async () => {
    window.history.replaceState(null, '', '/promo?from=sms')
    render(<ConfigShell route={promo} />)
    expect(await screen.findByTestId('where')).toHaveTextContent('/promo?from=sms')
    expect(document.querySelector('.app-navbar')).toHaveTextContent('双十二保障节')
    expect(document.title).toBe('双十二保障节')
  })

  it('navigating away hands the screen to the app router, which shows the target', async () => {
    window.history.replaceState(null, '', '/promo')
    render(<ConfigShell route={promo} />)
    await userEvent.click(await screen.findByRole('button', { name: '去别处' }))
    expect(
      await screen.findByRole('heading', { name: '页面不存在' }, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(window.location.pathname).toBe('/no-such-screen')
    expect(screen.queryByTestId('where')).toBeNull()
  })

  it('under /app there is no NavBar and navigation stays inside /app', async () => {
    window.history.replaceState(null, '', '/app/promo')
    render(<ConfigShell route={promo} />)
    expect(await screen.findByTestId('where')).toHaveTextContent('/app/promo')
    expect(document.querySelector('.app-navbar')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: '去别处' }))
    await waitFor(() => expect(window.location.pathname).toBe('/app/no-such-screen'), { timeout: 10_000 })
  })

  it('a page that throws is handed to the app router (whose screens handle errors)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    window.history.replaceState(null, '', '/promo')
    function Broken(): never {
      throw new Error('render failed')
    }
    render(<ConfigShell route={{ ...promo, load: async () => ({ default: Broken }) }} />)
    // The router shows the same URL; this test table has no app screen for it, so: 页面不存在.
    expect(
      await screen.findByRole('heading', { name: '页面不存在' }, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(window.location.pathname).toBe('/promo')
  })

  it('a history move (back/forward) hands over to the app router too', async () => {
    window.history.replaceState(null, '', '/promo')
    render(<ConfigShell route={promo} />)
    await screen.findByTestId('where')
    window.history.pushState(null, '', '/elsewhere')
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(
      await screen.findByRole('heading', { name: '页面不存在' }, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(screen.queryByTestId('where')).toBeNull()
  })

  it('a page whose chunk will not load asks for a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    window.history.replaceState(null, '', '/promo')
    const broken: ScreenRoute = { ...promo, load: () => Promise.reject(new TypeError('Failed to fetch')) }
    render(<ConfigShell route={broken} />)
    expect(await screen.findByRole('heading', { name: '页面加载失败' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument()
  })

  it('renders a page already loaded on its first render, without a loading pass', async () => {
    await persistor.restore()
    window.history.replaceState(null, '', '/promo')
    render(<ConfigShell route={promo} screen={Probe} />)
    // Synchronously present: PersistGate passes (restored before) and the screen needs no load.
    expect(screen.queryByTestId('where')).not.toBeNull()
  })
})
