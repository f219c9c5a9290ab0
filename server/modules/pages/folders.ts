import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { configRoutePath, routeMatches } from '../../../src/page-config/configPath'
import { isObject } from '../../../src/page-config/json'
import { CONFIG_DIR, listConfigFiles } from '../../../src/page-config/validate'
import type { FolderConfig } from '../../../src/types/generated/api/studio'
import { summarizeTemplate } from './templateSummary'

// The configs in the repository's page-configs/ folder: read-only for the studio (templates of new pages), and
// the routes a published page's id may not take.

/** Ids a published page may never take (the studio's and the preview's own paths). */
export const RESERVED_PAGE_IDS = ['preview', 'studio', 'new']

/** The consumer's route of published pages (/activity/:id) is not a route a page id collides with. */
export const isPublishedPagesRoute = (pattern: string) => /^\/activity\/:[^/]+$/.test(pattern)

export class FolderConfigs {
  readonly list: FolderConfig[]
  private readonly files: Set<string>

  constructor(
    private readonly root: string,
    private readonly screenRoutes: () => Promise<readonly string[]>,
  ) {
    // page-configs/a/b.json -> file "a/b.json"; configs with route parameters are no templates.
    const all = listConfigFiles(root).map((f) => f.slice(CONFIG_DIR.length + 1))
    this.list = all
      .filter((file) => !file.includes('['))
      .map((file) => {
        const config = this.read(file)
        return {
          file,
          route: configRoutePath(file),
          title: typeof config.title === 'string' ? config.title : file,
          ...summarizeTemplate(config),
        }
      })
    this.files = new Set(this.list.map((f) => f.file))
  }

  private read(file: string): Record<string, unknown> {
    const parsed: unknown = JSON.parse(readFileSync(join(this.root, CONFIG_DIR, file), 'utf8'))
    return isObject(parsed) ? parsed : {}
  }

  /** A template's config as it is on disk, or null for a file that is not one of the folder configs. */
  config(file: string): Record<string, unknown> | null {
    return this.files.has(file) ? this.read(file) : null
  }

  /** What already answers at /activity/{id} (a folder config or a screen), or null. */
  async routeTaken(id: string): Promise<string | null> {
    const path = `/activity/${id}`
    const folder = this.list.find((f) => f.route.toLowerCase() === path.toLowerCase())
    if (folder) return `page-configs/${folder.file}`
    const screens = await this.screenRoutes()
    const screen = screens.find((r) => !isPublishedPagesRoute(r) && routeMatches(r, path))
    return screen ?? null
  }
}
