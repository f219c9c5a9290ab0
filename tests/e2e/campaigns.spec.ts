import { logInByApi } from './support/session'
import { expect, test } from './support/test'

// The trial-fee lottery on a phone against the real server: a user draws until the day's chances are used, the
// light stops on what the server drew, and points won are in the account.

test.use({ viewport: { width: 390, height: 844 } })

test('a user draws on the trial-fee lottery until the day’s chances are used and finds the points won', async ({
  page,
}) => {
  const phone = `1374${String(Date.now()).slice(-7)}`
  await logInByApi(page.request, phone)
  await page.goto('/manualactivity/trialFee/lottery')
  const chances = page.getByTestId('lottery-chances')
  await expect(chances).toHaveText('今日还可抽 2 次（活动期间共剩 10 次）')
  await expect(page.getByTestId('lottery-cell')).toHaveCount(8)
  await expect(page.getByText('参与本活动无需投保', { exact: false })).toBeVisible()
  const go = page.getByRole('button', { name: '抽奖', exact: true })
  for (const left of [1, 0]) {
    await go.click()
    const result = page.getByTestId('lottery-result')
    await expect(result).toHaveText(/^(恭喜获得：.+|谢谢参与，再接再厉)$/)
    const won = (await result.textContent()) ?? ''
    // The light stopped on the cell of what was drawn.
    const lit = (await page.locator('.blk-lottery-cell.is-lit').textContent()) ?? ''
    if (won.startsWith('谢谢参与')) expect(lit).toBe('谢谢参与')
    else expect(won).toContain(lit.replace(/积分|金豆/, ''))
    await expect(chances).toHaveText(
      left ? `今日还可抽 ${left} 次（活动期间共剩 9 次）` : '今日次数已用完，明天再来',
    )
  }
  await expect(go).toBeDisabled()
  await page.screenshot({ path: 'test-results/campaigns/lottery.png', fullPage: true })

  const state = (await (await page.request.get('/api/campaigns/trialfee-lottery')).json()) as {
    draws: { prizeId: string | null; reward: string }[]
  }
  expect(state.draws).toHaveLength(2)
  const points = state.draws.reduce((sum, d) => sum + (Number(/^(\d+) 积分$/.exec(d.reward)?.[1]) || 0), 0)
  const account = (await (await page.request.get('/api/points')).json()) as { point: { usable: number } }
  expect(account.point.usable).toBe(points)
  // A third draw today is refused by the server too.
  const third = await page.request.post('/api/campaigns/trialfee-lottery/draws')
  expect(third.status()).toBe(409)

  // After the end (the server's clock moved past 2027-03-31) the seed is revealed and the draws check out here.
  await page.goto('/activity/fairness?campaign=trialfee-lottery')
  await expect(page.getByText('活动结束后公布，届时可在本页复核每一次抽奖。')).toBeVisible()
  try {
    expect((await page.request.post('/api/test/clock', { data: { days: 130 } })).status()).toBe(200)
    await logInByApi(page.request, phone) // sessions last 30 days
    await page.reload()
    await expect(page.getByTestId('fairness-seed-check')).toHaveText('✓ 种子与活动开始时公布的摘要一致')
    const draws = page.getByTestId('fairness-draw')
    await expect(draws).toHaveCount(2)
    for (const row of await draws.all()) await expect(row).toContainText('✓ 复核一致')
    await page.screenshot({ path: 'test-results/campaigns/fairness.png', fullPage: true })
  } finally {
    await page.request.post('/api/test/clock', { data: { reset: true } })
  }
})
