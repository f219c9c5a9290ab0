import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { EDITOR, renderStudio, stubStudioApi, studioError } from './studioHarness'
import { summary } from './fixtures'

const fill = async (username: string, password: string) => {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('用户名'), username)
  await user.type(screen.getByLabelText('密码'), password)
  await user.click(screen.getByRole('button', { name: '登录' }))
}

describe('studio login', () => {
  it('a signed-out visitor of a studio page lands on the login screen', async () => {
    stubStudioApi({})
    const { router } = renderStudio('/pages/spring-sale', null)
    expect(await screen.findByRole('heading', { name: '国恒运营工作台' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toBe('?from=%2Fpages%2Fspring-sale')
  })

  it('shows the server message for a wrong password and keeps the user on the form', async () => {
    const api = stubStudioApi({
      'POST /api/studio/session': studioError(401, 'STAFF_LOGIN_FAILED', '用户名或密码错误'),
    })
    renderStudio('/login', null)
    await fill('editor', 'wrong-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误')
    expect(api.callsTo('POST', '/api/studio/session')[0].body).toEqual({
      username: 'editor',
      password: 'wrong-password',
    })
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled()
  })

  it('shows how long to wait, as a warning, once attempts are throttled', async () => {
    stubStudioApi({
      'POST /api/studio/session': studioError(
        429,
        'STAFF_LOGIN_THROTTLED',
        '登录尝试过于频繁，请 4 秒后再试',
      ),
    })
    renderStudio('/login', null)
    await fill('editor', 'wrong-password')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('登录尝试过于频繁，请 4 秒后再试')
    expect(alert).toHaveClass('ant-alert-warning')
  })

  it('signs in and opens the page it came from', async () => {
    stubStudioApi({
      'POST /api/studio/session': { staff: EDITOR },
      'GET /api/studio/pages': { pages: [summary()], folders: [] },
    })
    const { router } = renderStudio('/login?from=%2F', null)
    await fill('editor', 'editor-2026')
    expect(await screen.findByText('春季保障节')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(screen.getByTestId('studio-user')).toHaveTextContent('运营编辑')
  })
})
