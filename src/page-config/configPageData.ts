// The data a folder config page was rendered with by the server (src/app/ssr/renderScreen.tsx): each data
// source's answer, carried in a JSON data block after #root so the browser hydrates with exactly it
// (src/page-runtime/configRoutes.ts) and does not ask again before its first render. UI-free.

/** Id of the data block (the config page's slot in its template, scripts/entryHtmlPlugin.ts). */
export const CONFIG_PAGE_DATA_ID = 'config-page-data'

/** Each data source's answer (all of a page's sources: a render with only some of them carries none). */
export type RenderedSources = Record<string, { data: unknown }>

/** The data block's text: "<" escaped, so no "</script>" in an answer can end it; `null` when it had none. */
export const configPageDataText = (data: RenderedSources | null) =>
  JSON.stringify({ data }).replace(/</g, '\\u003c')

/** The data this document's page was rendered with, or null (absent, unreadable, or rendered before its data). */
export function readConfigPageData(doc: Document): RenderedSources | null {
  return parseConfigPageData(doc.getElementById(CONFIG_PAGE_DATA_ID)?.textContent)
}

/** The data block's text read back (null as above). */
export function parseConfigPageData(text: string | null | undefined): RenderedSources | null {
  if (!text) return null
  try {
    const { data } = JSON.parse(text) as { data?: unknown }
    if (!data || typeof data !== 'object' || Array.isArray(data)) return null
    const answers = Object.entries(data as Record<string, unknown>)
    return answers.every(([, answer]) => !!answer && typeof answer === 'object' && 'data' in answer)
      ? (data as RenderedSources)
      : null
  } catch {
    return null
  }
}
