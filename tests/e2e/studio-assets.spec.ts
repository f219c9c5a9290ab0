import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { logInAsStaff } from '../../scripts/studioPublish'
import { createDraftPage } from './support/draftPage'
import { clickSettled } from './support/overlays'
import { studioApi } from './support/staff'
import { expect, test } from './support/test'

// Images in the studio: every image field uploads, the poster's background included (it could not before), and
// what was uploaded is in the asset library (素材库), found by its file name and reused in another field, with
// its size and weight and a warning when it is heavier than 300 KB.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const run = Date.now().toString(36)
const pageId = `e2e-assets-${run}`
const tree = (page: Page) => page.getByRole('tree', { name: '区块树' })

/** A PNG as a person would pick it: noise (heavy once re-encoded) or a flat colour (light). */
async function png(width: number, height: number, noisy: boolean): Promise<Buffer> {
  if (!noisy)
    return sharp({ create: { width, height, channels: 3, background: '#e33' } })
      .png()
      .toBuffer()
  const raw = Buffer.alloc(width * height * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + ((i * i) % 251)) % 256
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

/** The file input of the one image field the property form shows. */
const fileInput = (page: Page) => page.locator('.studio-editor input[type="file"]')
/** The address box of the image field labelled `label`. */
const address = (page: Page, label: RegExp) => page.getByRole('textbox', { name: label })

test('uploads a poster background and a grid image, then reuses the upload from the library by name', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const editor = await logInAsStaff(page.request, 'editor')
  await createDraftPage(editor, pageId, {
    schemaVersion: 3,
    title: '素材库',
    blocks: [
      { type: 'hero', id: 'top', image: '/springFestival/hero.svg', alt: '头图' },
      {
        type: 'image-grid',
        id: 'prizes',
        columns: 3,
        items: [{ image: '/benefit/icon-health.svg', alt: '奖品' }],
      },
      {
        type: 'poster',
        id: 'invite',
        background: '/activity/worldcup/poster-bg.svg',
        headline: '一起抽奖',
      },
    ],
  })
  await page.goto(`/studio/pages/${pageId}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()

  // The poster's background: uploaded through the field, heavy, so the field warns.
  await tree(page)
    .getByRole('treeitem', { name: /invite/ })
    .click()
  await fileInput(page).setInputFiles({
    name: `poster-bg-${run}.png`,
    mimeType: 'image/png',
    buffer: await png(750, 1200, true),
  })
  await expect(address(page, /背景图/)).toHaveValue(/^\/api\/pages\/media\/[\w-]+\.(jpg|webp)$/)
  await expect(page.getByText(/^图片 \d+ KB，超过 300 KB 建议压缩，手机加载会变慢$/)).toBeVisible()
  await expect(page.getByText(new RegExp(`^poster-bg-${run}\\.png · 750×1200 · \\d+ KB$`))).toBeVisible()

  // A grid item's image (an image inside a list, like a prize's): uploaded, light, no warning.
  await tree(page)
    .getByRole('treeitem', { name: /prizes/ })
    .click()
  await fileInput(page).setInputFiles({
    name: `prize-iphone-${run}.png`,
    mimeType: 'image/png',
    buffer: await png(300, 300, false),
  })
  const prizeField = address(page, /图片/).first()
  await expect(prizeField).toHaveValue(/^\/api\/pages\/media\//)
  const prizeUrl = await prizeField.inputValue()
  await expect(page.getByText(new RegExp(`^prize-iphone-${run}\\.png · 300×300 · \\d+ KB$`))).toBeVisible()
  await expect(page.getByText(/超过 300 KB 建议压缩/)).toHaveCount(0)

  // Another image field: the hero's, from the library, found by its name.
  await tree(page).getByRole('treeitem', { name: /top/ }).click()
  await page.getByRole('button', { name: /从素材库选择/ }).click()
  const library = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '素材库' })
  await expect(library.getByRole('button', { name: `选择 poster-bg-${run}.png` })).toBeVisible()
  await expect(library.getByRole('button', { name: `选择 poster-bg-${run}.png` })).toContainText(
    '超过 300 KB',
  )
  await library.getByRole('searchbox', { name: '按文件名搜索图片' }).fill(`prize-iphone-${run}`)
  await expect(library.getByRole('button', { name: /^选择 / })).toHaveCount(1)
  const found = library.getByRole('button', { name: `选择 prize-iphone-${run}.png` })
  await expect(found).toContainText('300×300')
  await clickSettled(found)
  await expect(library).toBeHidden()
  await expect(address(page, /图片/).first()).toHaveValue(prizeUrl)

  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByTestId('save-state')).toContainText('已保存')
  const draft = (await (await studioApi(page).get(`/api/studio/pages/${pageId}`)).json()) as {
    config: { blocks: { image?: string; background?: string; items?: { image: string }[] }[] }
  }
  const [hero, grid, poster] = draft.config.blocks
  expect(hero.image).toBe(prizeUrl)
  expect(grid.items?.[0].image).toBe(prizeUrl)
  expect(poster.background).toMatch(/^\/api\/pages\/media\//)
})
