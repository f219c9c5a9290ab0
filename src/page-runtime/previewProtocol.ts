import { readProfile, type SandboxProfile } from '../domain/sandboxProfile'
import type { MarkdownTrees } from '../page-config/markdownTree'

// The canvas messages (select, drop, inline text, undo keys) are in the shared core, for the studio reads them too.
export * from '../page-config/canvasProtocol'

// The studio's preview frame (/studio-preview) and its parent talk by message events, same origin only (issue 15
// contract): the frame says it is ready, the parent sends the config to render on every change (the latest
// wins; dispatched to the frame's window in the parent's task, or posted), the frame says when it has rendered
// it.

export const PREVIEW_READY = 'studio-preview:ready'
export const PREVIEW_RENDER = 'studio-preview:render'
export const PREVIEW_RENDERED = 'studio-preview:rendered'

export interface PreviewReadyMessage {
  type: typeof PREVIEW_READY
}

export interface PreviewRenderMessage {
  type: typeof PREVIEW_RENDER
  config: Record<string, unknown>
  /** The compiled trees of the config's markdown (POST /api/studio/preview/markdown). */
  markdown: MarkdownTrees
  /** The moment to render at: the phase comes from the schedule. */
  nowMs: number
  loggedIn: boolean
  /** The sandbox's sample user for the campaigns' 参与条件 (the studio's 实名 / 会员等级 / 新用户 choice). */
  profile: SandboxProfile
  /** Route parameter values (a sample for a config with routeParams). */
  params: Record<string, string>
  /** Scrolled into view and outlined. */
  selectedBlockId?: string
}

export interface PreviewRenderedMessage {
  type: typeof PREVIEW_RENDERED
  /** When the render was committed: epoch ms (performance.timeOrigin + performance.now(), sub-millisecond). */
  at: number
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The render message in `data`, or null for anything else (other messages, malformed ones). */
export function readRenderMessage(data: unknown): PreviewRenderMessage | null {
  if (!isRecord(data) || data.type !== PREVIEW_RENDER || !isRecord(data.config)) return null
  if (typeof data.nowMs !== 'number' || !Number.isFinite(data.nowMs)) return null
  const params = isRecord(data.params)
    ? Object.fromEntries(
        Object.entries(data.params).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
    : {}
  return {
    type: PREVIEW_RENDER,
    config: data.config,
    markdown: isRecord(data.markdown) ? (data.markdown as MarkdownTrees) : {},
    nowMs: data.nowMs,
    loggedIn: data.loggedIn === true,
    profile: readProfile(data.profile),
    params,
    selectedBlockId: typeof data.selectedBlockId === 'string' ? data.selectedBlockId : undefined,
  }
}
