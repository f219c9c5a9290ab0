// The types the workspace shares with the studio shell: the studio API's own.
export type { MarkdownTrees, PageConfig, StudioConfigError } from '../api/types'
