// The data a folder config page was rendered with by the server (src/app/ssr/renderScreen.tsx): each data
// source's answer and what its blocks read through SWR (a guess's campaign state, as nobody), carried in a JSON
// data block after #root so the browser hydrates with exactly them (src/page-runtime/configRoutes.ts,
// src/main.tsx) and does not ask for the data sources again before its first render. UI-free.

import { isObject } from './json'

/** Id of the data block (the config page's slot in its template, scripts/entryHtmlPlugin.ts). */
export const CONFIG_PAGE_DATA_ID = 'config-page-data'

/** Each data source's answer (all of a page's sources: a render with only some of them carries none). */
export type RenderedSources = Record<string, { data: unknown }>

/** What the data block holds. */
export interface RenderedPageData {
  /** The data sources' answers; null when the page was rendered before them. */
  data: RenderedSources | null
  /** SWR's fallback: what the blocks read (serialized key -> answer). */
  fallback: Record<string, unknown>
}

/** The data block's text: "<" escaped, so no "</script>" in an answer can end it. */
export const configPageDataText = (page: RenderedPageData) => JSON.stringify(page).replace(/</g, '\\u003c')

/** The data this document's page was rendered with (nothing when absent or unreadable). */
export function readConfigPageData(doc: Document): RenderedPageData {
  return parseConfigPageData(doc.getElementById(CONFIG_PAGE_DATA_ID)?.textContent)
}

/** The data block's text read back. */
export function parseConfigPageData(text: string | null | undefined): RenderedPageData {
  let parsed: unknown = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // unreadable: as if absent
  }
  const { data, fallback } = isObject(parsed) ? parsed : {}
  const answered =
    isObject(data) && Object.values(data).every((answer) => isObject(answer) && 'data' in answer)
  return {
    data: answered ? (data as RenderedSources) : null,
    fallback: isObject(fallback) ? fallback : {},
  }
}
