import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { FastifyBaseLogger } from 'fastify'
import type { ScreenRender, ScreenRenderRequest } from '../../src/page-config/screenHtml'
import { dateShiftMs } from './shiftedDate'

// Screens are rendered on threads of their own (renderWorker.ts), not on the server's: a render is synchronous
// CPU work (React's renderToString), and a large page or a slow block would otherwise hold every other request of
// the process while it runs. The server's thread keeps answering (the API, kept renders, static files); it sends
// each render to the thread with the fewest renders and answers the render's API requests in-process as the
// visitor. A render still running after `stopAfterMs` (a block caught in a loop) has its thread stopped and
// replaced: the visitor got the app's HTML at their render budget already (screenRendering.ts).

export interface RenderWorkerData {
  /** The build's renderer (dist/server/renderScreen.js). */
  renderer: string
  /** The server thread's `Date` shift (an e2e run's fixed moment, shiftedDate.ts), which the render keeps. */
  dateShiftMs: number
}

export type ToRenderer =
  | { type: 'render'; id: number; request: ScreenRenderRequest }
  | {
      type: 'answer'
      id: number
      status: number
      /** The answer's headers, as visitorFetch gave them (its type, whether it is the same for everyone). */
      headers: Record<string, string>
      body: string | null
    }
  /** The server's thread could not answer: the renderer's fetch fails, as a network error would. */
  | { type: 'unanswered'; id: number; message: string }

export type FromRenderer =
  | { type: 'ready' }
  | {
      type: 'fetch'
      id: number
      renderId: number
      url: string
      method: string
      headers: Record<string, string>
      body?: string
    }
  | { type: 'rendered'; id: number; result: ScreenRender }
  | { type: 'failed'; id: number; message: string }

export interface RenderPoolOptions {
  renderer: string
  /** Render threads (SSR_THREADS); at least 1 (0 renders on the server's thread: screenRendering.ts). */
  threads: number
  /** A render still running after this long has its thread stopped and replaced. */
  stopAfterMs: number
  log: FastifyBaseLogger
}

interface Render {
  resolve(result: ScreenRender): void
  reject(error: Error): void
  fetch: typeof fetch
  timer: NodeJS.Timeout
}

interface Thread {
  worker: Worker
  renders: Map<number, Render>
  ready: boolean
}

/** After a thread could not load the renderer, how long renders are declined before one is tried again. */
const BROKEN_PAUSE_MS = 30_000

/** The worker: compiled beside the server by the build, or run from source through tsx (tests, dev). */
function workerScript(): { code: string; eval: boolean } {
  if (import.meta.url.endsWith('.ts')) {
    // A worker does not take the parent's module hooks: tsx is registered in it before the script is loaded.
    const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'))
    const api = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href
    const file = pathToFileURL(join(import.meta.dirname, 'renderWorker.ts')).href
    const code = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(file)}) })`
    return { code, eval: true }
  }
  // The build writes it beside index.js; this module may be in a chunk one folder down (api/).
  for (const dir of [import.meta.dirname, dirname(import.meta.dirname)]) {
    const file = join(dir, 'renderWorker.js')
    if (existsSync(file)) return { code: file, eval: false }
  }
  throw new Error(`renderWorker.js is not beside ${import.meta.dirname}: rebuild the server (vite build)`)
}

export class RenderPool {
  private readonly threads: (Thread | null)[]
  private readonly script = workerScript()
  private lastId = 0
  private brokenUntil = 0
  private closed = false

  constructor(private readonly options: RenderPoolOptions) {
    this.threads = Array.from({ length: Math.max(1, options.threads) }, () => null)
    // Started now: loading the renderer takes a moment the first visitor should not wait for.
    this.threads.forEach((_, index) => this.start(index))
  }

  /** Renders `request` on a render thread; its API requests are answered by `fetch` on this thread. */
  render(request: ScreenRenderRequest, fetch: typeof globalThis.fetch): Promise<ScreenRender> {
    if (this.closed || Date.now() < this.brokenUntil)
      return Promise.resolve({ rendered: false, reason: 'no render thread' })
    const thread = this.idlest()
    const id = ++this.lastId
    return new Promise<ScreenRender>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.options.log.warn({ url: request.url }, 'a render ran past its limit; its thread is replaced')
        this.stop(thread, `${request.url}: the render ran past ${this.options.stopAfterMs} ms`)
      }, this.options.stopAfterMs)
      timer.unref()
      thread.renders.set(id, { resolve, reject, fetch, timer })
      thread.worker.postMessage({ type: 'render', id, request } satisfies ToRenderer)
    })
  }

  async close(): Promise<void> {
    this.closed = true
    await Promise.all(
      this.threads.map((thread) => {
        if (!thread) return
        this.settle(thread, 'the server is closing')
        return thread.worker.terminate()
      }),
    )
  }

  private idlest(): Thread {
    let best: Thread | null = null
    for (let index = 0; index < this.threads.length; index++) {
      const thread = this.threads[index] ?? this.start(index)
      if (!best || thread.renders.size < best.renders.size) best = thread
    }
    return best as Thread
  }

  private start(index: number): Thread {
    const worker = new Worker(this.script.code, {
      eval: this.script.eval,
      workerData: { renderer: this.options.renderer, dateShiftMs: dateShiftMs() } satisfies RenderWorkerData,
    })
    const thread: Thread = { worker, renders: new Map(), ready: false }
    this.threads[index] = thread
    worker.on('message', (message: FromRenderer) => this.receive(thread, message))
    worker.on('error', (error) => {
      this.options.log.error({ err: error }, 'a render thread failed')
      if (!thread.ready) this.brokenUntil = Date.now() + BROKEN_PAUSE_MS
    })
    worker.on('exit', () => {
      this.settle(thread, 'its render thread stopped')
      if (this.threads[index] === thread) this.threads[index] = null
    })
    return thread
  }

  /** Stops a thread (a render caught in a loop holds it) and starts its replacement. */
  private stop(thread: Thread, reason: string): void {
    const index = this.threads.indexOf(thread)
    this.settle(thread, reason)
    void thread.worker.terminate()
    if (index >= 0 && !this.closed) this.start(index)
  }

  /** Every render still on `thread` ends as not rendered: its visitors get the app's HTML. */
  private settle(thread: Thread, reason: string): void {
    for (const render of thread.renders.values()) {
      clearTimeout(render.timer)
      render.resolve({ rendered: false, reason })
    }
    thread.renders.clear()
  }

  private receive(thread: Thread, message: FromRenderer): void {
    if (message.type === 'ready') {
      thread.ready = true
      return
    }
    const render = thread.renders.get(message.type === 'fetch' ? message.renderId : message.id)
    if (!render) return
    if (message.type === 'fetch') {
      void this.answer(thread, render, message)
      return
    }
    clearTimeout(render.timer)
    thread.renders.delete(message.id)
    if (message.type === 'rendered') render.resolve(message.result)
    else render.reject(new Error(message.message))
  }

  private async answer(thread: Thread, render: Render, ask: Extract<FromRenderer, { type: 'fetch' }>) {
    let answer: ToRenderer
    try {
      const response = await render.fetch(ask.url, {
        method: ask.method,
        headers: ask.headers,
        body: ask.body,
      })
      answer = {
        type: 'answer',
        id: ask.id,
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: response.body ? await response.text() : null,
      }
    } catch (error) {
      answer = {
        type: 'unanswered',
        id: ask.id,
        message: error instanceof Error ? error.message : String(error),
      }
    }
    // A thread stopped meanwhile has nobody to answer.
    if (this.threads.includes(thread)) thread.worker.postMessage(answer)
  }
}
