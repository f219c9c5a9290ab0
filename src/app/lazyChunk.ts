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

/** Loads a lazy chunk with a timeout, retrying once before giving up with a ChunkLoadError. */
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
