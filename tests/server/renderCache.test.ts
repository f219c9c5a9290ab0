import { describe, expect, it } from 'vitest'
import {
  RENDER_TTL_MS,
  RenderCache,
  STALE_SERVED_MS,
  VERSION_CHECK_MS,
  type ContentState,
} from '../../server/platform/renderCache'

// The kept anonymous renders (server/platform/renderCache.ts), with a clock and a content state the test sets:
// when a kept render is used, and when a visitor gets a new one.
function setup() {
  let nowMs = Date.parse('2026-12-12T12:00:00.000Z')
  const state: ContentState = { version: 1, nextChangeMs: null }
  let reads = 0
  const cache = new RenderCache(
    async () => {
      reads++
      return { ...state }
    },
    () => new Date(nowMs),
  )
  let renders = 0
  const get = (key = '/', extra: { validFrom?: number; validUntil?: number } = {}) =>
    cache.get(key, async () => ({ body: `<p>${++renders}</p>`, ...extra }))
  return {
    cache,
    state,
    get,
    renders: () => renders,
    reads: () => reads,
    advance: (ms: number) => (nowMs += ms),
    now: () => nowMs,
  }
}

describe('RenderCache', () => {
  it('renders a key once for every visitor, with one ETag, and visitors arriving together share the render', async () => {
    const t = setup()
    const together = await Promise.all(Array.from({ length: 20 }, () => t.get('/')))
    expect(t.renders()).toBe(1)
    expect(new Set(together.map((kept) => kept?.etag)).size).toBe(1)
    expect((await t.get('/'))?.body).toBe('<p>1</p>')
    // The content version is read once per moment, not per visitor.
    expect(t.reads()).toBe(1)
    await t.get('/other')
    expect(t.renders()).toBe(2)
  })

  it('past its time to live, sends the kept render once more while the next one renders; older, waits', async () => {
    const t = setup()
    const first = await t.get('/')
    expect(first?.expiresAt).toBe(t.now() + RENDER_TTL_MS)
    t.advance(RENDER_TTL_MS - 1)
    expect((await t.get('/'))?.body).toBe('<p>1</p>')
    expect(t.renders()).toBe(1)
    // Its time to live is up (nothing it shows changed): this visitor still gets it, the next one a new render.
    t.advance(1)
    expect((await t.get('/'))?.body).toBe('<p>1</p>')
    expect(t.renders()).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect((await t.get('/'))?.body).toBe('<p>2</p>')
    // Twice its time to live: not sent any more.
    t.advance(STALE_SERVED_MS)
    expect((await t.get('/'))?.body).toBe('<p>3</p>')
    // A clock moved back (a test clock reset) does not use a render made in its future.
    t.advance(-60_000)
    expect((await t.get('/'))?.body).toBe('<p>4</p>')
  })

  it('never sends a render past a content change or its validity, however young', async () => {
    const t = setup()
    await t.get('/')
    t.state.version = 2
    await new Promise((resolve) => setTimeout(resolve, VERSION_CHECK_MS + 50))
    expect((await t.get('/'))?.body).toBe('<p>2</p>')
    const until = t.now() + 100
    await t.get('/phase', { validUntil: until })
    t.advance(100)
    expect((await t.get('/phase'))?.body).toBe('<p>4</p>')
  })

  it("keeps a render no longer than the next scheduled publication or the render's own validity", async () => {
    const t = setup()
    t.state.nextChangeMs = t.now() + 1000
    expect((await t.get('/'))?.expiresAt).toBe(t.now() + 1000)
    t.advance(1000)
    expect((await t.get('/'))?.body).toBe('<p>2</p>')

    const until = t.now() + 300
    await t.get('/phase', { validUntil: until })
    t.advance(300)
    expect((await t.get('/phase', { validUntil: until + 10_000 }))?.body).toBe('<p>4</p>')
  })

  it('does not keep what was not rendered, nor a failed render', async () => {
    const t = setup()
    let calls = 0
    expect(await t.cache.get('/x', async () => (calls++, null))).toBeNull()
    expect(await t.cache.get('/x', async () => (calls++, null))).toBeNull()
    expect(calls).toBe(2)
    await expect(t.cache.get('/y', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect((await t.get('/y'))?.body).toBe('<p>1</p>')
  })
})
