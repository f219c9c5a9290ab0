import type { Browser, Page } from '@playwright/test'
import { logInAsStaff } from '../../scripts/studioPublish'
import { studioCsrfHeader } from './support/staff'
import { expect, test } from './support/test'

// The operations studio end to end, as staff and a consumer see it: an editor makes a page from a template,
// adds a lottery, sees the validator's error at the field and fixes it, previews the preheat phase, and cannot
// publish; a publisher publishes; a consumer opens /activity/{id}; a second version goes live, and a rollback
// brings the first back to the consumer.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const pageId = `e2e-studio-${Date.now().toString(36)}`

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/studio/')
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码').fill(password)
  await page.getByRole('button', { name: '登录' }).click()
  await expect(page.getByRole('button', { name: '新建页面' })).toBeVisible()
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: '退出' }).click()
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible()
}

/** The page as a consumer's phone shows it (a fresh context: no staff cookie). */
async function consumerSees(browser: Browser, baseURL: string | undefined, text: string): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true })
  try {
    const phone = await context.newPage()
    await phone.goto(`/activity/${pageId}`)
    await expect(phone.getByText(text, { exact: true })).toBeVisible()
  } finally {
    await context.close()
  }
}

const tree = (page: Page) => page.getByRole('tree', { name: '区块树' })
/** A quick phase of the preview's time controls (antd radio buttons: the label is what takes the click). */
const phase = (page: Page, name: string) =>
  page
    .getByLabel('预览阶段')
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click()
const preview = (page: Page) => page.frameLocator('iframe[title="页面预览"]')

test('an editor builds a page, a publisher publishes it, a consumer sees it, a rollback restores v1', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  await logIn(page, 'editor', 'editor-2026')

  // A new page from the trial-fee lottery template.
  await page.getByRole('button', { name: '新建页面' }).click()
  await page.getByLabel('页面 ID').fill(pageId)
  await page.getByLabel('页面标题').fill('试算有礼·冬季场')
  await page.getByLabel('模板').click()
  await page.keyboard.type('试算有礼')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: '创建' }).click()
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  await expect(tree(page)).toContainText('抽奖')
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')

  // A second lottery from the catalogue, pointed at a campaign that does not exist: the server's validator says
  // so at the field and in the count; pointing it at the page's own campaign fixes it.
  await tree(page).getByText('按钮').click()
  await page.getByRole('button', { name: '添加区块' }).click()
  await page.getByLabel('搜索区块').fill('抽奖')
  await page.getByRole('listitem').filter({ hasText: 'lottery' }).click()
  await expect(tree(page).getByText('抽奖')).toHaveCount(2)
  const campaign = page.getByLabel(/抽奖活动编号/)
  await campaign.fill('no-such-campaign')
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('1 个错误')
  await expect(page.getByText(/no-such-campaign/).first()).toBeVisible()
  await campaign.fill(`${pageId}-trialfee-lottery`)
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByTestId('save-state')).toContainText('已保存')

  // The preheat phase in the phone frame: the preheat notice, not the draw.
  await phase(page, '预热')
  await expect(preview(page).getByText('活动将于 2026年11月20日 开始，敬请期待')).toBeVisible()
  await phase(page, '进行中')
  await expect(preview(page).getByText('活动将于 2026年11月20日 开始，敬请期待')).toHaveCount(0)

  // An editor cannot publish, in the UI or through the API (with the studio's own credentials).
  await expect(page.getByRole('button', { name: '发布' })).toBeDisabled()
  const publish = await page.request.post(`/api/studio/pages/${pageId}/publish`, {
    data: { revision: 1 },
    headers: await studioCsrfHeader(page.context()),
  })
  expect({ status: publish.status(), body: await publish.json() }).toMatchObject({
    status: 403,
    body: { error: { code: 'STAFF_FORBIDDEN' } },
  })
  await logOut(page)

  // A publisher publishes it now.
  await logIn(page, 'publisher', 'publisher-2026')
  await page.goto(`/studio/pages/${pageId}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  await page.getByRole('button', { name: '发布' }).click()
  await page.getByRole('button', { name: '立即发布' }).click()
  await expect(page.getByTestId('page-status')).toContainText('进行中')
  await consumerSees(browser, baseURL, '试算有礼')

  // Version 2: a new heading, published; the consumer sees it.
  await tree(page).getByText('标题').click()
  await page.getByRole('textbox', { name: /^标题文字/ }).fill('冬季试算有礼')
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByTestId('save-state')).toContainText('已保存')
  await page.getByRole('button', { name: '发布' }).click()
  await page.getByRole('button', { name: '立即发布' }).click()
  await consumerSees(browser, baseURL, '冬季试算有礼')

  // Rollback to version 1: the consumer sees the first heading again.
  await page.getByRole('button', { name: '版本' }).click()
  await page.getByRole('button', { name: '回滚到此版本' }).last().click()
  await page.getByRole('button', { name: '回滚', exact: true }).click()
  await expect(page.getByText('已回滚，线上为 v1')).toBeVisible()
  await consumerSees(browser, baseURL, '试算有礼')
})

test('dragging a block by its handle reorders the tree and the preview', async ({ page }) => {
  const id = `${pageId}-drag`
  const editor = await logInAsStaff(page.request, 'editor')
  const created = await editor.post('/api/studio/pages', { data: { id, title: '拖动排序' } })
  const { draftRevision } = (await created.json()) as { draftRevision: number }
  const saved = await editor.put(`/api/studio/pages/${id}/draft`, {
    headers: { 'If-Match': `"${draftRevision}"` },
    data: {
      schemaVersion: 3,
      title: '拖动排序',
      blocks: [
        { type: 'title', id: 'first', text: '第一段' },
        { type: 'title', id: 'second', text: '第二段' },
        { type: 'title', id: 'third', text: '第三段' },
      ],
    },
  })
  expect(saved.status()).toBe(200)
  await page.goto(`/studio/pages/${id}`)
  const rows = tree(page).getByRole('treeitem')
  await expect(rows).toHaveCount(3)
  await expect(preview(page).getByText('第三段')).toBeVisible()

  const handle = rows.first().getByLabel('拖动排序')
  const from = (await handle.boundingBox())!
  const to = (await rows.last().boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.9, { steps: 12 })
  await page.mouse.up()

  await expect
    .poll(async () =>
      (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).join(','),
    )
    .toBe('标题 second,标题 third,标题 first')
  const texts = preview(page).getByText(/^第.段$/)
  await expect(texts).toHaveText(['第二段', '第三段', '第一段'])
})
