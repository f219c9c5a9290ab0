import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { logInAsStaff } from '../../scripts/studioPublish'
import { clickSettled } from './support/overlays'
import { studioApi } from './support/staff'
import { expect, test } from './support/test'

// What an operations person gets when they add things on a new page: a 头图 from the palette says what to fill
// in (活动主标题, a 请上传图片 picture), never another campaign's; a 抽奖 brings a lottery of its own (每人每天 1 次,
// 活动期间共 3 次, three prizes) that passes the validator; the 谢谢参与 row renamed 「10 积分」 is warned at its
// reward and fixed with one click. EXAMPLES_SHOTS=<dir> saves screenshots.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const pageId = `e2e-examples-${Date.now().toString(36)}`
const shots = process.env.EXAMPLES_SHOTS
const shot = async (page: Page, name: string) => {
  if (!shots) return
  mkdirSync(shots, { recursive: true })
  await page.screenshot({ path: `${shots}/${name}.png` })
}
const FOREIGN = /春节|新春|世界杯|worldcup|springFestival|双十一|停车|trialfee|riskCheck/i

test('blocks added to a new page start neutral and valid; a renamed prize’s reward is fixed at its cell', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const editor = await logInAsStaff(page.request, 'editor')
  expect((await editor.post('/api/studio/pages', { data: { id: pageId, title: '新活动页' } })).status()).toBe(
    201,
  )
  await page.goto(`/studio/pages/${pageId}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  const palette = page.getByRole('group', { name: '区块面板' })
  const phone = page.frameLocator('iframe[title="页面预览"]')

  // 头图 from the palette: what to fill in, a neutral picture.
  await clickSettled(palette.getByRole('button', { name: '头图', exact: true }))
  await expect(phone.getByText('活动主标题')).toBeVisible()
  await expect(phone.locator('img[src$="/images/placeholder/banner.svg"]').first()).toBeVisible()
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
  await shot(page, '01-hero')

  // 抽奖 from the palette: a lottery of its own, listed on the 活动 tab, drawn in the preview.
  await clickSettled(palette.getByRole('button', { name: '抽奖', exact: true }))
  await expect(phone.getByText('10 积分').first()).toBeVisible()
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
  await page.getByRole('tab', { name: /^活动/ }).click()
  await expect(page.getByRole('list', { name: '活动列表' })).toContainText('抽奖活动')
  await expect(page.getByTestId('prize-probability')).toHaveText(['30%', '10%', '60%'])
  await shot(page, '02-lottery')

  // The 谢谢参与 row renamed 「10 积分」 still pays nothing: said at its reward, fixed in one click.
  await page.getByLabel('第 3 个奖品的名称').fill('10 积分')
  const warning = page.getByTestId('prize-reward-mismatch')
  await expect(warning).toContainText('奖品名称是「10 积分」，但奖励为「谢谢参与」（不发奖）')
  await shot(page, '03-mismatch')
  await clickSettled(warning.getByRole('button', { name: '奖励改为 10 积分' }))
  await expect(warning).toHaveCount(0)
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')

  await page.getByRole('button', { name: '保存', exact: true }).click()
  await expect(page.getByTestId('save-state')).toContainText('已保存')
  const saved = (await (await studioApi(page).get(`/api/studio/pages/${pageId}`)).json()) as {
    config: {
      blocks: { type: string; campaign?: string }[]
      campaigns: Record<string, { limits: unknown; prizes: { name: string; reward: { kind: string } }[] }>
    }
    errors: unknown[]
  }
  expect(saved.errors).toEqual([])
  expect(JSON.stringify(saved.config)).not.toMatch(FOREIGN)
  const lottery = saved.config.campaigns[saved.config.blocks[1].campaign ?? '']
  expect(lottery.limits).toEqual({ perUserPerDay: 1, perUserTotal: 3 })
  expect(lottery.prizes.map((p) => [p.name, p.reward.kind])).toEqual([
    ['10 积分', 'points'],
    ['礼品券', 'coupon'],
    ['10 积分', 'points'],
  ])
})
