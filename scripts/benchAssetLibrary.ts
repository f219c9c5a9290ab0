// bench:studio's asset-library timing: LIBRARY_ASSETS images uploaded through the studio API, then, on a small
// page with one image field, from the click on 从素材库选择 to the library's first page of thumbnails shown (every
// card in the grid, and every thumbnail in view decoded). Timed in the page, like the other measures.
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'

export const LIBRARY_ASSETS = 200
/** The library's first page (AssetLibrary.tsx LIBRARY_PAGE_SIZE). */
const FIRST_PAGE = 40
const PAGE_ID = 'benchAssets'

/**
 * Uploads LIBRARY_ASSETS small distinct images and makes a page with one image field, as the staff member whose
 * session `request` holds (`headers`: its X-Studio-CSRF).
 */
export async function seedAssetLibrary(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<string> {
  for (let i = 0; i < LIBRARY_ASSETS; i++) {
    const buffer = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: i % 256, g: (i * 37) % 256, b: 120 } },
    })
      .png()
      .toBuffer()
    const res = await request.post('/api/studio/media', {
      headers,
      multipart: { file: { name: `素材-${String(i).padStart(3, '0')}.png`, mimeType: 'image/png', buffer } },
    })
    if (!res.ok()) throw new Error(`upload ${i}: HTTP ${res.status()} ${await res.text()}`)
  }
  const created = await request.post('/api/studio/pages', {
    headers,
    data: { id: PAGE_ID, title: '素材库性能' },
  })
  if (!created.ok()) throw new Error(`create ${PAGE_ID}: HTTP ${created.status()} ${await created.text()}`)
  const { draftRevision } = (await created.json()) as { draftRevision: number }
  const saved = await request.put(`/api/studio/pages/${PAGE_ID}/draft`, {
    headers: { ...headers, 'If-Match': `"${draftRevision}"` },
    data: {
      schemaVersion: 3,
      title: '素材库性能',
      blocks: [{ type: 'hero', id: 'top', image: '/springFestival/hero.svg', alt: '头图' }],
    },
  })
  if (!saved.ok()) throw new Error(`save ${PAGE_ID}: HTTP ${saved.status()} ${await saved.text()}`)
  return PAGE_ID
}

export interface LibraryTiming {
  /** Click -> every card of the first page in the grid. */
  gridMs: number
  /** Click -> every thumbnail in view decoded. */
  thumbnailsMs: number
  cards: number
}

/** Opens the seeded page in `page` (already throttled) and times opening the library from its hero's field. */
export async function timeAssetLibrary(page: Page): Promise<LibraryTiming> {
  await page.goto(`/studio/pages/${PAGE_ID}`)
  await page.locator('[role="treeitem"][aria-label$=" top"]').click()
  const button = page.getByRole('button', { name: /从素材库选择/ })
  await button.waitFor()
  await page.evaluate(`(() => {
    window.__libraryClick = undefined
    window.__libraryGrid = undefined
    window.__libraryThumbs = undefined
    window.addEventListener('click', () => { window.__libraryClick ??= performance.now() }, { capture: true, once: true })
  })()`)
  await button.click()
  // Plain loops: tsx would wrap named inner functions in a helper the page does not have.
  await page.waitForFunction(
    (first) => {
      const probe = window as unknown as Record<string, number | undefined>
      const cards = document.querySelectorAll('[data-testid="asset-grid"] .studio-asset')
      if (cards.length < first) return false
      probe.__libraryGrid ??= performance.now()
      const bottom = document.querySelector('.ant-drawer-body')!.getBoundingClientRect().bottom
      for (const card of cards) {
        const img = card.querySelector('img')!
        if (img.getBoundingClientRect().top < bottom && !(img.complete && img.naturalWidth > 0)) return false
      }
      probe.__libraryThumbs ??= performance.now()
      return true
    },
    FIRST_PAGE,
    { timeout: 60_000, polling: 'raf' },
  )
  return page.evaluate(`(() => ({
    gridMs: window.__libraryGrid - window.__libraryClick,
    thumbnailsMs: window.__libraryThumbs - window.__libraryClick,
    cards: document.querySelectorAll('[data-testid="asset-grid"] .studio-asset').length,
  }))()`)
}
