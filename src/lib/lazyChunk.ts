import { CHUNK_LOAD_RETRIES, CHUNK_LOAD_TIMEOUT_MS } from '../config/constants'

/** A script or stylesheet chunk could not be loaded even after a retry (often: a new deploy). */
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

// Vite remembers a stylesheet that failed to preload as done and never fetches it again, so a retried
// chunk would render unstyled. Failed stylesheets are recorded here and fetched again by the retry itself.
const failedStylesheets = new Set<string>()
const CSS_PRELOAD_FAILURE = /^Unable to preload CSS for (\S+)/

/** Handler for Vite's `vite:preloadError`: remembers a failed stylesheet and removes its dead <link>. */
export function recordPreloadError(error: unknown, doc: Document = document): void {
  const match = error instanceof Error ? CSS_PRELOAD_FAILURE.exec(error.message) : null
  if (!match) return
  failedStylesheets.add(match[1])
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.href === match[1]) link.remove()
  }
}

function loadStylesheet(href: string, doc: Document): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = doc.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.onload = () => resolve()
    link.onerror = () => {
      link.remove()
      reject(new Error(`Unable to load CSS ${href}`))
    }
    doc.head.appendChild(link)
  })
}

/** Fetches again every stylesheet that failed to preload; rejects if one still fails. */
export async function retryFailedStylesheets(doc: Document = document): Promise<void> {
  for (const href of [...failedStylesheets]) {
    await loadStylesheet(href, doc)
    failedStylesheets.delete(href)
  }
}

/**
 * Loads a lazy chunk (script and its stylesheets) with a timeout, retrying once before giving up with a
 * ChunkLoadError.
 */
export async function loadChunk<T>(
  load: () => Promise<T>,
  { retries = CHUNK_LOAD_RETRIES, timeoutMs = CHUNK_LOAD_TIMEOUT_MS } = {},
): Promise<T> {
  let lastError: unknown
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      const module = await withTimeout(load(), timeoutMs)
      if (attempt > 0 && failedStylesheets.size > 0 && typeof document !== 'undefined')
        await withTimeout(retryFailedStylesheets(), timeoutMs)
      return module
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
