import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { configPagePaths } from '../../../src/page-config/routeParams'

const ROOT = join(import.meta.dirname, '../../../page-configs')

/**
 * The path of every config page (page-configs/a/b.json -> /a/b, a/index.json -> /a, one page per declared value
 * of xm/[type].json -> /xm/accident …).
 */
export function configPaths(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return configPaths(full)
    if (!name.endsWith('.json')) return []
    const file = relative(ROOT, full).split('\\').join('/')
    return configPagePaths(file, JSON.parse(readFileSync(full, 'utf8'))).map((page) => page.path)
  })
}
