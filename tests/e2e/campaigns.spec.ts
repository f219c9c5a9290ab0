import { logInByApi, uniquePhone } from './support/session'
import { expect, test, type Page } from './support/test'

// The trial-fee lottery on a phone against the real server: it refuses a user who has not used the calculator;
// the calculator records its use; the user then draws every chance (2 a day, 10 in all) while the light stops on
// what the server drew, and finds what was won in the points account and in 我的券.

test.use({ viewport: { width: 390, height: 844 } })

interface State {
  draws: { prizeId: string | null; reward: string }[]
}

/** Draws once and checks the light stopped on the cell of the result. */
async function drawOnce(page: Page) {
  await page.getByRole('button', { name: '抽奖', exact: true }).click()
  const result = page.getByTestId('lottery-result')
  await expect(result).toHaveText(/^(恭喜获得：.+|谢谢参与，再接再厉)$/)
  const won = (await result.textContent()) ?? ''
  const lit = (await page.locator('.blk-lottery-cell.is-lit').textContent()) ?? ''
  if (won.startsWith('谢谢参与')) expect(lit).toBe('谢谢参与')
  else expect(won).toContain(lit.replace(/积分|金豆/, ''))
}

test('a user uses the trial-fee calculator, draws every chance, and finds the prizes in points and 我的券 @server-wide', async ({
  page,
}) => {
  const phone = uniquePhone('1374')
  await logInByApi(page.request, phone)
  await page.goto('/manualactivity/trialFee/lottery')
  const chances = page.getByTestId('lottery-chances')
  await expect(page.getByTestId('lottery-cell')).toHaveCount(8)
  await expect(page.getByText('参与本活动无需投保', { exact: false })).toBeVisible()

  // Not before the calculator was used: said before any tap, with what to do (the server refuses too).
  await expect(page.getByTestId('lottery-eligibility')).toHaveText(
    '请先完成“使用保费试算工具”（7 天内有效）再来参与',
  )
  await expect(chances).toHaveText('完成后今日可抽 2 次（活动期间共剩 10 次）')
  await expect(page.getByRole('button', { name: '暂不可抽' })).toBeDisabled()
  expect((await page.request.post('/api/campaigns/trialfee-lottery/draws')).status()).toBe(403)

  await page.getByRole('button', { name: '去用保费试算工具' }).click()
  await expect(page).toHaveURL(/\/manualactivity\/trialFee\/calc$/)
  await expect(page.getByText('完成试算后7天内可参加“试算有礼”抽奖')).toBeVisible()
  await page.getByRole('button', { name: '完成试算，去抽奖' }).click()
  await expect(page).toHaveURL(/\/manualactivity\/trialFee\/lottery$/)
  await expect(chances).toHaveText('今日还可抽 2 次（活动期间共剩 10 次）')

  try {
    for (let day = 0; day < 5; day++) {
      if (day > 0) {
        // The next day (the calculator's entry counts for 7 days).
        expect((await page.request.post('/api/test/clock', { data: { days: 1 } })).status()).toBe(200)
        await page.reload()
        await expect(chances).toHaveText(`今日还可抽 2 次（活动期间共剩 ${10 - day * 2} 次）`)
      }
      await drawOnce(page)
      await expect(chances).toHaveText(`今日还可抽 1 次（活动期间共剩 ${9 - day * 2} 次）`)
      await drawOnce(page)
      await expect(chances).toHaveText(day < 4 ? '今日次数已用完，明天再来' : '抽奖次数已用完')
    }
    const go = page.getByRole('button', { name: '抽奖', exact: true })
    await expect(go).toBeDisabled()
    expect((await page.request.post('/api/campaigns/trialfee-lottery/draws')).status()).toBe(409)

    const state = (await (await page.request.get('/api/campaigns/trialfee-lottery')).json()) as State
    expect(state.draws).toHaveLength(10)
    const points = state.draws.reduce((sum, d) => sum + (Number(/^(\d+) 积分$/.exec(d.reward)?.[1]) || 0), 0)
    const account = (await (await page.request.get('/api/points')).json()) as { point: { usable: number } }
    expect(account.point.usable).toBe(points)

    // Every parking coupon won is in 我的券 with its code (the draws are fair, so there may be none), beside
    // the 新人礼包 every new user gets at login.
    const parking = state.draws.filter((d) => d.prizeId === 'parking').length
    await page.goto('/coupons')
    await expect(page.getByText(`可使用（${parking + 1}）`)).toBeVisible()
    const won = page.getByTestId('coupon-card').filter({ hasText: '2小时停车券' })
    await expect(won).toHaveCount(parking)
    await expect(page.getByTestId('coupon-card').filter({ hasText: '新人健康礼包' })).toHaveCount(1)
    if (parking > 0)
      await expect(won.first().getByTestId('coupon-code')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)

    // After the end (the server's clock moved past 2027-03-31) the seed is revealed and the draws check out here.
    await page.goto('/activity/fairness?campaign=trialfee-lottery')
    await expect(page.getByText('活动结束后公布，届时可在本页复核每一次抽奖。')).toBeVisible()
    expect((await page.request.post('/api/test/clock', { data: { days: 130 } })).status()).toBe(200)
    await logInByApi(page.request, phone) // sessions last 30 days
    await page.reload()
    await expect(page.getByTestId('fairness-seed-check')).toHaveText('✓ 种子与活动开始时公布的摘要一致')
    const draws = page.getByTestId('fairness-draw')
    await expect(draws).toHaveCount(10)
    for (const row of await draws.all()) await expect(row).toContainText('✓ 复核一致')
  } finally {
    await page.request.post('/api/test/clock', { data: { reset: true } })
  }
})

test('a member claims this month’s parking coupon once and finds it in 我的券', async ({ page }) => {
  await logInByApi(page.request, uniquePhone('1375'))
  await page.goto('/parking')
  const claim = page.getByRole('button', { name: '立即领取' })
  await expect(claim).toBeVisible()
  await expect(page.getByTestId('coupon-meta')).toContainText('您还可领 1 张')
  await claim.click()
  await expect(page.getByTestId('coupon-claimed')).toContainText('领取成功，券码')
  await expect(page.getByRole('button', { name: '已领取' })).toBeDisabled()
  await expect(page.getByTestId('coupon-mine')).toHaveCount(1)
  await expect(page.getByTestId('coupon-mine')).toContainText('可使用')
  await page.getByRole('button', { name: '查看我的全部券' }).click()
  await expect(page).toHaveURL(/\/coupons$/)
  // With the 新人礼包 of the login.
  await expect(page.getByTestId('coupon-card')).toHaveCount(2)
  await expect(page.getByTestId('coupon-card').filter({ hasText: '2小时停车券' })).toHaveCount(1)
  await page.goto('/parking/edition/1')
  await expect(page.getByRole('heading', { name: '第1期 · 2026年11月停车券' })).toBeVisible()
  await page.goto('/parking/editionDetail/2')
  await expect(
    page.getByText('本期可在国恒大厦地下停车场、静安中心停车库、虹桥枢纽P9停车场使用', { exact: false }),
  ).toBeVisible()
  await page.goto('/parkingDetail')
})
