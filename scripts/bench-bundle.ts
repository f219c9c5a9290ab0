// Bundle size report: the JS a browser fetches before the first screen can start (entry script plus its
// modulepreloads from dist/index.html), raw and gzip. Run after `vite build`: npm run bench:bundle
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = 'dist'
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1])

const size = (file: string) => {
  const buf = readFileSync(join(dist, file))
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length }
}
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`

let raw = 0
let gzip = 0
for (const file of initial) {
  const s = size(file)
  raw += s.raw
  gzip += s.gzip
}
console.log(`initial JS (${initial.length} files: entry + modulepreload): ${kib(raw)} raw, ${kib(gzip)} gzip`)

const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'))
const total = all.reduce((sum, f) => sum + statSync(join(dist, 'assets', f)).size, 0)
console.log(`all JS chunks: ${all.length} files, ${kib(total)} raw`)
const largest = all
  .map((f) => ({ f, ...size(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 8)
for (const c of largest)
  console.log(`  ${c.f.padEnd(44)} ${kib(c.raw).padStart(10)} raw ${kib(c.gzip).padStart(10)} gzip`)
