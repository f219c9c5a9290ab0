import { CHUNK_LOAD_RETRIES, CHUNK_LOAD_TIMEOUT_MS } from '../config/constants'

/** A script chunk could not be loaded even after a retry (often: a new deploy). */
export class ChunkLoadError extends Error {
  readonly name = 'ChunkLoadError'
  constructor(readonly cause: unknown) {
    super('页面资源加载失败')
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`chunk load timed out after ${ms}ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Loads a lazy chunk with a timeout, retrying once before giving up with a ChunkLoadError. (Chunks have no
 * stylesheets of their own: the app's styles are one file, linked by every page's HTML.)
 */
export async function loadChunk<T>(
  load: () => Promise<T>,
  { retries = CHUNK_LOAD_RETRIES, timeoutMs = CHUNK_LOAD_TIMEOUT_MS } = {},
): Promise<T> {
  let lastError: unknown
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await withTimeout(load(), timeoutMs)
    } catch (error) {
      lastError = error
    }
  }
  throw new ChunkLoadError(lastError)
}

type AgainOptions = { isOnline?: () => boolean; reload?: () => void }

/**
 * A chunk asked for again after it failed (back online, or a 重试 tap). Online, yet failing again: some browsers
 * (Chromium) keep a failed module import for the page's life, so only a reload fetches it afresh, and the page
 * reloads. Offline, a reload would lose the page: the failure is passed on and the caller waits.
 */
export async function loadChunkAgain<T>(
  load: () => Promise<T>,
  { isOnline = () => navigator.onLine, reload = () => window.location.reload() }: AgainOptions = {},
): Promise<T> {
  try {
    return await loadChunk(load)
  } catch (error) {
    if (isOnline()) reload()
    throw error
  }
}

/** A chunk imported on first use by `importOnce`: call it to load; `started` is the import under way or done. */
export interface OnceImport<T> {
  (): Promise<T>
  readonly started: Promise<T> | undefined
}

/**
 * One import at a time, shared by every caller (a preload, the first use); forgotten when it fails, so the next
 * call (offline, then back) imports again.
 */
export function importOnce<T>(load: () => Promise<T>): OnceImport<T> {
  let pending: Promise<T> | undefined
  const once = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
    }))
  return Object.defineProperty(once, 'started', { get: () => pending }) as OnceImport<T>
}
