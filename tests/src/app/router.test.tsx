import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { buildRouteObjects } from '../../../src/app/router'
import { screenRoutes } from '../../../src/app/routes'
import type { ScreenRoute } from '../../../src/types/route'
import { renderAppRoutes } from '../harness'

const screenOf = (text: string) => async () => ({ default: () => <p>{text}</p> })

let boomThrows = true
function Boom() {
  if (boomThrows) throw new Error('render failed')
  return <p>boom recovered</p>
}

function makeTable(extra: ScreenRoute[] = []): ScreenRoute[] {
  return [
    { path: '/', title: '首页标题', tab: true, load: screenOf('home screen') },
    { path: '/a/b', title: '甲乙页面', load: screenOf('a-b screen') },
    { path: '/loginC', title: '登录', load: screenOf('login screen') },
    { path: '/loginC/authentication', title: '登录并认证', load: screenOf('login auth screen') },
    { path: '/boom', title: '会出错', load: async () => ({ default: Boom }) },
    ...extra,
  ]
}

/** The table as the app renders it (declarative mode), at `path`. */
const renderAt = (path: string, table = makeTable()) => renderAppRoutes(buildRouteObjects(table), path)

describe('route table and layouts', () => {
  it('renders a lazy screen and sets the document title from the route', async () => {
    await renderAt('/a/b')
    expect(await screen.findByText('a-b screen')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('甲乙页面'))
  })

  it('the title follows every route change', async () => {
    const router = await renderAt('/a/b')
    await screen.findByText('a-b screen')
    act(() => router.navigate('/'))
    expect(await screen.findByText('home screen')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('首页标题'))
  })

  it('matches exactly: a longer path is the 404 screen', async () => {
    await renderAt('/a/b/c')
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('页面不存在'))
  })

  it('/loginC accepts no type or "authentication" only', async () => {
    await renderAt('/loginC')
    expect(await screen.findByText('login screen')).toBeInTheDocument()
  })
  it('/loginC/authentication is the login-then-authenticate screen', async () => {
    await renderAt('/loginC/authentication')
    expect(await screen.findByText('login auth screen')).toBeInTheDocument()
  })
  it('/loginC/anything-else is the 404 screen', async () => {
    await renderAt('/loginC/wechat')
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument()
  })

  it('main layout: NavBar with the title and back on inner screens; TabBar only on tab screens', async () => {
    const { container } = render(<></>)
    await renderAt('/a/b')
    await screen.findByText('a-b screen')
    expect(screen.getByRole('button', { name: '返回' })).toHaveClass('adm-nav-bar-back')
    expect(document.querySelector('.app-tabbar')).toBeNull()
    expect(container).toBeTruthy()
  })

  it('tab screens show the TabBar with only the tabs whose screens exist, and no back arrow', async () => {
    await renderAt('/')
    await screen.findByText('home screen')
    const tabbar = document.querySelector('.app-tabbar') as HTMLElement
    expect(tabbar).not.toBeNull()
    expect(tabbar.textContent).toContain('首页')
    expect(tabbar.textContent).not.toContain('积分')
    // Each tab is a link; the one shown is the current page. No unnamed button where the back arrow would be.
    const home = screen.getByRole('link', { name: '首页' })
    expect(home).toHaveAttribute('href', '/')
    expect(home).toHaveAttribute('aria-current', 'page')
    expect(screen.queryAllByRole('button').filter((b) => !b.textContent?.trim() && !b.ariaLabel)).toEqual([])
    expect(document.querySelector('.adm-nav-bar-back')).toBeNull()
  })

  it('the whole table is registered again under /app without the NavBar', async () => {
    await renderAt('/app/a/b')
    expect(await screen.findByText('a-b screen')).toBeInTheDocument()
    expect(document.querySelector('.adm-nav-bar')).toBeNull()
    await waitFor(() => expect(document.title).toBe('甲乙页面'))
  })

  it('unknown paths under /app are the 404 screen too', async () => {
    await renderAt('/app/nope')
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument()
  })

  it('the 404 screen goes home', async () => {
    const router = await renderAt('/nope')
    await userEvent.click(await screen.findByRole('button', { name: '返回首页' }))
    await waitFor(() => expect(router.location()).toBe('/'))
  })
})

describe('errors and lazy loading', () => {
  it('a screen that throws shows the error screen; 重试 renders it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    boomThrows = true
    await renderAt('/boom')
    expect(await screen.findByText('页面出错了')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument()
    boomThrows = false
    await userEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByText('boom recovered')).toBeInTheDocument()
  })

  it("the error screen's 返回首页 goes home", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    boomThrows = true
    const router = await renderAt('/boom')
    await userEvent.click(await screen.findByRole('button', { name: '返回首页' }))
    await waitFor(() => expect(router.location()).toBe('/'))
    expect(await screen.findByText('home screen')).toBeInTheDocument()
  })

  it('a chunk that fails once is retried and the screen renders', async () => {
    let calls = 0
    const flaky: ScreenRoute = {
      path: '/flaky',
      title: '偶发失败',
      load: async () => {
        calls += 1
        if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module')
        return { default: () => <p>flaky loaded</p> }
      },
    }
    await renderAt('/flaky', makeTable([flaky]))
    expect(await screen.findByText('flaky loaded')).toBeInTheDocument()
    expect(calls).toBe(2)
  })

  it('a chunk that keeps failing shows a reload message, never a white screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const load = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    await renderAt('/dead', makeTable([{ path: '/dead', title: '坏页面', load }]))
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('a chunk that failed offline loads again once back online, and the screen shows in place', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let online = false
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module')
      return { default: () => <p>offline screen loaded</p> }
    })
    await renderAt('/offline', makeTable([{ path: '/offline', title: '断网页面', load }]))
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument()
    online = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText('offline screen loaded')).toBeInTheDocument()
  })

  it("the reload screen's 重新加载 asks for the chunk again without reloading the page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let online = false
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module')
      return { default: () => <p>retried screen loaded</p> }
    })
    await renderAt('/retry', makeTable([{ path: '/retry', title: '重试页面', load }]))
    const button = await screen.findByRole('button', { name: '重新加载' })
    online = true
    await userEvent.click(button)
    expect(await screen.findByText('retried screen loaded')).toBeInTheDocument()
  })

  it('a slow chunk shows the 加载中… placeholder, then the screen', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const slow: ScreenRoute = {
      path: '/slow',
      title: '慢页面',
      load: async () => {
        await gate
        return { default: () => <p>slow loaded</p> }
      },
    }
    const router = await renderAt('/', makeTable([slow]))
    await screen.findByText('home screen')
    act(() => router.navigate('/slow'))
    expect(await screen.findByText('加载中…', {}, { timeout: 2000 })).toBeInTheDocument()
    expect(screen.getByText('home screen')).toBeInTheDocument()
    release()
    expect(await screen.findByText('slow loaded')).toBeInTheDocument()
    expect(screen.queryByText('loading...')).toBeNull()
  })
})

describe('the real route table', () => {
  it('has unique, absolute paths, each with a Chinese title', () => {
    const paths = screenRoutes.map((r) => r.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const route of screenRoutes) {
      expect(route.path.startsWith('/')).toBe(true)
      expect(route.title).toMatch(/[\u4e00-\u9fa5]/)
    }
  })

  it('includes the foundation screens', () => {
    const paths = screenRoutes.map((r) => r.path)
    for (const p of [
      '/',
      '/loading',
      '/protocol/privacy',
      '/protocol/sensitive',
      '/protocol/service',
      '/protocol/auth',
    ])
      expect(paths).toContain(p)
  })
})
