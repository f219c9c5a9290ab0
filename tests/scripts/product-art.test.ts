import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PRODUCT_ART } from '../../server/db/seed/productArt'
import { productArtFiles } from '../../server/db/seed/productArtFiles'

// Each seed product's own picture (npm run gen:product-art): written from its art, light, and its own.

const publicDir = join(import.meta.dirname, '../../public')

describe('product pictures', () => {
  const files = productArtFiles()

  it('every seed product has a picture in public/, as gen:product-art writes it', () => {
    expect(files.length).toBeGreaterThanOrEqual(35)
    for (const { path, svg } of files) expect(readFileSync(join(publicDir, path), 'utf8'), path).toBe(svg)
    // No art is left over for a product the seed no longer has.
    expect(Object.keys(PRODUCT_ART).sort()).toEqual(files.map((f) => f.id).sort())
  })

  it('each is its own: no two share a title or a motif in the same colours, and each stays under 2 KB', () => {
    const titles = new Set(files.map((f) => PRODUCT_ART[f.id].title))
    expect(titles.size).toBe(files.length)
    const looks = new Set(Object.values(PRODUCT_ART).map((art) => `${art.motif}:${art.hue}`))
    expect(looks.size).toBe(files.length)
    for (const { path, svg } of files) expect(Buffer.byteLength(svg), path).toBeLessThan(2048)
  })

  it('a title fits the middle square that a product card shows (at most five characters)', () => {
    for (const art of Object.values(PRODUCT_ART)) expect(art.title.length, art.title).toBeLessThanOrEqual(5)
  })
})
