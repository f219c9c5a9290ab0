import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const ROOT = join(import.meta.dirname, '../../../page-configs')

/** The route of every config page (page-configs/a/b.json -> /a/b, a/index.json -> /a). */
export function configPaths(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return configPaths(full)
    const rel = relative(ROOT, full).replace(/\.json$/, '')
    return name.endsWith('.json') ? [`/${rel.replace(/\/index$/, '')}`] : []
  })
}
