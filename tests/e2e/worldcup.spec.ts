import { readFile } from 'node:fs/promises'
import type { CampaignState, GuessItem, InviteCode } from '../../src/types/generated/api/campaign'
import { logInByApi, uniquePhone } from './support/session'
import { staffHeaders } from './support/staff'
import { expect, test } from './support/test'

// The world-cup guessing game on a phone against the real server: a visitor is asked to log in for a poster; a
// user makes picks and changes one before the lock; the server's clock passes the first lock, the page shows it
// 已截止 and the server refuses a late change; the result is entered (the demo route), 20 points arrive in the
// points account and the message center, the result page shows 猜中 and the leaderboard; the share page draws the
// poster with the user's invite code and saves it as a PNG.

test.use({ viewport: { width: 390, height: 844 } })

const CAMPAIGN = '/api/campaigns/worldcup-2026'

test('a user picks, the result is entered, the reward arrives, and the share page draws the poster @server-wide', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.goto('/activity/worldcup/share')
  await expect(page.getByText('登录后生成专属海报')).toBeVisible()

  const phone = uniquePhone('1375')
  await logInByApi(page.request, phone)
  await page.goto('/activity/worldcup')
  await expect(page.getByRole('img', { name: '世界杯竞猜：猜胜负，赢积分' })).toBeVisible()
  await expect(page.getByText('阿根廷 vs 法国')).toBeVisible()
  await expect(page.getByText('活动规则')).toBeVisible()
  await page.getByRole('button', { name: '立即竞猜' }).click()
  await expect(page).toHaveURL(/\/activity\/worldcup\/picsac$/)

  // The items still open on the server's clock: the first two to lock are picked.
  const before = (await (await page.request.get(CAMPAIGN)).json()) as CampaignState
  const open = (before.guess?.items ?? []).filter((i) => !i.locked)
  expect(open.length).toBeGreaterThanOrEqual(2)
  const [first, ...rest] = [...open].sort((a, b) => Date.parse(a.lockAt) - Date.parse(b.lockAt))
  const second = rest.find((i) => Date.parse(i.lockAt) > Date.parse(first.lockAt))
  if (!second) throw new Error('two items with different lock times are needed')
  const card = (item: GuessItem) => page.getByTestId('guess-item').filter({ hasText: item.title })
  await expect(page.getByTestId('guess-timer')).toHaveText(/^距下一场截止 (\d+天 )?\d{2}:\d{2}:\d{2}$/)
  await card(first).getByRole('button', { name: first.options[2].label }).click()
  await card(second).getByRole('button', { name: second.options[1].label }).click()
  await expect(page.getByTestId('guess-progress')).toHaveText(/已选 2\/\d+ 项，2 项待提交/)
  await page.getByRole('button', { name: '提交竞猜' }).click()
  await expect(page.getByText('竞猜已提交，截止前可修改')).toBeVisible()
  await expect(page.getByTestId('guess-progress')).toHaveText(/^已选 2\/\d+ 项$/)
  // Changed before its lock: the winning pick.
  await card(first).getByRole('button', { name: first.options[0].label }).click()
  await page.getByRole('button', { name: '提交竞猜' }).click()
  await expect(page.getByTestId('guess-progress')).toHaveText(/^已选 2\/\d+ 项$/)
  await expect(card(first).getByRole('button', { name: first.options[0].label })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // As a phone shows it: the submit bar stays at the bottom of the screen over the list.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.reload()
  await expect(card(first).getByRole('button', { name: first.options[0].label })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  try {
    // The server's clock passes the first item's lock (the second stays open).
    const { epochMs } = (await (await page.request.post('/api/test/clock', { data: {} })).json()) as {
      epochMs: number
    }
    const hours = Math.ceil((Date.parse(first.lockAt) - epochMs) / 3_600_000) + 1
    expect(epochMs + hours * 3_600_000).toBeLessThan(Date.parse(second.lockAt))
    expect((await page.request.post('/api/test/clock', { data: { hours } })).status()).toBe(200)
    // Sessions last 30 days; the clock moved by less.
    expect((await page.request.get('/api/me')).status()).toBe(200)
    await page.reload()
    await expect(card(first).getByTestId('guess-outcome')).toHaveText('已截止')
    for (const button of await card(first).getByRole('button').all()) await expect(button).toBeDisabled()
    await expect(card(second).getByRole('button', { name: second.options[0].label })).toBeEnabled()
    const late = await page.request.post(`${CAMPAIGN}/entries`, {
      data: { picks: [{ itemId: first.id, optionId: first.options[1].id }] },
    })
    expect(late.status()).toBe(409)
    expect(((await late.json()) as { error: { message: string } }).error.message).toBe(
      `“${first.title}”已截止竞猜，不能再选或修改`,
    )

    // The result is entered (staff's job: a publisher, through the demo route here): my pick was right.
    const entered = await page.request.post(`/api/dev${CAMPAIGN.slice(4)}/results`, {
      data: { itemId: first.id, optionId: first.options[0].id },
      headers: await staffHeaders(page.request, 'publisher'),
    })
    expect(entered.status()).toBe(200)
    expect(((await entered.json()) as { rewarded: number }).rewarded).toBeGreaterThanOrEqual(1)

    await page.goto('/activity/worldcup/result')
    await expect(page.getByTestId('guess-score')).toContainText('猜中 1 项')
    const row = page.getByTestId('guess-result-row').filter({ hasText: first.title })
    await expect(row).toContainText('猜中')
    await expect(page.getByTestId('guess-reward')).toHaveText(`猜中“${first.title}”+20 积分`)
    await expect(page.getByTestId('leaderboard-entry').filter({ hasText: '我' })).toContainText('猜中 1 项')
    await expect(page.getByTestId('leaderboard-me')).toContainText('我的排名：第')

    const account = (await (await page.request.get('/api/points')).json()) as { point: { usable: number } }
    expect(account.point.usable).toBe(20)
    await page.goto('/signInList')
    await expect(page.locator('.points-ledger-row').filter({ hasText: '活动奖励' })).toContainText('+20')
    await page.goto('/messageCenter')
    const message = page.getByTestId('message-row').filter({ hasText: '猜中奖励到账' })
    await expect(message).toHaveCount(1)
    await message.click()
    await expect(page.getByTestId('message-detail')).toContainText(`猜中“${first.title}”，获得 20 积分`)
  } finally {
    await page.request.post('/api/test/clock', { data: { reset: true } })
  }

  // The poster: my nickname, the QR code of the page with my invite code, saved as a PNG.
  const { invite } = (await (await page.request.get('/api/me/invite-code')).json()) as InviteCode
  expect(invite?.code).toMatch(/^[2-9A-Z]{8}$/)
  await page.goto('/activity/worldcup/share')
  // Drawn when asked for: the QR encoder is not part of the page's load.
  await page.getByRole('button', { name: '生成我的专属海报' }).click()
  const poster = page.getByTestId('poster-image')
  await expect(poster).toBeVisible()
  await expect(page.locator('figure[data-share-url]')).toHaveAttribute(
    'data-share-url',
    new RegExp(`/activity/worldcup\\?inviter=${invite?.code}$`),
  )
  expect(await poster.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    750, 1200,
  ])
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: '保存图片' }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toBe('我的专属海报.png')
  const bytes = await readFile(await saved.path())
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
})
