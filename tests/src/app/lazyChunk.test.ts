import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChunkLoadError, loadChunk, loadChunkAgain } from '../../../src/lib/lazyChunk'

afterEach(() => vi.useRealTimers())

describe('loadChunk', () => {
  it('returns the module when the first attempt works', async () => {
    const load = vi.fn(async () => 'module')
    await expect(loadChunk(load)).resolves.toBe('module')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('retries a failed chunk exactly once', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('404')).mockResolvedValueOnce('module')
    await expect(loadChunk(load)).resolves.toBe('module')
    const dead = vi.fn().mockRejectedValue(new Error('404'))
    await expect(loadChunk(dead)).rejects.toBeInstanceOf(ChunkLoadError)
    expect(dead).toHaveBeenCalledTimes(2)
  })

  it('a chunk that hangs for 120 s counts as failed, is retried, then gives up', async () => {
    vi.useFakeTimers()
    const load = vi.fn(() => new Promise<never>(() => {}))
    const result = loadChunk(load).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(119_999)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(load).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(120_000)
    const error = await result
    expect(error).toBeInstanceOf(ChunkLoadError)
    expect(String((error as ChunkLoadError).cause)).toContain('120000ms')
  })
})

describe('loadChunkAgain (a retry after a failure)', () => {
  it('online and failing again (the browser kept the failed import): the page reloads', async () => {
    const reload = vi.fn()
    const dead = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
    await expect(loadChunkAgain(dead, { isOnline: () => true, reload })).rejects.toBeInstanceOf(
      ChunkLoadError,
    )
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('offline, a failure waits (a reload would lose the page); a success never reloads', async () => {
    const reload = vi.fn()
    const dead = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
    await expect(loadChunkAgain(dead, { isOnline: () => false, reload })).rejects.toBeInstanceOf(
      ChunkLoadError,
    )
    await expect(loadChunkAgain(async () => 'module', { isOnline: () => true, reload })).resolves.toBe(
      'module',
    )
    expect(reload).not.toHaveBeenCalled()
  })
})
