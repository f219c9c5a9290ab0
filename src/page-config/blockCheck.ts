// What a block's own checks (src/blocks/<type>/checks.ts) get: the block, where it is, the page around it and
// a way to report. Those files are UI-free: the CLI, the Vite build and the server run them.

import type { JsonObject } from './json'

export type AddFinding = (pointer: string, message: string) => void

export interface BlockCheckInput {
  block: JsonObject
  /** JSON pointer of the block, e.g. /blocks/3 or /blocks/1/tabs/0/blocks/2. */
  pointer: string
  /** The whole (migrated) config: data sources, schedule… */
  config: JsonObject
  add: AddFinding
  /**
   * The kind of a campaign by id (lottery, guess…): declared by this page or by another config (campaign ids are
   * global, so a page may show another page's campaign); undefined when no config declares it.
   */
  campaignKind: (id: string) => string | undefined
}

/** A block type's checks beyond its schema; exported as `check` from src/blocks/<type>/checks.ts. */
export type BlockCheck = (input: BlockCheckInput) => void
