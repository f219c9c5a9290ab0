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
