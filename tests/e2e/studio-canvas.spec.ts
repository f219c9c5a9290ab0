import type { FrameLocator, Locator, Page } from '@playwright/test'
import { createDraftPage } from './support/draftPage'
import { openStudioPage, studioApi, studioLogIn } from './support/staff'
import { expect, test } from './support/test'

// Canvas-first editing in the studio (issue 30): a click on a block in the phone preview selects it; a block
// dragged from the palette lands where the insertion line shows; a block dragged inside the phone moves; a
// title edited in place on the phone reaches the form and the preview, and Ctrl+Z takes it back.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const config = {
  schemaVersion: 3,
  title: '画布编辑测试',
  blocks: [
    { type: 'title', id: 'heading', text: '春季保障节' },
    { type: 'button', id: 'claim', text: '马上投保', action: { type: 'toast', text: '按钮动作已执行' } },
    { type: 'title', id: 'second', text: '第二部分' },
    { type: 'divider', id: 'line' },
  ],
}

let serial = 0
/** A new page holding `config`, opened in the editor as the demo editor. */
async function openPage(page: Page): Promise<string> {
  const id = `e2e-canvas-${Date.now().toString(36)}-${serial++}`
  await studioLogIn(page, 'editor')
  await createDraftPage(studioApi(page), id, config)
  await openStudioPage(page, id)
  await expect(phone(page).getByText('春季保障节')).toBeVisible()
  return id
}

const phone = (page: Page): FrameLocator => page.frameLocator('iframe[title="页面预览"]')
const rows = (page: Page) => page.getByRole('tree', { name: '区块树' }).getByRole('treeitem')
const rowNames = (page: Page) =>
  rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not laid out')
  return b
}

/** Presses at `from`, moves in steps to a point `dy` below the top edge of `to` (page pixels); `before` runs mid-drag. */
async function drag(page: Page, from: Locator, to: Locator, dy: number, midDrag?: () => Promise<void>) {
  await from.scrollIntoViewIfNeeded()
  const a = await box(from)
  const b = await box(to)
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 })
  await page.mouse.move(b.x + b.width / 2, b.y + dy, { steps: 12 })
  await midDrag?.()
  await page.mouse.up()
}

test('a click on a block in the phone opens its properties, and does not run its action', async ({
  page,
}) => {
  await openPage(page)
  await phone(page).getByRole('button', { name: '马上投保' }).click()
  await expect(page.locator('#root_text')).toHaveValue('马上投保')
  await expect(page.locator('[role="treeitem"][data-pointer="/blocks/1"]')).toHaveAttribute(
    'aria-selected',
    'true',
  )
  // The button's own action (a toast) did not run in the editor's frame.
  await expect(phone(page).getByText('按钮动作已执行')).toHaveCount(0)

  // Hovering outlines the block with its Chinese type name.
  await phone(page).getByText('第二部分').hover()
  await expect(phone(page).locator('.studio-canvas-hover')).toBeVisible()
  await expect(phone(page).locator('.studio-canvas-hover')).toHaveText('标题')
})

test('标题 dragged from the palette between two blocks is inserted there', async ({ page }) => {
  const id = await openPage(page)
  const palette = page.getByRole('group', { name: '区块面板' })
  const claim = phone(page).getByRole('button', { name: '马上投保' })
  // Just below the top edge of the button: the line shows between the heading and the button.
  await drag(page, palette.getByRole('button', { name: '标题', exact: true }), claim, 2, async () => {
    await expect(phone(page).locator('.studio-canvas-line')).toBeVisible()
  })
  await expect(rows(page).nth(1)).toHaveAttribute('aria-label', /^标题 /)
  await expect(rows(page).nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(page.locator('#root_text')).toHaveValue('标题文字')
  await expect(phone(page).getByText('标题文字')).toBeVisible()
  await expect(phone(page).locator('.studio-canvas-line')).toBeHidden()

  await page.getByRole('button', { name: '保存', exact: true }).click()
  await expect(page.getByText('已保存', { exact: true })).toBeVisible()
  const saved = (await (await studioApi(page).get(`/api/studio/pages/${id}`)).json()) as {
    config: { blocks: { type: string; text?: string }[] }
  }
  expect(saved.config.blocks.map((b) => b.type)).toEqual(['title', 'title', 'button', 'title', 'divider'])
  expect(saved.config.blocks[1].text).toBe('标题文字')
})

test('a block dragged inside the phone moves there', async ({ page }) => {
  await openPage(page)
  await drag(page, phone(page).getByText('第二部分'), phone(page).getByText('春季保障节'), 1)
  await expect
    .poll(() => rowNames(page))
    .toEqual(['标题 second', '标题 heading', '按钮 claim', '分割线 line'])
  const texts = await phone(page)
    .locator('.blk-title h2')
    .evaluateAll((els) => els.map((el) => el.textContent))
  expect(texts).toEqual(['第二部分', '春季保障节'])
})

test('a title edited in place reaches the form and the preview; Ctrl+Z takes it back', async ({ page }) => {
  await openPage(page)
  const heading = phone(page).getByRole('heading', { name: '春季保障节' })
  await heading.dblclick()
  await expect(phone(page).locator('[contenteditable]')).toBeFocused()
  await page.keyboard.type('夏日保障节')
  await page.keyboard.press('Enter')
  await expect(page.locator('#root_text')).toHaveValue('夏日保障节')
  await expect(phone(page).getByRole('heading', { name: '夏日保障节' })).toBeVisible()
  await expect(phone(page).locator('[contenteditable]')).toHaveCount(0)

  await page.keyboard.press('Control+z')
  await expect(page.locator('#root_text')).toHaveValue('春季保障节')
  await expect(phone(page).getByRole('heading', { name: '春季保障节' })).toBeVisible()

  // Esc leaves the text as it was.
  await phone(page).getByRole('heading', { name: '春季保障节' }).dblclick()
  await page.keyboard.type('不要的文字')
  await page.keyboard.press('Escape')
  await expect(phone(page).getByRole('heading', { name: '春季保障节' })).toBeVisible()
  await expect(page.locator('#root_text')).toHaveValue('春季保障节')
})

test('a block dropped on the phone while its page is still loading is added, not lost', async ({ page }) => {
  // The frame's page is held back until after the drop, as on a slow connection.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/studio-preview', async (route) => {
    await held
    await route.continue()
  })
  await studioLogIn(page, 'editor')
  const id = `e2e-canvas-${Date.now().toString(36)}-${serial++}`
  const created = await studioApi(page).post('/api/studio/pages', { data: { id, title: '加载中拖入' } })
  expect(created.status()).toBe(201)
  await openStudioPage(page, id)

  const from = page.getByRole('group', { name: '区块面板' }).locator('[data-block-type="divider"]')
  await drag(page, from, page.locator('iframe[title="页面预览"]'), 200)
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toHaveAttribute('aria-label', /^分割线 /)

  release()
  await expect(phone(page).locator('section.cp-block-divider')).toHaveCount(1)
})
