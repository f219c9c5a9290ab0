import { logInAsStaff } from '../../scripts/studioPublish'
import { createDraftPage } from './support/draftPage'
import { clickSettled } from './support/overlays'
import { studioApi } from './support/staff'
import { expect, test } from './support/test'

// Campaigns as forms (docs/studio.md): an editor declares a lottery on the 活动 tab without typing JSON — 新建活动
// 抽奖, three prizes with names and stock in the prize table — points the page's lottery block at it with the
// block's campaign picker, and saves; the saved draft passes the validator with no campaign errors.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const pageId = `e2e-campaigns-${Date.now().toString(36)}`

interface StudioError {
  pointer: string
  message: string
}

test('an editor builds a lottery on the 活动 tab and binds the lottery block to it with the picker', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // A page with a schedule and a heading.
  const editor = await logInAsStaff(page.request, 'editor')
  await createDraftPage(editor, pageId, {
    schemaVersion: 3,
    title: '双十二抽奖',
    schedule: {
      startAt: '2026-12-01T00:00:00+08:00',
      endAt: '2026-12-31T23:59:59+08:00',
      fallback: '/',
    },
    blocks: [{ type: 'title', id: 'heading', text: '双十二幸运抽奖' }],
  })
  await page.goto(`/studio/pages/${pageId}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()

  // 活动 → 新建活动 → 抽奖: a lottery with the page's window and three example prizes.
  await page.getByRole('tab', { name: /^活动/ }).click()
  await page.getByRole('button', { name: '新建活动' }).click()
  await clickSettled(page.getByRole('menuitem', { name: '抽奖' }))
  const list = page.getByRole('list', { name: '活动列表' })
  await expect(list).toContainText('抽奖活动')
  await expect(list).toContainText('2026-12-01 00:00 – 2026-12-31 23:59')
  await page.locator('[data-campaign-pointer$="/title"] input').fill('双十二幸运大转盘')

  // Three prizes with names, stock and weights; the probabilities follow the weights.
  const prizes: [string, string, string][] = [
    ['保温杯', '20', '200'],
    ['停车券', '80', '1000'],
    ['谢谢参与', '900', '100000'],
  ]
  for (const [i, [name, weight, stock]] of prizes.entries()) {
    await page.getByLabel(`第 ${i + 1} 个奖品的名称`).fill(name)
    await page.getByLabel(`第 ${i + 1} 个奖品的权重`).fill(weight)
    await page.getByLabel(`第 ${i + 1} 个奖品的库存`).fill(stock)
  }
  await expect(page.getByTestId('prize-probability')).toHaveText(['2%', '8%', '90%'])
  // 保温杯 took the example row's 10 积分: said at its reward until it pays a cup.
  await expect(page.getByText('奖品名称是「保温杯」，但奖励为「10 积分」').first()).toBeVisible()
  await clickSettled(page.getByLabel('奖励类型').first())
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^实物$/ }),
  )
  await page.getByLabel('礼品说明').fill('保温杯一个')
  await expect(page.getByTestId('prize-reward-mismatch')).toHaveCount(0)

  // A lottery block from the catalogue runs the page's lottery that no block runs yet (no other campaign's
  // example, no error); its campaign picker lists the page's lottery campaigns.
  await page.getByRole('tree', { name: '区块树' }).getByText('heading').click()
  await page.getByRole('button', { name: '添加区块' }).click()
  await page.getByLabel('搜索区块').fill('抽奖')
  // Once the catalogue has opened: a click during its zoom-in lands beside the moving item.
  await clickSettled(page.getByRole('listitem').filter({ hasText: 'lottery' }))
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
  await clickSettled(page.getByLabel(/抽奖活动编号/))
  await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: '双十二幸运大转盘' }))
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByTestId('save-state')).toContainText('已保存')

  // The saved draft: one lottery with the three prizes, the block bound to it, and the validator content.
  const api = studioApi(page)
  const detail = (await (await api.get(`/api/studio/pages/${pageId}`)).json()) as {
    config: {
      campaigns: Record<string, { kind: string; title: string; prizes: { name: string; stock: number }[] }>
    } & { blocks: { campaign?: string }[] }
    errors: StudioError[]
  }
  const [[id, lottery]] = Object.entries(detail.config.campaigns)
  expect(id).toMatch(/^lottery-[a-z0-9]{6}$/)
  expect(lottery).toMatchObject({ kind: 'lottery', title: '双十二幸运大转盘' })
  expect(lottery.prizes.map((p) => [p.name, p.stock])).toEqual([
    ['保温杯', 200],
    ['停车券', 1000],
    ['谢谢参与', 100000],
  ])
  expect(detail.config.blocks[1].campaign).toBe(id)
  const validated = (await (
    await api.post(`/api/studio/validate?id=${pageId}`, { data: detail.config })
  ).json()) as { errors: StudioError[] }
  expect(validated.errors.filter((e) => e.pointer.startsWith('/campaigns/'))).toEqual([])
  expect(validated.errors).toEqual([])
})
