import { createContext, useContext, type ReactNode } from 'react'
import type { BROWSER_CAMPAIGN_KEYS } from '../page-config/browserConfig'
import type { Action, Campaign, ContentBlock, PageConfig, Phase } from '../types/generated/page'
import type { MarkdownNode } from '../page-config/markdownTree'

/** What a data source looks like to a block. */
export interface DataSourceState {
  data: unknown
  error: unknown
  isLoading: boolean
  retry: () => void
  /** How many items the source asks for (its query's `limit`), if it says: a list's placeholder keeps their room. */
  expected?: number
}

export interface ShareInfo {
  title: string
  desc?: string
  image?: string
}

/**
 * A campaign as a page config declares it, as far as a page shows it before the campaign's state loads (a folder
 * page's browser copy holds no more, src/page-config/browserConfig.ts).
 */
export type DeclaredCampaign = Pick<Campaign, (typeof BROWSER_CAMPAIGN_KEYS)[number]>

/**
 * What the page runtime gives every block. Blocks never import the page runtime (docs/architecture.md): it provides
 * this context instead.
 */
export interface BlockRuntime {
  phase: Phase
  /**
   * The render of prerendered HTML (at build, then while hydrating): `now` is the build's moment, so whatever
   * moves with time or lives in this browser (a countdown's digits, a stored result) waits for the next render.
   */
  prerendered: boolean
  /** Server time in ms (with the preview clock applied). */
  now: () => number
  schedule: PageConfig['schedule']
  share: ShareInfo
  /** Resolves {{…}} bindings in a text. */
  text: (template: string) => string
  /** The build-time compiled tree of a markdown text of this page, if the build compiled it. */
  markdown: (source: string) => readonly MarkdownNode[] | undefined
  run: (action: Action) => Promise<void>
  data: (name: string) => DataSourceState
  query: URLSearchParams
  /** In-site navigation to a path of the route table (kept inside the current root layout). */
  navigate: (to: string) => void
  /**
   * The campaign this page declares under `id` (its config's `campaigns`), if it does: what a campaign block
   * knows before the campaign's state comes (a form's fields), to keep their room.
   */
  campaign?: (id: string) => DeclaredCampaign | undefined
  /**
   * Whether the visitor is logged in as far as the page knows before any campaign state confirms it: its stores,
   * or the server having sent the page to a session (false while prerendered: the HTML is rendered for nobody).
   * What a block shows only to a logged-in visitor keeps its room from the first render on.
   */
  loggedIn?: boolean
  /** Renders nested blocks (tabs) with the same filtering and error boundaries. */
  renderBlocks: (blocks: readonly ContentBlock[]) => ReactNode
}

export const BlockRuntimeContext = createContext<BlockRuntime | null>(null)

export function useBlockRuntime(): BlockRuntime {
  const runtime = useContext(BlockRuntimeContext)
  if (!runtime) throw new Error('A block rendered outside a config page')
  return runtime
}

/** Props of every block component. */
export interface BlockProps<T> {
  block: T
}
