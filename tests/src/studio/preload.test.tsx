import { render, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { detail } from './fixtures'

// Opening /studio/pages/{id}: the draft is asked for alongside the session and, when signed in, is in the page
// screen's cache by its first render, which then makes the working copy at once (no effect, no second render).

const page = detail({ id: 'spring' })
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const refused = { error: { code: 'UNAUTHORIZED', message: '请先登录' } }

function stubServer(signedIn: boolean) {
  const asked: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url)
      if (!signedIn) return json(401, refused)
      if (url.endsWith('/session'))
        return json(200, { staff: { username: 'editor', name: '运营编辑', role: 'editor' } })
      if (url.endsWith('/pages/spring')) return json(200, page)
      return json(404, { error: { code: 'NOT_FOUND', message: '不存在' } })
    }),
  )
  return asked
}

/** The screen's data hook in a fresh module graph (the session check starts again; SWR's cache, in
 * node_modules, is kept, so each test has its own page id). */
async function fresh() {
  vi.resetModules()
  const { preloadFirstScreen } = await import('../../../src/studio/preload')
  const { usePage } = await import('../../../src/studio/api/hooks')
  const { useDraft } = await import('../../../src/studio/page/useDraft')
  return { preloadFirstScreen, usePage, useDraft }
}

/** Lets the stubbed answers and their callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('preloadFirstScreen on a page URL', () => {
  it('asks for the session and the draft at once; signed in, the screen has the page in its first render', async () => {
    const asked = stubServer(true)
    const { preloadFirstScreen, usePage } = await fresh()
    preloadFirstScreen('/studio/pages/spring')
    expect(asked).toEqual(['/api/studio/session', '/api/studio/pages/spring'])
    await settle()
    const firstRender: unknown[] = []
    function Probe() {
      const { data } = usePage('spring')
      if (firstRender.length === 0) firstRender.push(data)
      return null
    }
    render(<Probe />)
    expect(firstRender[0]).toMatchObject({ id: 'spring', draftRevision: page.draftRevision })
  })

  it('signed out, keeps nothing for the screen', async () => {
    stubServer(false)
    const { preloadFirstScreen, usePage } = await fresh()
    preloadFirstScreen('/studio/pages/autumn')
    await settle()
    const firstRender: unknown[] = []
    function Probe() {
      const { data } = usePage('autumn')
      if (firstRender.length === 0) firstRender.push(data ?? 'none')
      return null
    }
    render(<Probe />)
    expect(firstRender[0]).toBe('none')
  })
})

describe('useDraft', () => {
  it('makes the working copy in its first render when the page is already there', async () => {
    const { useDraft } = await fresh()
    const renders: unknown[] = []
    renderHook(() => {
      const state = useDraft('spring', page)
      renders.push(state.draft)
      return state
    })
    expect(renders[0]).toMatchObject({ config: page.config, revision: page.draftRevision, dirty: false })
  })
})
