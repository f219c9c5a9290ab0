import { HEARTBEAT_MS } from '../../src/studio/page/presenceTiming'
import type { Page } from '@playwright/test'
import { clickSettled } from './support/overlays'
import { openStudioPage, staffHeaders, studioSignedIn } from './support/staff'
import { expect, test, type APIRequestContext } from './support/test'

// Two people on one studio page, and blocks and pages copied with their campaigns: presence in the header, 保留我的
// 修改 merging both people's changes, a lottery block copied on page A and pasted on page B, and 复制页面 of a page
// with a lottery whose copy validates with no campaign errors. Screenshots (1440×900) go to /tmp/shots-collab/.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const stamp = Date.now().toString(36).slice(-6)
const SHOTS = '/tmp/shots-collab'
const tree = (page: Page) => page.getByRole('tree', { name: '区块树' })

async function createPage(request: APIRequestContext, body: Record<string, unknown>): Promise<void> {
  const res = await request.post('/api/studio/pages', {
    data: body,
    headers: await staffHeaders(request, 'editor'),
  })
  expect(res.status(), await res.text()).toBe(201)
}

async function addBlock(page: Page, type: string): Promise<void> {
  await page.getByRole('button', { name: '添加区块' }).click()
  await page.getByLabel('搜索区块').fill(type)
  // Once the catalogue has opened: a click during its zoom-in lands beside the moving item.
  await clickSettled(page.getByRole('listitem').filter({ hasText: type }))
}

test('two people on one page see each other; 保留我的修改 keeps both people’s changes', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const id = `e2e-together-${stamp}`
  await createPage(request, { id, title: '一起编辑的页面', template: 'manualactivity/trialFee/lottery.json' })
  const [editorContext, editor] = await studioSignedIn(browser, 'editor')
  const [publisherContext, publisher] = await studioSignedIn(browser, 'publisher')
  try {
    await openStudioPage(editor, id)
    await openStudioPage(publisher, id)
    // Each sees the other: the one who came second at once, the first by its next heartbeat (5 s).
    await expect(publisher.getByTestId('presence')).toHaveText(/运营编辑 正在编辑/)
    await expect(editor.getByTestId('presence')).toHaveText(/发布负责人 正在编辑/, {
      timeout: HEARTBEAT_MS + 3_000,
    })
    await editor
      .getByRole('toolbar', { name: '页面操作' })
      .screenshot({ path: `${SHOTS}/presence-header.png` })
    await editor.screenshot({ path: `${SHOTS}/presence-page.png` })

    // The publisher adds a divider, retitles the title block and saves; the editor, on the older revision, adds
    // a spacer, retitles the same block otherwise and saves.
    const retitle = async (page: Page, text: string) => {
      await tree(page).getByRole('treeitem', { name: /^标题/ }).click()
      await page.getByLabel(/标题文字/).fill(text)
    }
    await addBlock(publisher, 'divider')
    await retitle(publisher, '发布负责人改的标题')
    await publisher.getByRole('button', { name: '保存' }).click()
    await expect(publisher.getByTestId('save-state')).toContainText('已保存')
    await addBlock(editor, 'spacer')
    await retitle(editor, '编辑改的标题')
    await editor.getByRole('button', { name: '保存' }).click()
    const conflict = editor.getByRole('dialog', { name: '草稿已被他人保存' })
    await expect(conflict).toBeVisible()
    await clickSettled(conflict.getByRole('button', { name: '保留我的修改' }))
    const merge = editor.getByRole('dialog', { name: '合并双方的修改' })
    await expect(merge.getByText(/自动保留：对方的 1 处修改、你的 1 处修改/)).toBeVisible()
    await expect(merge.getByTestId('merge-kept')).toContainText('发布负责人新增了分割线')
    const block = merge.getByTestId('merge-conflict')
    await expect(block).toContainText('发布负责人改的标题')
    await expect(block).toContainText('编辑改的标题')
    await expect(merge.getByRole('button', { name: '还有 1 处冲突未选择' })).toBeDisabled()
    await editor.screenshot({ path: `${SHOTS}/merge-dialog.png` })
    await block.getByText('用发布负责人的').click()
    await clickSettled(merge.getByRole('button', { name: '合并，继续编辑' }))
    await editor.getByRole('button', { name: '保存' }).click()
    await expect(editor.getByTestId('save-state')).toContainText('已保存')

    // The draft on the server has both: the publisher's divider and title, and the editor's spacer.
    const saved = await request.get(`/api/studio/pages/${id}`, {
      headers: await staffHeaders(request, 'editor'),
    })
    const { blocks } = ((await saved.json()) as { config: { blocks: { type: string; text?: string }[] } })
      .config
    expect(blocks.map((b) => b.type)).toEqual(expect.arrayContaining(['divider', 'spacer']))
    expect(blocks.find((b) => b.type === 'title')?.text).toBe('发布负责人改的标题')
  } finally {
    await editorContext.close()
    await publisherContext.close()
  }
})

test('a lottery copied on page A is pasted on page B with its campaign under a new id', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const a = `e2e-copy-a-${stamp}`
  const b = `e2e-copy-b-${stamp}`
  await createPage(request, { id: a, title: '抽奖页 A', template: 'manualactivity/trialFee/lottery.json' })
  await createPage(request, { id: b, title: '页面 B', template: 'manualactivity/trialFee/lottery.json' })
  const [context, page] = await studioSignedIn(browser, 'editor')
  try {
    await openStudioPage(page, a)
    await tree(page).getByRole('treeitem', { name: /^抽奖/ }).first().click()
    await page.getByRole('button', { name: '复制区块' }).click()
    await expect(page.getByText(/已复制 1 个区块（含 \d 个活动/)).toBeVisible()

    await openStudioPage(page, b)
    await expect(tree(page).getByRole('treeitem', { name: /^抽奖/ })).toHaveCount(1)
    await page.getByRole('button', { name: '粘贴区块' }).click()
    await expect(tree(page).getByRole('treeitem', { name: /^抽奖/ })).toHaveCount(2)
    await page.screenshot({ path: `${SHOTS}/pasted.png` })
    // A new lottery: its own campaign, so no "same lottery twice" and no campaign id of page A.
    await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
    // 撤销 takes the paste back.
    await page.getByRole('button', { name: /撤销/ }).click()
    await expect(tree(page).getByRole('treeitem', { name: /^抽奖/ })).toHaveCount(1)
  } finally {
    await context.close()
  }
})

test('复制页面 of a page with a lottery: the copy validates with no campaign errors', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const source = `e2e-dup-${stamp}`
  const copy = `e2e-dup-copy-${stamp}`
  await createPage(request, {
    id: source,
    title: `复制源${stamp}`,
    template: 'manualactivity/trialFee/lottery.json',
  })
  const [context, page] = await studioSignedIn(browser, 'editor')
  try {
    await page.getByLabel('搜索页面').fill(source)
    await page.getByRole('button', { name: `复制页面 复制源${stamp}` }).click()
    const dialog = page.getByRole('dialog', { name: '复制页面' })
    await expect(dialog.getByTestId('copy-from')).toContainText(`复制源${stamp}`)
    await dialog.getByLabel('页面 ID').fill(copy)
    await clickSettled(dialog.getByRole('button', { name: '创建' }))
    await expect(page.getByTestId('editor-ready')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/studio/pages/${copy}$`))
    await expect(tree(page).getByRole('treeitem', { name: /^抽奖/ })).toHaveCount(1)
    await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
  } finally {
    await context.close()
  }
})
