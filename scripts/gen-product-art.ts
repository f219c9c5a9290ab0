// npm run gen:product-art: writes each seed product's picture, public/images/products/<id>.svg, from its art
// (server/db/seed/productArt.ts). `--check` writes nothing and exits 1 when a picture is missing or stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { productArtFiles } from '../server/db/seed/productArtFiles'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const check = process.argv.includes('--check')
let stale = 0
for (const { path, svg } of productArtFiles()) {
  const file = join(repoRoot, 'public', path)
  if (existsSync(file) && readFileSync(file, 'utf8') === svg) continue
  stale += 1
  if (check) console.error(`stale: ${file}`)
  else writeFileSync(file, svg)
}
if (check && stale) {
  console.error('Run npm run gen:product-art.')
  process.exit(1)
}
if (!check) console.log(`${stale} product pictures written`)
