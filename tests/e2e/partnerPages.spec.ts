import { codeFor, logInByApi, uniquePhone } from './support/session'
import { expect, test, syncServerClock } from './support/test'

// Partner landing pages from one config with a route parameter (page-configs/xm/[type].json): each declared
// value is a page with its own title, products and copy; an undeclared one is the 404 screen. And the app
// download page, which offers the store of the visitor's phone and carries a friend's invite code. And the
// telecom partner's member benefits: a number proven by SMS opens the benefits, each claimed once.

test.use({ viewport: { width: 390, height: 844 } })

test('/xm/{type} shows the partner’s products of that type, and moves between types', async ({ page }) => {
  await page.goto('/xm/accident')
  await expect(page).toHaveTitle('星芒意外保障')
  await expect(page.getByRole('heading', { name: '星芒意外保障' })).toBeVisible()
  const cards = page.locator('.cp-block-product-list [data-testid="product-card"]')
  await expect(cards.first()).toContainText('星芒通勤出行意外险')
  await expect(cards).toHaveCount(1)
  await expect(page.getByText('意外医疗是否不限社保', { exact: false })).toBeVisible()
  await expect(page.getByText('重疾险保额建议', { exact: false })).toHaveCount(0)

  await page.getByText('出行保障', { exact: true }).click()
  await expect(page).toHaveURL(/\/xm\/travel$/)
  await expect(page.getByRole('heading', { name: '星芒出行保障' })).toBeVisible()
  await expect(cards.first()).toContainText(/星芒(国内旅行险|春节返乡出行保)/)
  await expect(page.getByText('意外医疗是否不限社保', { exact: false })).toHaveCount(0)
})

test('an undeclared /xm/{type} or /xinmei/{type} is the 404 screen, under both layouts', async ({ page }) => {
  for (const path of ['/xm/foo', '/app/xm/foo', '/xinmei/nothing']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible()
  }
  await page.goto('/app/xinmei/medical')
  await expect(page.getByRole('heading', { name: '医疗保障指南' })).toBeVisible()
})

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  })
  test('/downloadApp offers the App Store, and /downloadApp/share the friend’s code', async ({ page }) => {
    await page.goto('/downloadApp')
    const stores = page.locator('.blk-app-download-store')
    await expect(stores).toHaveText(['苹果版下载'])
    await expect(stores.first()).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//)
    await page.goto('/downloadApp/share?inviter=gh7k2q')
    await expect(page.getByTestId('app-download-invite')).toContainText('GH7K2Q')
  })
})

test('/downloadApp in WeChat asks to open the system browser', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Mobile MicroMessenger/8.0.50',
    viewport: { width: 390, height: 844 },
  })
  await syncServerClock(context, baseURL)
  const page = await context.newPage()
  await page.goto('/downloadApp')
  await expect(page.getByTestId('app-download-wechat')).toBeVisible()
  await expect(page.locator('.blk-app-download-store')).toHaveCount(0)
  await context.close()
})

test('a telecom member proves the number, claims the 180 tier’s benefits once and finds them in 我的券', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1365'))
  // The form's checks load when it is first touched; a phone-and-code form never loads the wheel fields.
  const lazyParts: string[] = []
  page.on('request', (r) => {
    const part = /\/assets\/(campaignForms|PickerField|DateField)-/.exec(r.url())?.[1]
    if (part) lazyParts.push(part)
  })
  await page.goto('/telecom/180')
  await expect(page.getByRole('heading', { name: '翼联180元档会员权益' })).toBeVisible()
  await expect(page.getByLabel('翼联手机号')).toBeEnabled()
  await page.waitForLoadState('networkidle')
  expect(lazyParts).toEqual([])
  // Before the number is proven, the benefits say so before any tap, and cannot be claimed.
  await expect(page.getByTestId('coupon-eligibility').first()).toContainText(
    '请先完成“翼联号码核验（180元档）”',
  )
  await expect(page.getByRole('button', { name: '不可领取' }).first()).toBeDisabled()

  const mobile = uniquePhone('1366')
  await page.getByLabel('翼联手机号').fill(mobile)
  await expect.poll(() => lazyParts).toEqual(['campaignForms'])
  await page.getByRole('button', { name: '获取验证码' }).click()
  await page.getByLabel('短信验证码').fill(await codeFor(page.request, mobile))
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: '核验号码' }).click()
  await expect(page.getByText('核验成功，7 天内可领取下方权益')).toBeVisible()

  await page.getByRole('button', { name: '领取权益' }).first().click()
  await expect(page).toHaveURL(/\/telecom\/success$/)
  await expect(page.getByRole('heading', { name: '权益领取成功' })).toBeVisible()
  await page.getByRole('button', { name: '查看我的券' }).click()
  await expect(page).toHaveURL(/\/coupons$/)
  await expect(page.getByText('合作体检中心基础体检套餐1次').first()).toBeVisible()

  // Once per member: the same benefit again is refused by the server.
  const again = await page.request.post('/api/campaigns/telecom180-checkup/claims', { data: {} })
  expect(again.status()).toBe(409)
  await page.goto('/telecom/benefits')
  await expect(page.getByRole('table')).toContainText('道路救援券 1 张')
})
