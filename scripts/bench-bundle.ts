// Bundle size report: the JS a browser fetches before the first screen can start (entry script plus its
// modulepreloads), raw and gzip: from dist/index.html (the app) and from each config page's own HTML (see
// scripts/entryHtmlPlugin.ts). Run after `vite build`: npm run bench:bundle
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { CONFIG_PAGES_MANIFEST } from './entryHtmlPlugin'

const dist = 'dist'
const scriptsOf = (htmlFile: string) =>
  [...readFileSync(join(dist, htmlFile), 'utf8').matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map(
    (m) => m[1],
  )
const initial = scriptsOf('index.html')

const size = (file: string) => {
  const buf = readFileSync(join(dist, file))
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length }
}
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`

const total = (files: string[]) =>
  files.map(size).reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 })
const { raw, gzip } = total(initial)
console.log(`initial JS (${initial.length} files: entry + modulepreload): ${kib(raw)} raw, ${kib(gzip)} gzip`)

const { routes } = JSON.parse(readFileSync(join(dist, CONFIG_PAGES_MANIFEST), 'utf8')) as { routes: string[] }
const pages = routes
  .map((route) => {
    const files = scriptsOf(`${route.slice(1)}/index.html`)
    return { route, files: files.length, ...total(files) }
  })
  .sort((a, b) => a.gzip - b.gzip)
console.log(`config pages opened directly (${pages.length}), initial JS gzip:`)
for (const [label, p] of [
  ['smallest', pages[0]],
  ['median', pages[Math.floor(pages.length / 2)]],
  ['largest', pages[pages.length - 1]],
] as const)
  console.log(
    `  ${label.padEnd(9)} ${p.route.padEnd(36)} ${String(p.files).padStart(3)} files ${kib(p.gzip).padStart(10)}`,
  )

const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'))
const allRaw = all.reduce((sum, f) => sum + statSync(join(dist, 'assets', f)).size, 0)
console.log(`all JS chunks: ${all.length} files, ${kib(allRaw)} raw`)
const largest = all
  .map((f) => ({ f, ...size(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 8)
for (const c of largest)
  console.log(`  ${c.f.padEnd(44)} ${kib(c.raw).padStart(10)} raw ${kib(c.gzip).padStart(10)} gzip`)
