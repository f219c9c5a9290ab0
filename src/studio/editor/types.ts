// The types the workspace shares with the studio shell (src/studio/api/types.ts declares the same
// StudioConfigError; kept here so the editor builds on its own).

import type { MarkdownTrees } from '../../page-config/markdownTree'
import type { PageConfig } from '../../types/generated/page'

export type { MarkdownTrees, PageConfig }

/** One validator finding, located in JSON.stringify(config, null, 2). */
export interface StudioConfigError {
  pointer: string
  message: string
  line: number
  column: number
}
