import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore } from '../../../src/state/createStore'
import { createPersistor, type PersistStorage } from '../../../src/state/persist'
import { persistor as appPersistor } from '../../../src/state'

const KEY = 'persist:root'

function makeStores() {
  return {
    user: createStore('user', { id: '', userInfo: {} as Record<string, unknown>, unLoginF: false }),
    jtcState: createStore('jtcState', { agentInfo: {} as Record<string, unknown> }),
  }
}

function memory(initial?: string): PersistStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  if (initial !== undefined) data.set(KEY, initial)
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  }
}

const silent = () => ({ warn: vi.fn(), error: vi.fn() })
const tick = () => new Promise((r) => setTimeout(r, 5))

afterEach(() => vi.useRealTimers())

describe('persistence', () => {
  let stores: ReturnType<typeof makeStores>
  beforeEach(() => {
    stores = makeStores()
  })

  it('the app persists exactly user and jtcState under persist:root in localStorage', async () => {
    expect(appPersistor.storageKey).toBe(KEY)
    localStorage.clear()
    await appPersistor.restore()
    const { userStore } = await import('../../../src/state/user')
    const { navbarStore } = await import('../../../src/features/catalog/shopping/navbarStore')
    userStore.update({ id: 'u-42' })
    navbarStore.update({ likeTitle: '不应保存' })
    await appPersistor.flush()
    const saved = JSON.parse(localStorage.getItem(KEY) as string)
    expect(Object.keys(saved).sort()).toEqual(['_persist', 'jtcState', 'user'])
    expect(saved.user.id).toBe('u-42')
    expect(JSON.stringify(saved)).not.toContain('不应保存')
  })

  it('restores what was stored, then writes changes back', async () => {
    const storage = memory(
      JSON.stringify({ _persist: { version: 1 }, user: { id: 'u1', userInfo: { nickname: '小王' } } }),
    )
    const p = createPersistor({ stores, storage, logger: silent() })
    await expect(p.restore()).resolves.toBe('restored')
    expect(stores.user.state.id).toBe('u1')
    expect(stores.user.state.userInfo).toEqual({ nickname: '小王' })
    stores.jtcState.update({ agentInfo: { name: '赵经理' } })
    await tick()
    expect(JSON.parse(storage.data.get(KEY) as string).jtcState.agentInfo.name).toBe('赵经理')
  })

  it('does not write before restore finished (stored data is never overwritten by defaults)', async () => {
    const stored = JSON.stringify({ _persist: { version: 1 }, user: { id: 'keep' } })
    const storage = memory(stored)
    const p = createPersistor({ stores, storage, logger: silent() })
    stores.user.update({ unLoginF: true })
    await p.flush()
    expect(storage.data.get(KEY)).toBe(stored)
  })

  it('a restore that takes longer than 5000 ms is treated as failed: clean start, said in the console', async () => {
    vi.useFakeTimers()
    const logger = silent()
    const storage: PersistStorage = {
      getItem: () => new Promise(() => {}),
      setItem: vi.fn(),
      removeItem: vi.fn(),
    }
    const p = createPersistor({ stores, storage, logger })
    const outcome = p.restore()
    await vi.advanceTimersByTimeAsync(4999)
    let settled = false
    void outcome.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(outcome).resolves.toBe('timeout')
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('5000ms'))
    expect(stores.user.state.id).toBe('')
  })

  it.each([
    ['not JSON', '{oops'],
    ['a JSON array', '[1,2,3]'],
    ['a foreign format', JSON.stringify({ user: '{"id":"x"}' })],
    ['a newer format version', JSON.stringify({ _persist: { version: 99 }, user: { id: 'x' } })],
  ])('corrupt stored data (%s) starts clean and never throws', async (_label, raw) => {
    const p = createPersistor({ stores, storage: memory(raw), logger: silent() })
    await expect(p.restore()).resolves.toBe('corrupt')
    expect(stores.user.state.id).toBe('')
  })

  it('fields of the wrong type or unknown fields are ignored, the rest restored', async () => {
    const raw = JSON.stringify({
      _persist: { version: 1 },
      user: { id: 7, unLoginF: true, evil: 'x', userInfo: [] },
    })
    const p = createPersistor({ stores, storage: memory(raw), logger: silent() })
    await p.restore()
    expect(stores.user.state).toEqual({ id: '', userInfo: {}, unLoginF: true })
  })

  it('restores once: a second restore() (the entry and the PersistGate both ask) reads nothing again', async () => {
    const raw = JSON.stringify({ _persist: { version: 1 }, user: { id: 'u-1' } })
    const storage = memory(raw)
    const getItem = vi.spyOn(storage, 'getItem')
    const p = createPersistor({ stores, storage, logger: silent() })
    expect(p.isRestored()).toBe(false)
    const first = p.restore()
    stores.user.update({ id: 'changed-meanwhile' })
    await expect(first).resolves.toBe('restored')
    expect(p.isRestored()).toBe(true)
    stores.user.update({ id: 'edited-after' })
    await expect(p.restore()).resolves.toBe('restored')
    // The stored value was not applied a second time over the user's edit.
    expect(stores.user.state.id).toBe('edited-after')
    expect(getItem).toHaveBeenCalledTimes(1)
  })

  it('a storage that throws on read starts clean', async () => {
    const storage: PersistStorage = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: vi.fn(),
      removeItem: vi.fn(),
    }
    const p = createPersistor({ stores, storage, logger: silent() })
    await expect(p.restore()).resolves.toBe('empty')
  })

  it('pause stops writing until resume; flush writes immediately; purge removes the stored key', async () => {
    const storage = memory()
    const p = createPersistor({ stores, storage, logger: silent() })
    await p.restore()
    p.pause()
    stores.user.update({ id: 'paused' })
    await tick()
    await p.flush()
    expect(storage.data.has(KEY)).toBe(false)
    p.resume()
    await tick()
    expect(JSON.parse(storage.data.get(KEY) as string).user.id).toBe('paused')
    stores.user.update({ id: 'now' })
    await p.flush()
    expect(JSON.parse(storage.data.get(KEY) as string).user.id).toBe('now')
    await p.purge()
    expect(storage.data.has(KEY)).toBe(false)
  })
})
