// The app's modules a file brings with it on load: its static relative imports, followed through the source
// tree (dynamic import() and packages are not followed). The page-configs plugin keeps these shared rather than
// copying them into a page's chunk (vitePlugin.ts).
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

// `import x from './a'`, `import { a,\n b } from '../b'`, `import './c.css'`, `export * from './d'`; not
// `import type` (no module at run time).
const STATIC_IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)(?:[\w*{}\s,$]+from\s*)?['"](\.{1,2}\/[^'"]+)['"]/g
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier)
  return EXTENSIONS.map((ext) => base + ext).find((file) => existsSync(file) && statSync(file).isFile())
}

/** Every source file reachable from `roots` through static imports, the roots included. */
export function staticClosure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>()
  const pending = [...roots]
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    if (!/\.tsx?$/.test(file)) continue
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolveRelative(file, specifier)
      if (target && !seen.has(target)) pending.push(target)
    }
  }
  return seen
}
