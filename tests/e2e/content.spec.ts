import { expect, test } from './support/test'

// Content on a phone: a category picked on /newsCategory opens /news on that tab, an article and back; the
// short-video list plays (muted) the video in view and pauses the one scrolled away; the video file comes in
// ranges from the server.

test('a reader picks a category, reads an article, and the tab is kept on the way back', async ({ page }) => {
  await page.goto('/news')
  await expect(page.getByRole('tab', { name: '推荐', selected: true })).toBeVisible()
  await page.getByRole('link', { name: '全部分类' }).click()
  await expect(page).toHaveURL(/\/newsCategory$/)
  await page.getByRole('button', { name: /投保须知/ }).click()
  await expect(page).toHaveURL(/\/news$/)
  await expect(page.getByRole('tab', { name: '投保须知', selected: true })).toBeVisible()
  await page.getByText('一文读懂犹豫期：买了后悔还来得及吗').click()
  await expect(page).toHaveURL(/\/news\/articleDetail\/a-cooling-off$/)
  await expect(page.getByRole('cell', { name: '犹豫期内', exact: true })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('tab', { name: '投保须知', selected: true })).toBeVisible()
})

test('the short-video list plays the video in view and pauses the one scrolled away', async ({ page }) => {
  await page.goto('/look/video')
  const videos = page.getByTestId('feed-video')
  await expect(videos).toHaveCount(4)
  const playing = (i: number) => videos.nth(i).evaluate((v: HTMLVideoElement) => !v.paused && v.muted)
  await expect.poll(() => playing(0)).toBe(true)
  await videos.nth(1).scrollIntoViewIfNeeded()
  await expect.poll(() => playing(1)).toBe(true)
  await expect.poll(() => playing(0)).toBe(false)

  const part = await page.request.get('/videos/content/v-medical.webm', { headers: { range: 'bytes=0-99' } })
  expect(part.status()).toBe(206)
  expect(part.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/)
  expect((await part.body()).length).toBe(100)
})
