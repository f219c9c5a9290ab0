import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'

// The repository's folder, where the server reads its schemas, migrations, FAQ and page configs: the nearest
// folder above this module holding package.json, whether the server runs from source (server/platform/) or
// compiled by the build (dist/server/).
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`)
  }
}

export const REPO_ROOT = findRoot(import.meta.dirname)
