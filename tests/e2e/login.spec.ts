import { expect, test, type APIRequestContext, type Page } from './support/test'

// Log in through the UI with the code from the demo SMS outbox and land back where login was asked for.

async function codeFor(request: APIRequestContext, phone: string): Promise<string> {
  await expect
    .poll(async () => (await request.get(`/api/dev/sms-outbox?phone=${phone}`)).status(), { timeout: 10_000 })
    .toBe(200)
  return ((await (await request.get(`/api/dev/sms-outbox?phone=${phone}`)).json()) as { code: string }).code
}

async function logIn(page: Page, request: APIRequestContext, phone: string) {
  await page.getByRole('textbox', { name: '手机号' }).fill(phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled()
  const code = await codeFor(request, phone)
  // Demo mode shows the outbox code on the screen, so a person can log in without the API.
  await expect(page.getByTestId('demo-sms-code')).toContainText(code)
  // Focus moved to the code field once the code was sent.
  await expect(page.getByRole('textbox', { name: '验证码' })).toBeFocused()
  await page.getByRole('textbox', { name: '验证码' }).fill(code)
  const submit = page.locator('.login-page .adm-button-block')
  // Login stays disabled until every box is ticked by the user: one for the service agreement and the
  // privacy policy, one of its own for the sensitive-information authorization (PIPL separate consent).
  await expect(submit).toBeDisabled()
  const boxes = page.locator('.login-agreements .adm-checkbox')
  await expect(boxes).toHaveCount(2)
  await expect(boxes.nth(0)).toContainText('《隐私保护政策》和《用户服务协议》')
  await expect(boxes.nth(1)).toContainText('《个人敏感信息收集使用授权书》')
  for (const box of await boxes.all()) {
    await expect(box).not.toHaveClass(/adm-checkbox-checked/)
    await box.locator('.adm-checkbox-icon').click()
    await expect(box).toHaveClass(/adm-checkbox-checked/)
  }
  await expect(submit).toHaveText('登录')
  await submit.click()
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

test('login from 我的 returns to /user and shows the masked phone; logout ends it', async ({
  page,
  request,
}) => {
  await page.goto('/user')
  const badge = page.getByTestId('demo-badge')
  await expect(badge).toContainText('演示环境')
  // The badge never covers the NavBar (its right slot included).
  const navbar = (await page.locator('.app-navbar').boundingBox())!
  expect(overlaps((await badge.boundingBox())!, navbar)).toBe(false)
  await page.getByRole('button', { name: '登录/注册' }).click()
  await expect(page).toHaveURL(/\/Login\?redirect=%2Fuser$/)
  await expect(page.getByTestId('login-expired')).toHaveCount(0)
  await logIn(page, request, '13912340001')
  await expect(page).toHaveURL(/\/user$/)
  await expect(page.getByTestId('user-phone')).toHaveText('139****0001')
  await expect(page.getByTestId('user-entry-policy')).toBeVisible()
  await expect(page.getByTestId('user-realname')).toHaveText('去实名')
  await expect(page.getByTestId('order-shortcut-unpaid')).toBeVisible()
  await expect(page.getByTestId('policy-stat-all')).toContainText('0全部保单')
  // The default avatar is a real image, loaded.
  expect(
    await page
      .getByTestId('user-avatar')
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
  ).toBeGreaterThan(0)

  // The session survives a reload (cookie + server-side session).
  await page.reload()
  await expect(page.getByTestId('user-phone')).toHaveText('139****0001')

  await page.getByRole('button', { name: '退出登录' }).click()
  // An open dialog's mask covers the badge: the badge is not what is on top at its own centre.
  await expect(page.locator('.adm-mask').first()).toBeVisible()
  // 退出登录 sits below the fold on a phone: back at the top, where the badge is, to look at it.
  await page.evaluate(() => window.scrollTo(0, 0))
  const box = (await badge.boundingBox())!
  expect(box.y).toBeGreaterThanOrEqual(0)
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid="demo-badge"]') !== null,
    [box.x + box.width / 2, box.y + box.height / 2],
  )
  expect(onTop).toBe(false)
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click()
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeVisible()
  expect((await page.request.get('/api/me')).status()).toBe(401)
})

test('login asked for by another page lands back on it; foreign redirects go home', async ({
  page,
  request,
}) => {
  await page.goto('/Login?redirect=%2Fprotocol%2Fprivacy')
  await logIn(page, request, '13912340002')
  await expect(page).toHaveURL(/\/protocol\/privacy$/)
  await expect(page.getByTestId('protocol-privacy')).toBeVisible()

  await page.context().clearCookies()
  await page.goto('/Login?redirect=%2F%2Fevil.example%2Fphish')
  await logIn(page, request, '13912340003')
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
})

test('real-name screen: login first, and a 401 mid-form (session gone) sends to login and back', async ({
  page,
  request,
}) => {
  await page.goto('/authentication')
  await expect(page).toHaveURL(/\/loginC\/authentication\?redirect=%2Fauthentication$/)
  await logIn(page, request, '13912340004')
  await expect(page).toHaveURL(/\/authentication/)
  await page.getByRole('textbox', { name: '姓名' }).fill('张三')
  await page.getByRole('textbox', { name: '身份证号' }).fill('110101199003078514')
  await page.locator('.auth-page .adm-checkbox-icon').click()
  await page.getByRole('button', { name: '提交认证' }).click()
  await expect(page.getByText('身份证号校验位不正确，请核对').first()).toBeVisible()

  // The session ends server-side (cookie gone): the API answers 401 and the app asks for login.
  await page.context().clearCookies()
  await page.getByRole('textbox', { name: '身份证号' }).fill('110101199003078515')
  await page.getByRole('button', { name: '提交认证' }).click()
  await expect(page).toHaveURL(/\/Login\?redirect=%2Fauthentication&reason=expired$/)
  // The session expired: the login screen says so and offers the phone number of that session.
  await expect(page.getByTestId('login-expired')).toHaveText('登录已过期，请重新登录')
  await expect(page.getByRole('textbox', { name: '手机号' })).toHaveValue('13912340004')
  // (another phone: the first one may not request a new code within 60 s)
  await logIn(page, request, '13912340005')
  await expect(page).toHaveURL(/\/authentication$/)
  await page.getByRole('textbox', { name: '姓名' }).fill('张三')
  await page.getByRole('textbox', { name: '身份证号' }).fill('110101199003078515')
  await page.locator('.auth-page .adm-checkbox-icon').click()
  await page.getByRole('button', { name: '提交认证' }).click()
  await expect(page.getByTestId('real-name-verified')).toContainText('1101**********8515')
  await page.goto('/user')
  await expect(page.getByTestId('user-realname')).toHaveText('已实名')
})

test('the login screen says why a phone number is not valid', async ({ page }) => {
  await page.goto('/Login')
  const phone = page.getByRole('textbox', { name: '手机号' })
  await expect(phone).toHaveAttribute('inputmode', 'numeric')
  await expect(page.getByRole('textbox', { name: '验证码' })).toHaveAttribute('autocomplete', 'one-time-code')
  await phone.fill('1391234')
  await phone.blur()
  await expect(page.getByTestId('phone-error')).toHaveText('请输入11位手机号')
  await expect(phone).toHaveAttribute('aria-invalid', 'true')
  await phone.fill('12912340000')
  await expect(page.getByTestId('phone-error')).toHaveText('手机号格式不正确')
  await phone.fill('')
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByTestId('phone-error')).toHaveText('请输入手机号')
  await expect(phone).toBeFocused()
})
