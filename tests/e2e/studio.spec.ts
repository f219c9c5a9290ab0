import type { Browser, Page } from '@playwright/test'
import { logInAsStaff } from '../../scripts/studioPublish'
import { createDraftPage } from './support/draftPage'
import { clickSettled } from './support/overlays'
import { studioApi, studioCsrfHeader, type StudioApi } from './support/staff'
import { expect, syncServerClock, test, type APIRequestContext } from './support/test'

// The operations studio end to end, as staff and a consumer see it: an editor makes a page from a template,
// adds a lottery, sees the validator's error at the field and fixes it, previews the preheat phase, and cannot
// publish; a publisher publishes; a consumer opens /activity/{id}; a second version goes live, and a rollback
// brings the first back to the consumer. Then the publishing model (docs/studio.md) on the server's test clock:
// a publish supersedes a pending schedule, a schedule is cancelled, statuses before the preheat, and the notice
// after a rollback with 载入线上版本到草稿.

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

/** The page (or a link) as a consumer's phone shows it (a fresh context: no staff cookie). */
async function consumerSees(
  browser: Browser,
  baseURL: string | undefined,
  text: string,
  url = `/activity/${pageId}`,
): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true })
  try {
    await syncServerClock(context, baseURL)
    const phone = await context.newPage()
    await phone.goto(url)
    // .first(): a page's title is also its nav bar's.
    await expect(phone.getByText(text, { exact: true }).first()).toBeVisible()
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
  await clickSettled(page.getByLabel('模板'))
  await page.keyboard.type('试算有礼')
  await page.keyboard.press('Enter')
  await clickSettled(page.getByRole('button', { name: '创建' }))
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  await expect(tree(page)).toContainText('抽奖')
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')

  // A second lottery from the catalogue declares a lottery of its own (never another page's example campaign).
  await tree(page).getByText('按钮').click()
  await page.getByRole('button', { name: '添加区块' }).click()
  await page.getByLabel('搜索区块').fill('抽奖')
  // Once the catalogue has opened: a click during its zoom-in lands beside the moving item.
  await clickSettled(page.getByRole('listitem').filter({ hasText: 'lottery' }))
  await expect(tree(page).getByText('抽奖')).toHaveCount(2)
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
  // The page's own lottery is already drawn by the first block: bound to it, the second is still an error (one
  // lottery in two places); 新建活动 declares a lottery of its own and binds it.
  await clickSettled(page.getByLabel(/抽奖活动编号/))
  await clickSettled(
    page.locator('.ant-select-item-option').filter({ hasText: `${pageId}-trialfee-lottery` }),
  )
  await expect(page.getByText(/同一个抽奖不能在页面上放两次/).first()).toBeVisible()
  await page.getByRole('button', { name: '新建活动' }).click()
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByTestId('save-state')).toContainText('已保存')

  // The preheat phase in the phone frame: the preheat notice, not the draw.
  await phase(page, '预热中')
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
  await clickSettled(page.getByRole('button', { name: '立即发布' }))
  await expect(page.getByTestId('page-status')).toContainText('进行中')
  await consumerSees(browser, baseURL, '试算有礼')

  // Version 2: a new heading, published; the consumer sees it.
  await tree(page).getByText('标题').click()
  await page.getByRole('textbox', { name: /^标题文字/ }).fill('冬季试算有礼')
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByTestId('save-state')).toContainText('已保存')
  await page.getByRole('button', { name: '发布' }).click()
  await clickSettled(page.getByRole('button', { name: '立即发布' }))
  // The consumer looks once the publish is done (before it, she would be served version 1, rightly).
  await expect(page.getByText('已发布版本 2')).toBeVisible()
  await consumerSees(browser, baseURL, '冬季试算有礼')

  // Rollback to version 1: the consumer sees the first heading again.
  await page.getByRole('button', { name: '版本' }).click()
  await clickSettled(page.getByRole('button', { name: '回滚到此版本' }).last())
  await clickSettled(page.getByRole('button', { name: '回滚', exact: true }))
  await expect(page.getByText('已回滚，线上为 v1')).toBeVisible()
  await consumerSees(browser, baseURL, '试算有礼')
})

test('dragging a block by its handle reorders the tree and the preview', async ({ page }) => {
  const id = `${pageId}-drag`
  const editor = await logInAsStaff(page.request, 'editor')
  await createDraftPage(editor, id, {
    schemaVersion: 3,
    title: '拖动排序',
    blocks: [
      { type: 'title', id: 'first', text: '第一段' },
      { type: 'title', id: 'second', text: '第二段' },
      { type: 'title', id: 'third', text: '第三段' },
    ],
  })
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

// ---- the publishing model ----

const HOUR = 3_600_000
const serverNow = async (request: APIRequestContext) =>
  ((await (await request.get('/api/time')).json()) as { epochMs: number }).epochMs

/** A small valid page whose heading is `title`, live from long before to long after the test clock. */
const pageConfig = (title: string, schedule?: Record<string, string>) => ({
  schemaVersion: 3,
  title,
  schedule: schedule ?? {
    startAt: '2026-01-01T00:00:00+08:00',
    endAt: '2027-12-31T00:00:00+08:00',
    fallback: '/',
  },
  blocks: [{ type: 'title', text: title }],
})

/** Through the API as the signed-in publisher: the page created if new, `config` saved; the new revision. */
async function saveAs(request: StudioApi, id: string, config: object): Promise<number> {
  const existing = await request.get(`/api/studio/pages/${id}`)
  const revision =
    existing.status() === 404
      ? (
          (await (await request.post('/api/studio/pages', { data: { id, title: '发布测试' } })).json()) as {
            draftRevision: number
          }
        ).draftRevision
      : ((await existing.json()) as { draftRevision: number }).draftRevision
  const saved = await request.put(`/api/studio/pages/${id}/draft`, {
    headers: { 'If-Match': `"${revision}"` },
    data: config,
  })
  expect(saved.status()).toBe(200)
  return ((await saved.json()) as { revision: number }).revision
}

async function publishAs(request: StudioApi, id: string, config: object, at?: number) {
  const revision = await saveAs(request, id, config)
  const res = await request.post(`/api/studio/pages/${id}/publish`, {
    data: at ? { revision, at: new Date(at).toISOString() } : { revision },
  })
  expect(res.status()).toBe(200)
}

test('a publish now supersedes an older schedule; a schedule is cancelled; the page stays on what was published @server-wide', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const id = `${pageId}-sched`
  await logIn(page, 'publisher', 'publisher-2026')
  const now = await serverNow(page.request)
  await publishAs(studioApi(page), id, pageConfig('定时的第一版'), now + HOUR)
  await saveAs(studioApi(page), id, pageConfig('立即发布的第二版'))

  await page.goto(`/studio/pages/${id}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  await expect(page.getByTestId('page-status')).toHaveText('未开始')
  const pending = page.getByRole('region', { name: '待生效的定时发布' })
  await expect(pending).toContainText('版本 1')
  await page.getByRole('toolbar', { name: '页面操作' }).getByRole('button', { name: '发布' }).click()
  await expect(page.getByTestId('supersede-warning')).toContainText('这次发布将取代待生效的定时发布：版本 1')
  await clickSettled(page.getByRole('button', { name: '立即发布' }))
  await expect(page.getByText('已发布版本 2；已取代定时发布：版本 1')).toBeVisible()
  await expect(pending).toHaveCount(0)
  await expect(page.getByTestId('page-status')).toHaveText('进行中')

  // A third version scheduled, then cancelled in the studio.
  await publishAs(studioApi(page), id, pageConfig('被取消的第三版'), now + HOUR)
  await page.reload()
  await expect(pending).toContainText('版本 3')
  await pending.getByRole('button', { name: '取消版本 3 的定时发布' }).click()
  await clickSettled(page.getByRole('button', { name: '取消定时发布' }))
  await expect(page.getByText('已取消版本 3 的定时发布')).toBeVisible()
  await expect(pending).toHaveCount(0)

  try {
    // Past the time both schedules were due: the consumer still sees version 2.
    expect((await page.request.post('/api/test/clock', { data: { hours: 2 } })).status()).toBe(200)
    await consumerSees(browser, baseURL, '立即发布的第二版', `/activity/${id}`)
  } finally {
    await page.request.post('/api/test/clock', { data: { reset: true } })
  }
})

test('before its preheat a published page is 未开始 in the studio list, header, preview and on the page; 下线 works', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const id = `${pageId}-early`
  await logIn(page, 'publisher', 'publisher-2026')
  const now = await serverNow(page.request)
  const iso = (ms: number) => new Date(ms).toISOString()
  await publishAs(
    studioApi(page),
    id,
    pageConfig('还没开始的活动', {
      preheatAt: iso(now + 3 * 24 * HOUR),
      startAt: iso(now + 5 * 24 * HOUR),
      endAt: iso(now + 9 * 24 * HOUR),
      fallback: '/',
    }),
  )
  await page.getByPlaceholder(/搜索/).fill(id)
  await expect(page.getByRole('row').filter({ hasText: id }).getByTestId('page-status')).toHaveText('未开始')

  await page.goto(`/studio/pages/${id}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  await expect(page.getByTestId('page-status')).toHaveText('未开始')
  await phase(page, '未开始')
  await expect(preview(page).getByText('活动未开始')).toBeVisible()
  await phase(page, '预热中')
  await expect(preview(page).getByRole('heading', { name: '还没开始的活动' })).toBeVisible()

  // The public page and a preview link say the same words.
  await consumerSees(browser, baseURL, '活动未开始', `/activity/${id}`)
  const link = (await (
    await studioApi(page).post(`/api/studio/pages/${id}/preview-links`, { data: {} })
  ).json()) as { url: string }
  await consumerSees(browser, baseURL, '活动未开始', link.url)

  // 下线 is possible before the preheat.
  const offline = page.getByRole('button', { name: /下线/ })
  await expect(offline).toBeEnabled()
  await offline.click()
  await clickSettled(page.getByRole('button', { name: '下线', exact: true }).last())
  await expect(page.getByTestId('page-status')).toHaveText('已下线')
})

test('after a rollback the studio says what is live and what the draft holds, and loads the live version', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const id = `${pageId}-rollback`
  await logIn(page, 'publisher', 'publisher-2026')
  await publishAs(studioApi(page), id, pageConfig('回滚的第一版'))
  await publishAs(studioApi(page), id, pageConfig('被撤下的第二版'))
  expect(
    (await studioApi(page).post(`/api/studio/pages/${id}/rollback`, { data: { version: 1 } })).status(),
  ).toBe(200)

  await page.goto(`/studio/pages/${id}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  const notice = page.getByTestId('rollback-notice')
  await expect(notice).toContainText('线上为版本 1')
  await expect(notice).toContainText('内容与线上版本不同')
  await expect(page.getByTestId('live-version')).toHaveText('线上版本 1（回滚）')

  // 发布 asks first: the draft still holds the version rolled back from.
  await page.getByRole('toolbar', { name: '页面操作' }).getByRole('button', { name: '发布' }).click()
  const ask = page.getByRole('dialog', { name: '草稿与回滚后的线上版本不同' })
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: '取消' }).click()

  await notice.getByRole('button', { name: '载入线上版本到草稿' }).click()
  await page.getByRole('button', { name: '载入', exact: true }).click()
  await expect(notice).toContainText('内容与线上版本相同')
  await expect(page.getByRole('heading', { name: '回滚的第一版' })).toBeVisible()
  const audit = (await (await studioApi(page).get(`/api/studio/audit?page=${id}`)).json()) as {
    entries: { action: string }[]
  }
  expect(audit.entries[0].action).toBe('load-live')
})
