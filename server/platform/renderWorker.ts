import { parentPort, workerData } from 'node:worker_threads'
import { pathToFileURL } from 'node:url'
import type { ScreenRender, ScreenRenderRequest } from '../../src/page-config/screenHtml'
import type { FromRenderer, RenderWorkerData, ToRenderer } from './renderPool'
import { shiftDate } from './shiftedDate'

// A thread of the server that renders screens (renderPool.ts): it loads the build's renderer and renders each
// request the server's thread sends it. The render's API requests go back to the server's thread, which answers
// them in-process as the visitor. However long a render holds the CPU, it holds this thread, not the server's.

interface Renderer {
  renderScreen(request: ScreenRenderRequest & { fetch: typeof fetch }): Promise<ScreenRender>
}

const port = parentPort
if (!port) throw new Error('renderWorker.ts runs as a worker thread of renderPool.ts')
const { renderer, dateShiftMs } = workerData as RenderWorkerData
if (dateShiftMs) shiftDate(dateShiftMs)
const { renderScreen } = (await import(pathToFileURL(renderer).href)) as Renderer

const post = (message: FromRenderer) => port.postMessage(message)
type Answer = Exclude<ToRenderer, { type: 'render' }>
const answers = new Map<number, (answer: Answer) => void>()
let lastAsk = 0

/** The renderer's fetch: asked of the server's thread (for the render `renderId`), answered there. */
function askingFetch(renderId: number): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const id = ++lastAsk
    const answered = new Promise<Answer>((resolve) => answers.set(id, resolve))
    post({
      type: 'fetch',
      id,
      renderId,
      url,
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers)),
      body: typeof init?.body === 'string' ? init.body : undefined,
    })
    const answer = await answered
    if (answer.type === 'unanswered') throw new Error(`${url}: ${answer.message}`)
    return new Response(answer.body, { status: answer.status, headers: answer.headers })
  }
}

port.on('message', (message: ToRenderer) => {
  if (message.type !== 'render') {
    answers.get(message.id)?.(message)
    answers.delete(message.id)
    return
  }
  const { id, request } = message
  renderScreen({ ...request, fetch: askingFetch(id) }).then(
    (result) => post({ type: 'rendered', id, result }),
    (error: unknown) =>
      post({
        type: 'failed',
        id,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  )
})
post({ type: 'ready' })
