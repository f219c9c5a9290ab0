import { createDraftLotteryPage } from './support/draftLottery'
import { studioApi, studioLogIn } from './support/staff'
import { expect, syncServerClock, test } from './support/test'

// The signed preview link (the QR code) on a real phone has the editor preview's 已登录 / 未登录 choice: as a
// visitor the lottery says 登录抽奖 and the poster 登录后生成专属海报, as a sample user they draw and show the
// poster. The choice is no key: without a valid signature the draft stays refused. Screenshots (390×844) go to
// /tmp/shots-collab/ when QR_SHOTS is set.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const stamp = Date.now().toString(36)
const pageId = `e2e-qr-login-${stamp}`
const campaignId = `qrl-${stamp}`
const shots = process.env.QR_SHOTS

test('the QR preview link switches between 已登录 and 未登录 on the phone; the choice opens nothing by itself', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await studioLogIn(page, 'editor')
  const api = studioApi(page)
  await createDraftLotteryPage(api, pageId, {
    title: '双十二登录预览',
    campaignId,
    moreBlocks: [
      {
        type: 'poster',
        background: '/activity/worldcup/poster-bg.svg',
        headline: '一起来抽奖',
        sharePath: `/activity/${pageId}`,
      },
    ],
  })

  // 预览链接 with 打开时 未登录: the link the QR code holds says so.
  await page.goto(`/studio/pages/${pageId}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  await page.getByRole('button', { name: '预览链接' }).click()
  const dialog = page.getByRole('dialog', { name: '预览链接' })
  await dialog.getByRole('radio', { name: '未登录' }).check()
  await dialog.getByRole('button', { name: '生成链接' }).click()
  const address = await dialog.getByLabel('预览链接地址').inputValue()
  expect(new URL(address).searchParams.get('login')).toBe('0')
  const link = new URL(address)

  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true })
  try {
    await syncServerClock(context, baseURL)
    const phone = await context.newPage()
    await phone.goto(link.pathname + link.search)
    const bar = phone.getByRole('radiogroup', { name: '预览身份' })
    await expect(bar.getByRole('radio', { name: '未登录' })).toBeChecked()
    await expect(phone.getByTestId('lottery-chances')).toHaveText('登录后即可参与抽奖')
    await expect(phone.getByText('登录后生成专属海报')).toBeVisible()
    if (shots) await phone.screenshot({ path: `${shots}/qr-logged-out.png` })
    await phone.getByRole('button', { name: '登录抽奖' }).click()
    await expect(phone.getByText('预览中不跳转登录：可切换“已登录”查看')).toBeVisible()
    await expect(phone).toHaveURL(/[?&]login=0/)

    // 已登录 on the phone: the sample user draws.
    await bar.getByRole('radio', { name: '已登录' }).click()
    await expect(bar.getByRole('radio', { name: '已登录' })).toBeChecked()
    await expect(phone).not.toHaveURL(/[?&]login=/)
    await expect(phone.getByTestId('lottery-chances')).toHaveText('今日还可抽 2 次（活动期间共剩 3 次）')
    await expect(phone.getByText('登录后生成专属海报')).toBeHidden()
    await phone.getByRole('button', { name: '抽奖' }).click()
    await expect(phone.getByTestId('lottery-result')).toHaveText(/^恭喜获得：/)
    if (shots) await phone.screenshot({ path: `${shots}/qr-logged-in.png` })

    // The choice is no key: a forged signature with 未登录 still shows no draft.
    const forged = new URL(link)
    forged.searchParams.set('preview', `${link.searchParams.get('preview')?.slice(0, -4)}AAAA`)
    await phone.goto(forged.pathname + forged.search)
    await expect(phone.getByTestId('preview-refused')).toBeVisible()
    await expect(phone.getByText('双十二登录预览')).toBeHidden()
    await expect(phone.getByRole('radiogroup', { name: '预览身份' })).toBeHidden()
  } finally {
    await context.close()
  }
})
