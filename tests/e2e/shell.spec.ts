import { expect, test } from './support/test'

// The app shell against the production build and the real server.

test('home: Chinese title and content, blue theme', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('国恒保险商城')
  await expect(page.getByRole('img', { name: '新人专享 50元健康礼包 登录自动发放' }).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: '热销推荐' })).toBeVisible()
  await expect(page.locator('.app-tabbar')).toContainText('首页')
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--adm-color-primary').trim(),
  )
  expect(primary.toLowerCase()).toBe('#0958d9')
})

test('home: the banners slide on by themselves and with a swipe; a tap opens the banner shown', async ({
  page,
}) => {
  await page.goto('/')
  const dots = page.locator('.snap-carousel-dots span')
  await expect(dots.nth(0)).toHaveClass('active')
  // Autoplay: the next banner within a few seconds.
  await expect(dots.nth(1)).toHaveClass('active', { timeout: 6_000 })
  await page.getByRole('img', { name: '春节保障节 新春返乡 全家安心' }).click()
  await expect(page).toHaveURL(/\/springFestival$/)
  await page.goBack()
  // A swipe is the browser's own scroll: the row snaps to a whole banner.
  const track = page.locator('.snap-carousel-track')
  // (A finger on it: autoplay waits.)
  await track.dispatchEvent('touchstart')
  await track.evaluate((el) => el.scrollTo({ left: el.clientWidth * 2 }))
  await expect(dots.nth(2)).toHaveClass('active')
  expect(await track.evaluate((el) => el.scrollLeft / el.clientWidth)).toBeCloseTo(2, 1)
})

for (const [key, title] of [
  ['privacy', '隐私保护政策'],
  ['sensitive', '个人敏感信息收集使用授权书'],
  ['service', '用户服务协议'],
  ['auth', '实名认证授权书'],
] as const) {
  test(`/protocol/${key} shows the agreement`, async ({ page }) => {
    await page.goto(`/protocol/${key}`)
    await expect(page).toHaveTitle(title)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.locator('.markdown')).toContainText('国恒保险经纪有限公司')
  })
}

test('/loading continues to its redirect target', async ({ page }) => {
  await page.goto('/loading?redirect=/protocol/auth')
  await expect(page).toHaveURL(/\/protocol\/auth$/)
  await expect(page).toHaveTitle('实名认证授权书')
})

test('unknown paths and /loginC/<other> are the 404 screen, which goes home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible()
  await expect(page).toHaveTitle('页面不存在')
  await page.goto('/loginC/wechat')
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible()
  await page.getByRole('button', { name: '返回首页' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the in-app layout (/app/...) has no NavBar and keeps links inside /app', async ({ page }) => {
  await page.goto('/app/protocol/privacy')
  await expect(page.getByRole('heading', { level: 1, name: '隐私保护政策' })).toBeVisible()
  await expect(page.locator('.adm-nav-bar')).toHaveCount(0)
  await expect(page).toHaveTitle('隐私保护政策')
  await page.goto('/app/nope')
  await page.getByRole('button', { name: '返回首页' }).click()
  await expect(page).toHaveURL(/\/app$/)
})

test('back: returns to the previous screen, or home when opened directly', async ({ page }) => {
  await page.goto('/protocol/service')
  await page.locator('.adm-nav-bar-back').click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/')
  await page.getByRole('link', { name: '搜索保险产品' }).click()
  await expect(page).toHaveURL(/\/productsSearch$/)
  await page.locator('.adm-nav-bar-back').click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: '热销推荐' })).toBeVisible()
})

test('a screen chunk that fails to load shows a reload message, and reload recovers', async ({ page }) => {
  let block = true
  await page.route(/\/assets\/ProtocolPage-.*\.js$/, (route) => (block ? route.abort() : route.continue()))
  await page.goto('/protocol/privacy')
  await expect(page.getByRole('heading', { name: '页面加载失败' })).toBeVisible()
  block = false
  await page.getByRole('button', { name: '重新加载' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '隐私保护政策' })).toBeVisible()
})

test('a slow chunk shows the 加载中… placeholder while the current screen stays', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: '热销推荐' })).toBeVisible()
  await page.route(/\/assets\/LoadingPage-.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500))
    await route.continue()
  })
  await page.evaluate(() => {
    window.history.pushState({}, '', '/loading?redirect=/protocol/service')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByRole('status').filter({ hasText: '加载中…' })).toBeVisible()
  await expect(page).toHaveURL(/\/protocol\/service$/, { timeout: 15_000 })
})
