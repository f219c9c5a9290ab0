// The HTML a server-rendered screen is sent in: the build writes one template per screen route
// (scripts/entryHtmlPlugin.ts: its stylesheets applied, its scripts started by the boot script after the first
// paint, src/page-config/prerenderBoot.ts), with slots the server fills for each request
// (server/platform/screenRendering.ts) with what src/app/ssr/renderScreen.tsx rendered.

/** Where the build lists the templates: route path -> HTML with the slots below. */
export const SCREEN_TEMPLATES_FILE = 'screen-templates.json'

/**
 * The template (a key of that list, not a route) a page published through the studio is sent in when the
 * server renders it in the light shell (src/app/configShell/publishedShell.tsx): the light shell's entry and
 * runtime, not the app's; its data slot is the published page's data block.
 */
export const LIGHT_SHELL_TEMPLATE = 'light-shell:published-page'

/**
 * A render kept for everyone is sent to logged-in visitors too, whose browser then asks again, as themselves, for
 * what depended on who asked. The renderer's API requests carry RENDER_REQUEST_HEADER; an answer whose route read
 * no session (nor the studio's) comes back with SAME_FOR_EVERYONE_HEADER, and its data is not asked again
 * (src/app/ssr/payload.ts `shared`).
 */
export const RENDER_REQUEST_HEADER = 'x-screen-render'
export const SAME_FOR_EVERYONE_HEADER = 'x-same-for-everyone'

/** What the server asks its renderer (src/app/ssr/renderScreen.tsx) to render, on a render thread. */
export interface ScreenRenderRequest {
  /** The request's path and query, as the browser sent it (base path included). */
  url: string
  userAgent: string
  nowMs: number
  /** Stops waiting for data after this long and renders what it has (the browser loads the rest). */
  dataBudgetMs: number
}

/** What the renderer answers: the screen's HTML and what fills the template's slots, or why not. */
export type ScreenRender<Snapshot = unknown> =
  | {
      rendered: true
      /** The route path of the screen (its HTML template). */
      route: string
      title: string
      /** #root's content. */
      html: string
      snapshot: Snapshot
      /** The data block's text (src/app/ssr/payload.ts; a published page's, publishedShell.tsx). */
      payload: string
      /** When the HTML stops matching what the page shows by time (light-shell renders only); null: never. */
      validFrom?: number | null
      validUntil?: number | null
      /**
       * A screen's data as its hooks asked for it in the render, held against its loader's (ScreenLoader):
       * `undeclared` shows loading in the HTML, `unused` was loaded for nothing. Both empty when they agree.
       */
      loaderCheck?: { undeclared: string[]; unused: string[] }
    }
  | { rendered: false; reason: string }

export const SCREEN_SLOTS = {
  title: '<!--ssr:title-->',
  rootAttributes: '<!--ssr:root-attributes-->',
  root: '<!--ssr:root-->',
  data: '<!--ssr:data-->',
} as const

type Slot = keyof typeof SCREEN_SLOTS

export type ScreenTemplate = (values: Record<Slot, string>) => string

/**
 * The template as a function of its slots. Split once, so that what fills one slot (user data) can never be
 * taken for another slot.
 */
export function compileScreenTemplate(html: string): ScreenTemplate {
  const names = Object.keys(SCREEN_SLOTS) as Slot[]
  const pattern = new RegExp(`(${names.map((n) => SCREEN_SLOTS[n]).join('|')})`)
  const parts = html.split(pattern)
  const order = parts.filter((_, i) => i % 2 === 1).map((mark) => names.find((n) => SCREEN_SLOTS[n] === mark))
  if (order.length !== names.length || new Set(order).size !== names.length)
    throw new Error('screen template: each slot must appear exactly once')
  return (values) =>
    parts.map((part, i) => (i % 2 === 1 ? values[order[(i - 1) / 2] as Slot] : part)).join('')
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c)
