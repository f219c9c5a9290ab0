// The studio's screen-test harness: the real routes in a memory router at /studio/…, the session set up front,
// an isolated SWR cache, and fetch answered from a table of "METHOD /api/studio/path" (":name" segments match
// any value) — the network edge; everything above it is the real studio.
import { render, waitFor } from '@testing-library/react'
import { App as AntApp, ConfigProvider } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { onTestFinished, vi } from 'vitest'
import type { Staff } from '../../../src/studio/api/types'
import { SessionProvider } from '../../../src/studio/session'
import { studioRoutes } from '../../../src/studio/StudioRouter'
import { studioConfig } from '../../../src/studio/StudioRoot'

// jsdom computes a style by matching every rule of every stylesheet, and antd's CSS-in-JS puts thousands of rules
// on the page: one getComputedStyle takes seconds, and antd calls it when a dialog opens or text is measured. The
// studio's tests read the inline style instead (no layout in jsdom anyway; tests assert on content and roles).
// Set per render, not per file: a worker imports this module once for all its files.
export function readInlineStyles() {
  const real = window.getComputedStyle
  if ((real as { inlineOnly?: true }).inlineOnly) return
  const inline = ((element: Element) =>
    (element as HTMLElement).style ?? document.createElement('div').style) as typeof window.getComputedStyle
  window.getComputedStyle = Object.assign(inline, { inlineOnly: true })
  onTestFinished(() => {
    window.getComputedStyle = real
  })
}

export interface StudioCall {
  method: string
  path: string
  query: URLSearchParams
  headers: Headers
  body: unknown
}

export class StudioReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export const studioError = (status: number, code: string, message: string, details?: unknown[]) =>
  new StudioReply(status, { error: { code, message, ...(details ? { details } : {}) } })

type Answer = ((call: StudioCall) => unknown) | StudioReply | object

export function stubStudioApi(answers: Record<string, Answer>) {
  const calls: StudioCall[] = []
  const find = (method: string, path: string) => {
    const exact = answers[`${method} ${path}`]
    if (exact !== undefined) return exact
    const segments = path.split('/')
    for (const [key, answer] of Object.entries(answers)) {
      const [m, p] = key.split(' ')
      const keySegments = p.split('/')
      if (
        m === method &&
        keySegments.length === segments.length &&
        keySegments.every((s, i) => s.startsWith(':') || s === segments[i])
      )
        return answer
    }
    return undefined
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const method = (init?.method ?? 'GET').toUpperCase()
      const call: StudioCall = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      }
      calls.push(call)
      const answer = find(method, url.pathname)
      const result =
        typeof answer === 'function' ? await (answer as (c: StudioCall) => unknown)(call) : answer
      const [status, body] =
        result === undefined
          ? [404, { error: { code: 'NOT_FOUND', message: '接口不存在' } }]
          : result instanceof StudioReply
            ? [result.status, result.body]
            : [200, result]
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    }),
  )
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  }
}

export const EDITOR: Staff = { id: 1, username: 'editor', displayName: '运营编辑', role: 'editor' }
export const PUBLISHER: Staff = { id: 2, username: 'publisher', displayName: '发布负责人', role: 'publisher' }
export const ADMIN: Staff = { id: 3, username: 'admin', displayName: '管理员', role: 'admin' }
export const COMPLIANCE: Staff = {
  id: 4,
  username: 'compliance',
  displayName: '合规专员',
  role: 'compliance',
}

/** Renders the studio at `path` (inside /studio/, e.g. "/pages/spring-sale") for `staff` (null: signed out). */
export function renderStudio(path: string, staff: Staff | null) {
  readInlineStyles()
  const router = createMemoryRouter(studioRoutes, { initialEntries: [path] })
  const view = render(
    <ConfigProvider {...studioConfig}>
      <AntApp>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <SessionProvider initial={staff}>
            <RouterProvider router={router} />
          </SessionProvider>
        </SWRConfig>
      </AntApp>
    </ConfigProvider>,
  )
  return { ...view, router }
}

/**
 * The open dialog with this title. (antd names dialogs by an id that is the constant "test-id" under test, which
 * other elements carry too, so their accessible name is unreliable here.)
 */
export function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = [
      ...document.querySelectorAll<HTMLElement>('.ant-modal, .ant-drawer-content-wrapper'),
    ].find(
      (modal) =>
        modal.querySelector('.ant-modal-title, .ant-modal-confirm-title, .ant-drawer-title')?.textContent ===
        title,
    )
    if (!dialog) throw new Error(`没有标题为“${title}”的对话框`)
    return dialog
  })
}
