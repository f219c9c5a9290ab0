import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

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
  await page.getByRole('textbox', { name: '验证码' }).fill(code)
  const submit = page.locator('.login-page .adm-button-block')
  // Login stays disabled until every agreement is ticked by the user.
  await expect(submit).toBeDisabled()
  const boxes = page.locator('.login-agreements .adm-checkbox')
  await expect(boxes).toHaveCount(3)
  for (const box of await boxes.all()) {
    await box.locator('.adm-checkbox-icon').click()
    await expect(box).toHaveClass(/adm-checkbox-checked/)
  }
  await expect(submit).toHaveText('登录')
  await submit.click()
}

test('login from 我的 returns to /user and shows the masked phone; logout ends it', async ({
  page,
  request,
}) => {
  await page.goto('/user')
  await expect(page.getByTestId('demo-badge')).toHaveText('演示环境')
  await page.getByRole('button', { name: '登录/注册' }).click()
  await expect(page).toHaveURL(/\/Login\?redirect=%2Fuser$/)
  await logIn(page, request, '13912340001')
  await expect(page).toHaveURL(/\/user$/)
  await expect(page.getByTestId('user-phone')).toHaveText('139****0001')
  await expect(page.getByText('我的保单')).toBeVisible()

  // The session survives a reload (cookie + server-side session).
  await page.reload()
  await expect(page.getByTestId('user-phone')).toHaveText('139****0001')

  await page.getByRole('button', { name: '退出登录' }).click()
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
  await expect(page).toHaveURL(/\/Login\?redirect=%2Fauthentication/)
  // (another phone: the first one may not request a new code within 60 s)
  await logIn(page, request, '13912340005')
  await expect(page).toHaveURL(/\/authentication$/)
  await page.getByRole('textbox', { name: '姓名' }).fill('张三')
  await page.getByRole('textbox', { name: '身份证号' }).fill('110101199003078515')
  await page.locator('.auth-page .adm-checkbox-icon').click()
  await page.getByRole('button', { name: '提交认证' }).click()
  await expect(page.getByTestId('real-name-verified')).toContainText('1101**********8515')
  await page.goto('/user')
  await expect(page.getByText('已认证')).toBeVisible()
})
