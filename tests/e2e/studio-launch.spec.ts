import type { FrameLocator, Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { clickSettled } from './support/overlays'
import { studioApi } from './support/staff'
import { expect, syncServerClock, test } from './support/test'

// Issue 30's "done when": a new operations person (the demo publisher) builds the 双十二 page in the studio with
// the mouse and the forms only — no JSON, no API call to build it — previews its lottery in the editor and on a
// phone through the signed preview link, publishes it, and a consumer sees it live. The script counts what the
// person does and prints it with the time taken; LAUNCH_SHOTS=<dir> saves a screenshot after each step.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const run = Date.now().toString(36)
const pageId = `double12-${run}`
const shots = process.env.LAUNCH_SHOTS

/** What the person did: every click, drag, file picked and field typed. */
const done = { clicks: 0, drags: 0, uploads: 0, typed: 0 }
const click = async (target: Locator) => {
  done.clicks++
  await clickSettled(target)
}
const type = async (target: Locator, text: string) => {
  done.typed++
  await target.fill(text)
}
/** A time picker (+08:00 wall clock) typed as a person types it, confirmed with Enter. */
const pickTime = async (page: Page, target: Locator, text: string) => {
  done.typed++
  await target.click()
  await target.fill(text)
  await page.keyboard.press('Enter')
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0)
}
const upload = async (input: Locator, name: string, buffer: Buffer) => {
  done.uploads++
  await input.setInputFiles({ name, mimeType: 'image/png', buffer })
}

const phone = (page: Page): FrameLocator => page.frameLocator('iframe[title="页面预览"]')
const tree = (page: Page) => page.getByRole('tree', { name: '区块树' })
const fileInput = (page: Page) => page.locator('.studio-editor input[type="file"]')

/** Drags a palette block onto the phone, just below the top of the page's last block (or the phone). */
async function dragIn(page: Page, type: string, name: string) {
  done.drags++
  const from = page.getByRole('group', { name: '区块面板' }).locator(`[data-block-type="${type}"]`)
  const to = page.locator('iframe[title="页面预览"]')
  await from.scrollIntoViewIfNeeded()
  const a = (await from.boundingBox())!
  const b = (await to.boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 })
  // The middle of the phone (near its bottom edge the studio scrolls mid-drag and the drop is lost).
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 })
  await page.mouse.up()
  await expect(tree(page).locator('[role="treeitem"][aria-selected="true"]')).toHaveAttribute(
    'aria-label',
    new RegExp(`^${name} `),
  )
}

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` })
}

/** A PNG as a person would pick it: a flat colour. */
const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

test('a new operations person builds, previews and publishes the 双十二 page without typing JSON', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000)
  const started = Date.now()

  await page.goto('/studio/')
  await type(page.getByLabel('用户名'), 'publisher')
  await type(page.getByLabel('密码'), 'publisher-2026')
  await click(page.getByRole('button', { name: '登录' }))

  // 新建页面: a blank page.
  await click(page.getByRole('button', { name: '新建页面' }))
  await type(page.getByLabel('页面 ID'), pageId)
  await type(page.getByLabel('页面标题'), '双十二保障节')
  await click(page.getByRole('button', { name: '创建' }))
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  await shot(page, '01-new-page')

  // 页面设置: the schedule, with the pickers.
  await click(page.getByRole('tab', { name: '页面设置' }))
  await shot(page, '02-page-settings-before')
  await pickTime(page, page.getByLabel(/^开始时间/), '2026-11-25 00:00:00')
  await pickTime(page, page.getByLabel(/^结束时间/), '2026-12-12 23:59:59')
  await shot(page, '02-page-settings')

  // 头图 with an uploaded image.
  await dragIn(page, 'hero', '头图')
  await upload(fileInput(page), `double12-hero-${run}.png`, await png(750, 400, '#c8102e'))
  await expect(page.getByRole('textbox', { name: /图片/ }).first()).toHaveValue(/^\/api\/pages\/media\//)
  await shot(page, '03-hero')

  // 倒计时 to the end of the page's schedule.
  await dragIn(page, 'countdown', '倒计时')
  await shot(page, '04-countdown')

  // 产品列表: dropped, it declares its data source (the catalogue's products) and shows them at once.
  await dragIn(page, 'product-list', '产品列表')
  await expect(phone(page).getByText('保障推荐')).toBeVisible()
  await expect(phone(page).locator('.blk-products-card > *').first()).toBeVisible()
  await shot(page, '05-product-list')
  await click(page.getByRole('tab', { name: '页面设置' }))
  await type(page.getByRole('textbox', { name: /下线后跳转/ }), '/')

  // 活动 → 新建活动 → 抽奖 with three prizes.
  await click(page.getByRole('tab', { name: /^活动/ }))
  await click(page.getByRole('button', { name: '新建活动' }))
  await click(page.getByRole('menuitem', { name: '抽奖' }))
  await type(page.locator('[data-campaign-pointer$="/title"] input'), '双十二幸运抽奖')
  const prizes: [string, string][] = [
    ['保温杯', '200'],
    ['体检卡', '50'],
    ['10 积分', '100000'],
  ]
  for (const [i, [name, stock]] of prizes.entries()) {
    await type(page.getByLabel(`第 ${i + 1} 个奖品的名称`), name)
    await type(page.getByLabel(`第 ${i + 1} 个奖品的库存`), stock)
  }
  // The example's 谢谢参与 row, renamed 「10 积分」, is warned at its reward: one click makes it pay 10 points.
  await click(page.getByRole('button', { name: '奖励改为 10 积分' }))
  await upload(
    page.locator('.campaign-prize-image').first().locator('input[type="file"]'),
    `double12-cup-${run}.png`,
    await png(300, 300, '#f5a623'),
  )
  await shot(page, '06-campaign')

  // 抽奖 block bound to it.
  await dragIn(page, 'lottery', '抽奖')
  await click(page.getByLabel(/抽奖活动编号/))
  await click(page.locator('.ant-select-item-option').filter({ hasText: '双十二幸运抽奖' }))
  await shot(page, '07-lottery')

  // 分享海报 with an uploaded background.
  await dragIn(page, 'poster', '分享海报')
  await upload(fileInput(page), `double12-poster-${run}.png`, await png(750, 1200, '#1e3a8a'))
  await expect(page.getByRole('textbox', { name: /背景图/ })).toHaveValue(/^\/api\/pages\/media\//)
  await type(page.getByRole('textbox', { name: /^海报上的标题/ }), '双十二 一起抽好礼')
  await type(page.getByRole('textbox', { name: /^二维码打开的站内页面/ }), '')
  await shot(page, '08-poster')
  await click(page.getByRole('tab', { name: /^错误/ }))
  await shot(page, '08-errors')

  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
  await click(page.getByRole('button', { name: '保存', exact: true }))
  await expect(page.getByTestId('save-state')).toContainText('已保存')

  // The lottery in the editor's preview, 试用交互 on.
  await click(page.getByLabel('试用交互'))
  await click(phone(page).getByRole('button', { name: '抽奖' }))
  await expect(phone(page).getByTestId('lottery-result')).toHaveText(/^(恭喜获得：|谢谢参与)/)
  await shot(page, '09-preview-draw')

  // 预览链接 on a phone.
  await click(page.getByRole('button', { name: '预览链接' }))
  await click(page.getByRole('button', { name: '生成链接' }))
  const url = await page.getByLabel('预览链接地址').inputValue()
  await shot(page, '10-preview-link')
  await click(page.getByRole('dialog', { name: '预览链接' }).getByRole('button', { name: '关闭' }).last())
  const mobile = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true })
  try {
    await syncServerClock(mobile, baseURL)
    const qr = await mobile.newPage()
    await qr.goto(url)
    await click(qr.getByRole('button', { name: '抽奖' }))
    await expect(qr.getByTestId('lottery-result')).toHaveText(/^(恭喜获得：|谢谢参与)/)
    if (shots) await qr.screenshot({ path: `${shots}/11-qr-preview.png`, fullPage: true })
  } finally {
    await mobile.close()
  }

  // 发布.
  await click(page.getByRole('toolbar', { name: '页面操作' }).getByRole('button', { name: '发布' }))
  await click(page.getByRole('button', { name: '立即发布' }))
  await expect(page.getByTestId('page-status')).toContainText('进行中')
  await shot(page, '12-published')
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const total = done.clicks + done.drags + done.uploads + done.typed
  console.log(
    `launch: ${total} actions (${done.clicks} clicks, ${done.drags} drags, ${done.uploads} uploads, ${done.typed} typed fields) in ${seconds} s`,
  )

  // A consumer's phone: the page live.
  const consumer = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  })
  try {
    await syncServerClock(consumer, baseURL)
    const live = await consumer.newPage()
    await live.goto(`/activity/${pageId}`)
    await expect(live.getByTestId('lottery-cell').filter({ hasText: '保温杯' })).toBeVisible()
    if (shots) await live.screenshot({ path: `${shots}/13-live.png`, fullPage: true })
  } finally {
    await consumer.close()
  }

  // The published page, as the API has it.
  const detail = (await (await studioApi(page).get(`/api/studio/pages/${pageId}`)).json()) as {
    config: { blocks: { type: string }[]; campaigns: Record<string, { prizes: { name: string }[] }> }
  }
  expect(detail.config.blocks.map((b) => b.type).sort()).toEqual([
    'countdown',
    'hero',
    'lottery',
    'poster',
    'product-list',
  ])
})

test('a palette block dropped near the bottom edge of the phone lands at the end of the page', async ({
  page,
}) => {
  const id = `${pageId}-edge`
  await page.goto('/studio/')
  await page.getByLabel('用户名').fill('editor')
  await page.getByLabel('密码').fill('editor-2026')
  await page.getByRole('button', { name: '登录' }).click()
  await expect(page.getByRole('button', { name: '新建页面' })).toBeVisible()
  const created = await studioApi(page).post('/api/studio/pages', { data: { id, title: '拖到底部' } })
  expect(created.status()).toBe(201)
  await page.goto(`/studio/pages/${id}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()

  // Where a person lets go to add at the end: just above the phone's bottom edge, near the window's edge.
  const from = page.getByRole('group', { name: '区块面板' }).locator('[data-block-type="divider"]')
  const a = (await from.boundingBox())!
  const b = (await page.locator('iframe[title="页面预览"]').boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 30, { steps: 12 })
  await page.mouse.up()
  await expect(tree(page).getByRole('treeitem')).toHaveCount(1)
  await expect(tree(page).getByRole('treeitem').first()).toHaveAttribute('aria-label', /^分割线 /)
})
