import type { Page, Request } from '@playwright/test'
import { createDraftLotteryPage, DRAFT_PRIZES } from './support/draftLottery'
import { studioApi, studioLogIn } from './support/staff'
import { clickSettled } from './support/overlays'
import { expect, syncServerClock, test } from './support/test'

// A draft's lottery works before publish, in a sandbox: the studio's preview frame draws against the draft's own
// campaign (nothing counts, nothing is awarded, no request reaches /api/campaigns), 已登录 off asks to log in,
// and the signed preview link on a phone draws too. Afterwards the server still knows no such campaign.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const stamp = Date.now().toString(36)
const pageId = `e2e-sandbox-${stamp}`
const campaignId = `sbx-${stamp}`
/** Where screenshots go when asked for (SANDBOX_SHOTS=/tmp/shots-sandbox), never into the repository. */
const shots = process.env.SANDBOX_SHOTS

/** Every request a page (and its frames) sends to the campaigns' API or for an invite code. */
function campaignRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/campaigns') || pathname.startsWith('/api/me/invite-code'))
      seen.push(pathname)
  })
  return seen
}

test('a draft lottery draws in the preview frame and on the signed preview link; nothing reaches the server', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  // Staff sign in through the studio; the page and its draft come through the API.
  await studioLogIn(page, 'editor')
  const api = studioApi(page)
  // Every cell a prize: each draw shows one.
  await createDraftLotteryPage(api, pageId, {
    title: '双十二保障节',
    campaignId,
    prizes: [DRAFT_PRIZES.cup, DRAFT_PRIZES.points, DRAFT_PRIZES.beans],
  })

  const fromStudio = campaignRequests(page)
  await page.goto(`/studio/pages/${pageId}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  const frame = page.frameLocator('iframe[title="页面预览"]')
  await expect(frame.getByTestId('campaign-sandbox')).toContainText('预览沙盒：抽奖、领取都不计入，也不发奖')
  await expect(frame.getByTestId('lottery-cell').filter({ hasText: '保温杯' }).first()).toBeVisible()
  await expect(frame.getByTestId('lottery-chances')).toHaveText('今日还可抽 2 次（活动期间共剩 3 次）')

  // 试用交互: taps reach the lottery (off, a tap selects the block to edit it).
  await page.getByLabel('试用交互').click()
  await frame.getByRole('button', { name: '抽奖' }).click()
  // Mid-draw: the light runs round the ring.
  await expect(frame.locator('.blk-lottery-cell.is-lit')).toBeVisible()
  if (shots)
    await page.locator('iframe[title="页面预览"]').screenshot({ path: `${shots}/frame-mid-draw.png` })
  await expect(frame.getByTestId('lottery-result')).toHaveText(
    /^恭喜获得：(保温杯（保温杯一个）|50 积分|5 金豆)$/,
  )
  await expect(frame.getByTestId('lottery-chances')).toHaveText('今日还可抽 1 次（活动期间共剩 2 次）')
  if (shots) await page.locator('iframe[title="页面预览"]').screenshot({ path: `${shots}/frame-drawn.png` })

  // 已登录 off: the lottery asks to log in, and in a preview the login only says so.
  await page.getByLabel('已登录').click()
  await expect(frame.getByTestId('lottery-chances')).toHaveText('登录后即可参与抽奖')
  await frame.getByRole('button', { name: '登录抽奖' }).click()
  await expect(frame.getByText('预览中不跳转登录：可切换“已登录”查看')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/studio/pages/${pageId}$`))
  if (shots)
    await page.locator('iframe[title="页面预览"]').screenshot({ path: `${shots}/frame-logged-out.png` })
  expect(fromStudio).toEqual([])

  // The signed preview link on a phone (no staff session, no consumer account): the same sandbox.
  const link = (await (await api.post(`/api/studio/pages/${pageId}/preview-links`, { data: {} })).json()) as {
    url: string
  }
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true })
  try {
    await syncServerClock(context, baseURL)
    const phone = await context.newPage()
    const fromPhone = campaignRequests(phone)
    await phone.goto(link.url)
    await expect(phone.getByTestId('campaign-sandbox')).toBeVisible()
    await expect(phone.getByTestId('lottery-chances')).toHaveText('今日还可抽 2 次（活动期间共剩 3 次）')
    await phone.getByRole('button', { name: '抽奖' }).click()
    await expect(phone.getByTestId('lottery-result')).toHaveText(/^恭喜获得：/)
    await expect(phone.getByTestId('lottery-chances')).toHaveText('今日还可抽 1 次（活动期间共剩 2 次）')
    if (shots) await phone.screenshot({ path: `${shots}/qr-preview.png` })
    expect(fromPhone).toEqual([])
  } finally {
    await context.close()
  }

  // Nothing counted: the server has never heard of the draft's campaign.
  const live = await page.request.get(`/api/campaigns/${campaignId}`)
  expect(live.status()).toBe(404)
  expect(((await live.json()) as { error: { message: string } }).error.message).toContain('活动不存在')
})

test('the preview’s sample user switched to 未实名 is refused a real-name lottery in the consumer’s words, in the frame and on the phone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const id = `e2e-sandbox-who-${stamp}`
  await studioLogIn(page, 'editor')
  const api = studioApi(page)
  await createDraftLotteryPage(api, id, {
    title: '实名专享抽奖',
    campaignId: `sbw-${stamp}`,
    eligibility: { realName: true },
  })
  await page.goto(`/studio/pages/${id}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  const frame = page.frameLocator('iframe[title="页面预览"]')
  await expect(frame.getByTestId('lottery-chances')).toHaveText('今日还可抽 2 次（活动期间共剩 3 次）')
  await page.getByLabel('试用交互').click()

  // 未实名: the lottery says what a consumer without real name sees, and its button does not draw.
  const realName = page.getByTestId('sandbox-profile').getByLabel('实名认证')
  await expect(page.getByTestId('sandbox-profile')).toContainText('已实名')
  await clickSettled(realName)
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^未实名$/ }),
  )
  await expect(frame.getByTestId('lottery-eligibility')).toHaveText('完成实名认证后才能参与本活动')
  await expect(frame.getByRole('button', { name: '暂不可抽' })).toBeDisabled()
  if (shots) await page.locator('.studio-preview').screenshot({ path: `${shots}/frame-unverified.png` })

  // Back to 已实名: the same sample user draws.
  await clickSettled(realName)
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^已实名$/ }),
  )
  await expect(frame.getByTestId('lottery-eligibility')).toBeHidden()
  await frame.getByRole('button', { name: '抽奖' }).click()
  await expect(frame.getByTestId('lottery-result')).toHaveText(/^恭喜获得：(50 积分|5 金豆)$/)

  // The signed preview link on a phone: the bar's 实名 choice does the same.
  const link = (await (await api.post(`/api/studio/pages/${id}/preview-links`, { data: {} })).json()) as {
    url: string
  }
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true })
  try {
    await syncServerClock(context, baseURL)
    const phone = await context.newPage()
    await phone.goto(link.url)
    await expect(phone.getByTestId('lottery-chances')).toHaveText('今日还可抽 2 次（活动期间共剩 3 次）')
    await phone.getByLabel('实名认证').selectOption({ label: '未实名' })
    await expect(phone).toHaveURL(/[?&]profile=unverified/)
    await expect(phone.getByTestId('lottery-eligibility')).toHaveText('完成实名认证后才能参与本活动')
    await expect(phone.getByRole('button', { name: '暂不可抽' })).toBeDisabled()
    if (shots) await phone.screenshot({ path: `${shots}/qr-unverified.png` })
    await phone.getByLabel('实名认证').selectOption({ label: '已实名' })
    await expect(phone).not.toHaveURL(/[?&]profile=/)
    await phone.getByRole('button', { name: '抽奖' }).click()
    await expect(phone.getByTestId('lottery-result')).toHaveText(/^恭喜获得：/)
  } finally {
    await context.close()
  }
})
