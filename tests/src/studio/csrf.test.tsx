import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { EDITOR, renderStudio, stubStudioApi, studioError } from './studioHarness'
import { summary } from './fixtures'

// The studio app proves each request is its own: it reads the session's CSRF value from the studio_csrf cookie
// (set at login, readable only under /studio) and sends it as X-Studio-CSRF. A page's request never has it.

const setCsrfCookie = (value: string) => {
  document.cookie = `studio_csrf=${value}; path=/`
}
afterEach(() => {
  document.cookie = 'studio_csrf=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT'
})

describe('the studio CSRF header', () => {
  it('goes with every request, read from the studio_csrf cookie at the time of the request', async () => {
    setCsrfCookie('csrf-value-1')
    const api = stubStudioApi({ 'GET /api/studio/pages': { pages: [summary()], folders: [] } })
    renderStudio('/', EDITOR)
    expect(await screen.findByText('春季保障节')).toBeInTheDocument()
    const [list] = api.callsTo('GET', '/api/studio/pages')
    expect(list.headers.get('x-studio-csrf')).toBe('csrf-value-1')
  })

  it('a refusal for a missing or stale value (an old session) signs out to the login screen', async () => {
    stubStudioApi({
      'GET /api/studio/pages': studioError(
        403,
        'STAFF_CSRF_REQUIRED',
        '工作台请求缺少安全校验，请在工作台中刷新页面后重试',
      ),
    })
    const { router } = renderStudio('/', EDITOR)
    expect(await screen.findByRole('heading', { name: '国恒运营工作台' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })
})
