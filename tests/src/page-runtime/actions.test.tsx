import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Action } from '../../../src/types/generated/page'
import { clearToasts } from '../../../src/components/notice'
import { useActionRunner } from '../../../src/page-runtime/actions'
import { RouterPageHost } from '../../../src/app/RouterPageHost'
import { tappable } from '../harness'

function Where() {
  const location = useLocation()
  return <p data-testid="where">{location.pathname + location.search}</p>
}

function Runner({ action }: { action: Action }) {
  const run = useActionRunner({ title: '双十二保障节' }, (t) =>
    t.replace('{{user.userInfo.nickname}}', '小明'),
  )
  return (
    <button type="button" onClick={() => void run(action)}>
      执行
    </button>
  )
}

function renderRunner(action: Action) {
  return render(
    <MemoryRouter initialEntries={['/activity']}>
      <Routes>
        <Route
          path="/activity"
          element={
            <RouterPageHost>
              <Runner action={action} />
            </RouterPageHost>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  )
}

afterEach(() => act(() => clearToasts()))

describe('actions', () => {
  it('toast: shows the bound text (the overlay code loads on demand)', async () => {
    renderRunner({ type: 'toast', text: '{{user.userInfo.nickname}}，领取成功', kind: 'success' })
    await userEvent.click(screen.getByRole('button', { name: '执行' }))
    expect(await screen.findByText('小明，领取成功')).toBeInTheDocument()
  })

  it('dialog: opens an alert with the bound content', async () => {
    renderRunner({
      type: 'dialog',
      title: '活动规则',
      content: '{{user.userInfo.nickname}}，每人限领一次',
      confirmText: '知道了',
    })
    await userEvent.click(screen.getByRole('button', { name: '执行' }))
    expect(await screen.findByText('小明，每人限领一次')).toBeInTheDocument()
    // The dialog animates in with pointer-events off: a user taps it once shown.
    await userEvent.click(await tappable(screen.getByText('知道了')))
    await vi.waitFor(() => expect(screen.queryByText('小明，每人限领一次')).toBeNull())
  })

  it('share: without a system share sheet, offers 复制链接 in our sheet', async () => {
    renderRunner({ type: 'share' })
    await userEvent.click(screen.getByRole('button', { name: '执行' }))
    expect(await screen.findByText('复制链接')).toBeInTheDocument()
    expect(screen.getByText('双十二保障节')).toBeInTheDocument()
  })

  it('link: a host off the allow-list is refused with a Chinese toast', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    renderRunner({ type: 'link', href: 'https://evil.example/x' })
    await userEvent.click(screen.getByRole('button', { name: '执行' }))
    expect(await screen.findByText('该链接不可打开')).toBeInTheDocument()
    expect(open).not.toHaveBeenCalled()
    open.mockRestore()
  })

  it('navigate: goes to the target in the app', async () => {
    renderRunner({ type: 'navigate', to: '/product?id=p1' })
    await userEvent.click(screen.getByRole('button', { name: '执行' }))
    expect(await screen.findByTestId('where')).toHaveTextContent('/product?id=p1')
  })

  it('api: posts to an allowed campaign path and says so', async () => {
    const fetch = vi.fn(
      async () => new Response('{}', { status: 201, headers: { 'Content-Type': 'application/json' } }),
    )
    vi.stubGlobal('fetch', fetch)
    renderRunner({
      type: 'api',
      url: '/api/campaigns/trialfee-calc/entries',
      body: {},
      successText: '已记录',
    })
    await userEvent.click(screen.getByRole('button', { name: '执行' }))
    expect(await screen.findByText('已记录')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(
      '/api/campaigns/trialfee-calc/entries',
      expect.objectContaining({ method: 'POST' }),
    )
    vi.unstubAllGlobals()
  })

  it.each([
    '/api/studio/staff',
    '/api/campaigns/x/../../studio/staff',
    '/api/me/deletion',
    '/api/sandbox/partner-faults',
  ])(
    'api: a path off the allow-list (%s, e.g. an old published version) is not sent; the user is told',
    async (url) => {
      const fetch = vi.fn(
        async () => new Response('{}', { status: 201, headers: { 'Content-Type': 'application/json' } }),
      )
      vi.stubGlobal('fetch', fetch)
      renderRunner({ type: 'api', url, body: { username: 'x', role: 'admin' }, successText: '已创建' })
      await userEvent.click(screen.getByRole('button', { name: '执行' }))
      expect(await screen.findByText('该操作不可用（接口不在允许范围内）')).toBeInTheDocument()
      expect(screen.queryByText('已创建')).toBeNull()
      expect(fetch).not.toHaveBeenCalled()
      vi.unstubAllGlobals()
    },
  )

  it('navigate: an API path is no page to go to; refused with a Chinese toast', async () => {
    renderRunner({ type: 'navigate', to: '/api/studio/staff' })
    await userEvent.click(screen.getByRole('button', { name: '执行' }))
    expect(await screen.findByText('该操作不可用（接口不在允许范围内）')).toBeInTheDocument()
    expect(screen.queryByTestId('where')).toBeNull()
  })
})
