import type { Locator, Page } from '@playwright/test'
import { logInAsStaff } from '../../scripts/studioPublish'
import { clickSettled } from './support/overlays'
import { expect, test } from './support/test'

// The editor's three columns hold at desktop sizes (docs/studio.md, "Layout"): whichever side tab is open, the
// block tree stays readable, the phone keeps its size (scaled to the screen's height only, never squeezed by the
// side panel) and the side panel shows all of its content, the 活动 tab's prize table included, without cutting
// anything off or overlapping the phone. The checks are soft: a failure lists every tab and part that does not fit.

test.use({ isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const stamp = Date.now().toString(36).slice(-6)
const SIDE_TABS = ['区块属性', '页面设置', '活动', '错误'] as const

interface Box {
  x: number
  y: number
  width: number
  height: number
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox()
  expect(b, `${locator} is laid out`).not.toBeNull()
  return b!
}

/** The part of an element a person can see: its box less its scrollbars. */
async function viewBox(locator: Locator): Promise<Box> {
  const b = await box(locator)
  const { clientWidth, clientLeft } = await locator.evaluate((el) => ({
    clientWidth: el.clientWidth,
    clientLeft: el.clientLeft,
  }))
  return { ...b, x: b.x + clientLeft, width: clientWidth }
}

/** Nothing inside `el` reaches past its right edge (sideways scrolling hides it, or it is cut). */
async function expectNoSidewaysOverflow(el: Locator, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await el.evaluate((e) => ({
    scrollWidth: e.scrollWidth,
    clientWidth: e.clientWidth,
  }))
  expect
    .soft(scrollWidth, `${what}: content ${scrollWidth} px wide in ${clientWidth} px`)
    .toBeLessThanOrEqual(clientWidth)
}

function expectInside(inner: Box, outer: Box, what: string): void {
  expect.soft(inner.x, `${what}: left edge`).toBeGreaterThanOrEqual(outer.x - 0.5)
  expect.soft(inner.x + inner.width, `${what}: right edge`).toBeLessThanOrEqual(outer.x + outer.width + 0.5)
}

async function openTab(page: Page, name: (typeof SIDE_TABS)[number]): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click()
  await expect(page.getByRole('tab', { name: new RegExp(`^${name}`) })).toHaveAttribute(
    'aria-selected',
    'true',
  )
}

for (const { width, height, minPhone } of [
  { width: 1440, height: 900, minPhone: 230 },
  { width: 1280, height: 800, minPhone: 180 },
]) {
  test.describe(`${width}×${height}`, () => {
    test.use({ viewport: { width, height } })

    test(`the tree, the phone and every side tab fit side by side at ${width}×${height}`, async ({
      page,
    }) => {
      test.setTimeout(90_000)
      const id = `e2e-layout-${width}-${stamp}`
      const editor = await logInAsStaff(page.request, 'editor')
      const created = await editor.post('/api/studio/pages', {
        data: { id, title: '双十二抽奖', template: 'manualactivity/trialFee/lottery.json' },
      })
      expect(created.status(), await created.text()).toBe(201)
      await page.goto(`/studio/pages/${id}`)
      await expect(page.getByTestId('editor-ready')).toBeVisible()
      const tree = page.getByRole('tree', { name: '区块树' })
      await tree.getByRole('treeitem', { name: /^抽奖/ }).first().click()
      await expect(page.getByLabel(/抽奖活动编号/)).toBeVisible()

      const left = page.locator('.studio-editor-left')
      const side = page.locator('.studio-editor-right')
      const phone = page.locator('.studio-phone')
      const frame = page.getByTitle('页面预览')
      await expect(frame).toBeVisible()
      const phoneWidths: number[] = []
      for (const tab of SIDE_TABS) {
        await openTab(page, tab)
        if (tab === '活动') {
          // The template's lottery, with its prize table.
          await page.getByRole('list', { name: '活动列表' }).getByText(/抽奖$/).first().click()
          await expect(page.getByRole('button', { name: '添加奖品' })).toBeVisible()
        }
        const at = `${tab} tab`
        // The tree: wide enough to read a row, nothing cut sideways.
        const treeBox = await viewBox(left)
        expect.soft(treeBox.width, `${at}: tree width`).toBeGreaterThanOrEqual(200)
        await expectNoSidewaysOverflow(left, `${at}: tree`)
        const row = await box(tree.getByRole('treeitem').first())
        expectInside(row, treeBox, `${at}: a tree row`)
        // The phone: between the tree and the side panel, as large as on every other tab.
        const phoneBox = await box(phone)
        const sideBox = await viewBox(side)
        expect
          .soft(phoneBox.x, `${at}: phone overlaps the tree`)
          .toBeGreaterThanOrEqual(treeBox.x + treeBox.width)
        expect
          .soft(phoneBox.x + phoneBox.width, `${at}: phone overlaps the side panel`)
          .toBeLessThanOrEqual(sideBox.x)
        expect
          .soft(phoneBox.y + phoneBox.height, `${at}: phone cut at the bottom`)
          .toBeLessThanOrEqual(height)
        expect.soft((await box(frame)).width, `${at}: phone screen width`).toBeGreaterThanOrEqual(minPhone)
        phoneWidths.push(phoneBox.width)
        // The side panel: inside the window (flush with its edge; clientWidth is rounded), nothing cut sideways.
        expect
          .soft(sideBox.x + sideBox.width, `${at}: side panel right edge`)
          .toBeLessThanOrEqual(width + 0.5)
        await expectNoSidewaysOverflow(side, `${at}: side panel`)
        // The page itself never scrolls, either way: only the panes do.
        await expectNoSidewaysOverflow(page.locator('html'), `${at}: the page`)
      }
      expect
        .soft(
          Math.max(...phoneWidths) - Math.min(...phoneWidths),
          `the phone keeps its size on every tab: ${phoneWidths.join(', ')} px`,
        )
        .toBeLessThanOrEqual(1)

      // 活动: every prize's last field (its reward) and its delete button are in view inside the panel, and the
      // table does not scroll sideways.
      await openTab(page, '活动')
      await page.getByRole('list', { name: '活动列表' }).getByText(/抽奖$/).first().click()
      const sideBox = await viewBox(side)
      const prizes = page.locator('.campaign-prizes')
      expectInside(await box(prizes), sideBox, 'prize table')
      const table = prizes.locator('.ant-table-content, .ant-table-body').first()
      await expectNoSidewaysOverflow(table, 'prize table')
      const tableBox = await viewBox(table)
      const rewards = page.getByLabel('奖励类型')
      await expect(rewards.first()).toBeVisible()
      const count = await rewards.count()
      expect(count).toBeGreaterThan(0)
      for (let i = 0; i < count; i++) {
        const reward = await box(rewards.nth(i))
        expectInside(reward, tableBox, `prize ${i + 1}: reward`)
        const remove = await box(page.getByRole('button', { name: `删除第 ${i + 1} 个奖品` }))
        expectInside(remove, tableBox, `prize ${i + 1}: delete button`)
      }
      for (const header of await prizes.getByRole('columnheader').all()) {
        expectInside(await box(header), tableBox, `column ${await header.textContent()}`)
      }
    })
  })
}

test.describe('1440×900, a blank page', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('the studio fills the window without a page scroll as blocks are added, and 页面设置 reads as one form', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const id = `e2e-layout-blank-${stamp}`
    const editor = await logInAsStaff(page.request, 'editor')
    const created = await editor.post('/api/studio/pages', { data: { id, title: '空白页' } })
    expect(created.status(), await created.text()).toBe(201)
    await page.goto(`/studio/pages/${id}`)
    await expect(page.getByTestId('editor-ready')).toBeVisible()
    const tree = page.getByRole('tree', { name: '区块树' })
    // Only the editor's own panes scroll: the page as a whole is exactly the window's height.
    const pageScroll = () =>
      page.evaluate(() => ({
        overflow: document.scrollingElement!.scrollHeight - window.innerHeight,
        scrollY: window.scrollY,
      }))
    for (const [n, type] of ['title', 'lottery', 'notice-bar'].entries()) {
      await page.getByRole('button', { name: '添加区块' }).click()
      await page.getByLabel('搜索区块').fill(type)
      await clickSettled(page.getByRole('listitem').filter({ hasText: type }).first())
      await expect(tree.getByRole('treeitem')).toHaveCount(n + 1)
      expect.soft(await pageScroll(), `after adding ${type}`).toEqual({ overflow: 0, scrollY: 0 })
    }

    // 页面设置: the page-theme group has no box of its own and says its name once; an unset 布局 names the
    // layout the page runs with.
    await openTab(page, '页面设置')
    const side = page.locator('.studio-editor-right')
    const theme = side.locator('fieldset').filter({ hasText: '页面背景色' }).first()
    await expect(theme).toBeVisible()
    expect
      .soft(await theme.evaluate((el) => getComputedStyle(el).borderTopWidth), '页面主题色 border')
      .toBe('0px')
    await expect.soft(side.getByText('页面主题色', { exact: true })).toHaveCount(1)
    await expect.soft(side.getByText('页面背景色', { exact: true })).toHaveCount(1)
    await expect
      .soft(side.locator('.ant-select').filter({ has: page.getByLabel('布局') }))
      .toContainText('区块间留边距（默认）')
    expect.soft(await pageScroll(), 'on 页面设置').toEqual({ overflow: 0, scrollY: 0 })
  })
})
