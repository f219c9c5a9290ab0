import { expect, test, type Page } from './support/test'

// Config pages against the real server: what their blocks do. Each page in each phase is looked at by the
// sweep (routeSweep.spec.ts).

test('product-list shows products from the real API', async ({ page }) => {
  await page.goto('/springFestival?phase=live')
  const cards = page.locator('.cp-block-product-list [data-testid="product-card"]')
  await expect(cards.first()).toBeVisible()
  await cards.first().click()
  await expect(page).toHaveURL(/\/product\?id=/)
})

test('per-phase content: the preheat countdown shows only in preheat', async ({ page }) => {
  await page.goto('/springFestival?phase=preheat')
  await expect(page.getByText('距活动开始还有')).toBeVisible()
  await page.goto('/springFestival?phase=ended')
  await expect(page.getByText('感谢您的参与')).toBeVisible()
  await expect(page.getByText('距活动开始还有')).toHaveCount(0)
})

test('a moment preview (?now=) judges the schedule at that time and the page flips phase without reload', async ({
  page,
}) => {
  // Two seconds before the spring festival starts.
  await page.goto(`/springFestival?now=${encodeURIComponent('2027-01-19T23:59:58+08:00')}`)
  await expect(page.locator('.config-page[data-phase="preheat"]')).toBeVisible()
  await expect(page.locator('.config-page[data-phase="live"]')).toBeVisible({ timeout: 8000 })
  await expect(page.getByText('距活动结束还有')).toBeVisible()
})

test('offline redirects to the fallback', async ({ page }) => {
  await page.goto('/springFestival?phase=offline')
  await expect(page).toHaveURL(/\/$/)
})

/** The server's clock, as the pages read it (/api/time), set to this moment. */
async function serverTimeAt(page: Page, iso: string) {
  await page.route('**/api/time', (route) => route.fulfill({ json: { now: iso, epochMs: Date.parse(iso) } }))
}

test('a preheat preview shows the countdown to the start, also while the campaign is live', async ({
  page,
}) => {
  await serverTimeAt(page, '2026-12-01T12:00:00+08:00')
  await page.goto('/yearEndGifts?phase=preheat')
  await expect(page.locator('.config-page[data-phase="preheat"]')).toBeVisible()
  const timer = page.getByRole('timer')
  await expect(timer).toContainText('距活动开始还有')
  await expect(timer).toContainText(/\d+天/)
  await expect(page.getByText('活动进行中')).toHaveCount(0)
})

for (const [how, search, now] of [
  ['previewed', '?phase=offline', '2026-12-01T12:00:00+08:00'],
  ['on server time', '', '2027-02-01T00:00:00+08:00'],
] as const) {
  test(`an offline page (${how}) says 活动已下线 before it returns home`, async ({ page }) => {
    await serverTimeAt(page, now)
    await page.goto(`/yearEndGifts${search}`)
    const notice = page.getByRole('alert')
    await expect(notice).toContainText('活动已下线')
    await expect(notice).toContainText('即将返回首页')
    await expect(page).toHaveURL(/\/yearEndGifts/)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: '热销推荐' })).toBeVisible()
  })
}

test('the travel video shows its poster and plays (the CSP lets its source through)', async ({ page }) => {
  // A short real MP4 recorded by the browser, served as the media host's file.
  await page.goto('about:blank')
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 320
    canvas.height = 180
    const context = canvas.getContext('2d')!
    const type = MediaRecorder.isTypeSupported('video/mp4;codecs=avc1')
      ? 'video/mp4;codecs=avc1'
      : 'video/mp4'
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: type })
    const chunks: Blob[] = []
    recorder.ondataavailable = (event) => chunks.push(event.data)
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.start()
    const started = performance.now()
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started
        context.fillStyle = `hsl(${Math.round(t / 10) % 360} 70% 50%)`
        context.fillRect(0, 0, 320, 180)
        if (t < 2000) requestAnimationFrame(draw)
        else resolve()
      }
      draw()
    })
    recorder.stop()
    await stopped
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/mp4' }).arrayBuffer())
    let binary = ''
    for (const byte of bytes) binary += String.fromCharCode(byte)
    return btoa(binary)
  })
  const requested: string[] = []
  await page.route('https://media.guoheng-demo.com/**', (route) => {
    requested.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'video/mp4', body: Buffer.from(base64, 'base64') })
  })
  const blocked: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) blocked.push(message.text())
  })

  await page.goto('/travelSafely')
  const video = page.locator('.cp-block-video video')
  await expect(video).toBeVisible()
  await expect(video).toHaveAttribute('poster', '/travelSafely/video-poster.svg')
  const poster = await page.request.get('/travelSafely/video-poster.svg')
  expect(poster.status()).toBe(200)
  expect(requested).toEqual([]) // preload="none": nothing downloads before play
  // Native controls are not in the page's DOM: play it as its play button does.
  await video.evaluate((v: HTMLVideoElement) => v.play())
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0)
  expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull()
  expect(new Set(requested)).toEqual(new Set(['https://media.guoheng-demo.com/travel-claim-guide.mp4']))
  await expect(page.locator('.blk-video-failed')).toHaveCount(0)
  expect(blocked).toEqual([])
})

test('a broken block leaves the rest of the page working', async ({ page }) => {
  // A data source answering with something that is not a product list breaks nothing but that block.
  await page.route('**/api/products?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"items":[{"id":1}]}' }),
  )
  await page.goto('/springFestival?phase=live')
  await expect(page.getByText('活动规则')).toBeVisible()
  await expect(page.locator('.cp-block-faq')).toBeVisible()
})

test('questionnaire -> result page reads the score', async ({ page }) => {
  await page.goto('/manualactivity/riskCheck')
  const questions = page.locator('.blk-quiz-question')
  // The questionnaire is a lazy chunk: wait for its questions (count() alone does not wait and saw none).
  await expect(questions).toHaveCount(5)
  for (let i = 0; i < 5; i++) {
    const q = questions.nth(i)
    await q.locator('.adm-radio-content, .adm-checkbox-content').last().click()
    await expect(q.locator('.adm-radio-checked, .adm-checkbox-checked')).toHaveCount(1)
  }
  await page.getByRole('button', { name: '提交测评' }).click()
  // The last option of each question: 1 + 4 + 3 + 4 + 4.
  await expect(page).toHaveURL(/riskCheckRes\?score=16$/)
  await expect(page.getByText(/请回答第/)).toHaveCount(0)
  await expect(page.locator('.blk-result')).toContainText('您的得分')
})

test('calculator reversal shows the premium needed', async ({ page }) => {
  await page.goto('/manualactivity/reserveFundReversal')
  await expect(page.getByTestId('calc-reversal')).toContainText('保证利率')
  await expect(page.getByTestId('calc-reversal')).toContainText('元')
})

test("a later tab's blocks load when the tab is first opened, and work", async ({ page }) => {
  const calculatorChunks: string[] = []
  page.on('request', (r) => {
    if (/\/assets\/CalculatorBlock-/.test(r.url())) calculatorChunks.push(r.url())
  })
  await page.goto('/manualactivity/eduFundDetail')
  await expect(page.getByRole('tab', { name: '产品特色' })).toHaveAttribute('aria-selected', 'true')
  await page.waitForLoadState('networkidle')
  expect(calculatorChunks).toEqual([])

  await page.getByRole('tab', { name: '利益演示' }).click()
  await expect(page.getByTestId('calc-guaranteed')).toContainText('元')
  expect(calculatorChunks).toHaveLength(1)
  // Its inputs answer: another payment term changes the guaranteed value.
  const before = await page.getByTestId('calc-guaranteed').textContent()
  await page.getByRole('option', { name: '10年交' }).click()
  await expect(page.getByTestId('calc-guaranteed')).not.toHaveText(before ?? '')
})

test('actions load their overlays on demand: a dialog and the share sheet open on tap', async ({ page }) => {
  await page.goto('/benefit')
  await page.getByText('健康体检').first().click()
  await expect(page.getByRole('dialog')).toContainText('健康体检为会员专享权益')
  await page.getByRole('dialog').getByText('知道了').click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await page.goto('/preheatActivity?phase=preheat')
  // No system share sheet in headless Chromium: our sheet offers 复制链接.
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }))
  await page.getByRole('button', { name: '邀好友一起看' }).first().click()
  await expect(page.getByText('复制链接')).toBeVisible()
})
