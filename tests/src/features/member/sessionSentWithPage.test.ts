import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { refreshSession } from '../../../../src/features/member/session'
import { sessionDataBlock } from '../../../../src/page-config/screenHtml'
import { userStore } from '../../../../src/state/user'
import { stubApi } from '../../harness/stubApi'
import { me } from './fixtures'

// A page kept for everyone and sent to a session carries that visitor's /api/me answer: the browser takes who
// they are from it, without a request one round trip after hydrating; once, so a later refresh asks the API.

const sent = (json: string) => {
  document.body.insertAdjacentHTML('beforeend', sessionDataBlock(json))
}

beforeEach(() => userStore.reset())
afterEach(() => document.getElementById('session-data')?.remove())

describe('the session sent with the page', () => {
  it('logs the visitor in from the page, without asking /api/me, and only the first time', async () => {
    const api = stubApi({ 'GET /api/me': me({ id: 'u-api', phone: '13900000002' }) })
    sent(JSON.stringify(me({ id: 'u-page', phone: '13900000001', nickname: '</script>页面' })))
    await refreshSession()
    expect(userStore.state.id).toBe('u-page')
    expect(userStore.state.userInfo.nickname).toBe('</script>页面')
    expect(api.callsTo('GET', '/api/me')).toHaveLength(0)
    await refreshSession()
    expect(userStore.state.id).toBe('u-api')
    expect(api.callsTo('GET', '/api/me')).toHaveLength(1)
  })

  it('ends a session this device remembered when the page says it holds none', async () => {
    userStore.update({ id: 'u-old', userInfo: { id: 'u-old', phone: '13900000003' } })
    const api = stubApi({ 'GET /api/me': me() })
    sent('null')
    await refreshSession()
    expect(userStore.state.id).toBe('')
    expect(api.callsTo('GET', '/api/me')).toHaveLength(0)
  })

  it('asks the API when the page’s block cannot be read', async () => {
    const api = stubApi({ 'GET /api/me': me({ id: 'u-api' }) })
    sent('{"id":')
    await refreshSession()
    expect(userStore.state.id).toBe('u-api')
    expect(api.callsTo('GET', '/api/me')).toHaveLength(1)
  })
})
