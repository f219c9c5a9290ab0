import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test'
import { freePort } from '../../scripts/freePort'
import { startServerProcess, stopServerProcess, type ServerProcess } from '../server/serverProcess'
import { createWechatFixture, type WechatFixture } from '../server/wechat/standIn'
import { createWechatPayFixture, type WechatPayFixture } from '../server/wechatpay/standIn'
import { appPayBridgePart, weixinJsBridgeScript } from '../server/wechatpay/standInBridges'
import { createAppTokenFixture, type AppTokenFixture } from '../server/appToken/standIn'
import { pendingOrder } from './support/orders'
import { logInOnScreen } from './support/purchaseFlow'
import { logInByApi, uniquePhone } from './support/session'
import { expect, test, waitForHydration } from './support/test'

// Inside WeChat and the company's app (docs/wechat.md), end to end against the stand-ins of WeChat's official
// account platform (web authorization, access_token, jsapi_ticket, the JS-SDK), WeChat Pay API v3 (JSAPI, H5,
// Native) and the app's token check, all on 127.0.0.1 and started here with a server of this file's own
// (production's providers: PAYMENT_PROVIDER=wechatpay), stopped by PID at the end. Its clock is the real one, as
// the stand-ins' are: WeChat Pay refuses a request signed more than 5 minutes off its own time.

const CAMPAIGN = '/manualactivity/trialFee/lottery'
const CAMPAIGN_SHARE_TITLE = '试算有礼：用保费试算工具，抽积分好礼'

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2585 ' +
  'MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64'
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile ' +
  'Safari/537.36'
const APP_UA = `${PHONE_UA} GuohengApp/3.2.0`

let server: ServerProcess
let dataDir: string
let wechat: WechatFixture
let pay: WechatPayFixture
let appToken: AppTokenFixture
let base: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  pay = await createWechatPayFixture({
    notifyUrl: `${base}/api/payments/callback/wechatpay`,
    h5Origins: [base],
  })
  // JSAPI pays the openid of the merchant's appid: the official account the mall authorizes with.
  wechat = await createWechatFixture({ publicUrl: base, appid: pay.env.WECHATPAY_APPID })
  appToken = await createAppTokenFixture()
  dataDir = mkdtempSync(join(tmpdir(), 'mall-e2e-wechat-'))
  server = await startServerProcess(
    dataDir,
    {
      ...pay.env,
      ...wechat.env,
      ...appToken.env,
      PAYMENT_PROVIDER: 'wechatpay',
      DIST_DIR: resolve('dist'),
      PUBLIC_URL: base,
    },
    port,
    120_000,
  )
})

test.afterAll(async () => {
  if (server) await stopServerProcess(server)
  await Promise.all([wechat?.close(), pay?.close(), appToken?.close()])
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** A phone's browser context on this file's server. */
async function phoneContext(browser: Browser, userAgent: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({
    baseURL: base,
    userAgent,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    ...options,
  })
  // WeChat's native bridge and the app's reach WeChat Pay outside the page's CSP; the stand-ins' scripts that play
  // them post through this binding (tests/server/wechatpay/standInBridges.ts).
  await context.exposeBinding('__standInPost', async (_source, url: string, body: string) => {
    const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return (await answer.json()) as unknown
  })
  return context
}

/** A WeChat user's WeChat: their identity at the stand-in, and WeChat's WeixinJSBridge for JSAPI pay. */
async function wechatContext(browser: Browser, user: string): Promise<BrowserContext> {
  const context = await phoneContext(browser, WECHAT_UA)
  await context.addCookies([{ name: 'wx_user', value: user, url: wechat.standIn.baseUrl }])
  await context.addInitScript({
    content: weixinJsBridgeScript({
      standInUrl: pay.standIn.baseUrl,
      openid: wechat.standIn.user(user).openid,
    }),
  })
  return context
}

test('a WeChat user opens a shared campaign, binds once, later logs in silently, shares and pays by JSAPI', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const phone = uniquePhone('1371')
  const first = await wechatContext(browser, 'alice')
  const page = await first.newPage()

  // The shared link: WeChat's authorization passes unseen, then the login screen says WeChat will be bound.
  await page.goto(`${CAMPAIGN}?utm_medium=share`, { waitUntil: 'commit' })
  await expect(page).toHaveURL(/\/login\?.*wechat=bind/i)
  await waitForHydration(page)
  await expect(page.getByTestId('wechat-bind-notice')).toBeVisible()
  await logInOnScreen(page, phone)
  await expect(page).toHaveURL(new RegExp(`${CAMPAIGN}`))
  await waitForHydration(page)
  const me = await page.request.get('/api/me/wechat')
  expect(await me.json()).toMatchObject({ bound: true })

  // The page's share card, set after a wx.config the stand-in verified with the ticket it issued.
  await expect
    .poll(() => wechat.standIn.shares.filter((s) => s.title === CAMPAIGN_SHARE_TITLE).length)
    .toBeGreaterThan(0)
  const card = wechat.standIn.shares.find((s) => s.title === CAMPAIGN_SHARE_TITLE)!
  expect(card.link).toContain('utm_medium=share')
  expect(new URL(card.link).origin).toBe(base)
  expect(wechat.standIn.configs.at(-1)).toMatchObject({ ok: true })
  await first.close()

  // A later visit in WeChat: logged in without a code.
  const later = await wechatContext(browser, 'alice')
  const again = await later.newPage()
  await again.goto(`${CAMPAIGN}?utm_medium=share`, { waitUntil: 'commit' })
  await expect(again).toHaveURL(new RegExp(`${CAMPAIGN}`))
  await waitForHydration(again)
  await expect.poll(async () => (await again.request.get('/api/me')).status()).toBe(200)
  expect(((await (await again.request.get('/api/me')).json()) as { phone: string }).phone).toBe(phone)

  // Buys: the pay screen in WeChat pays by JSAPI with the bound openid, and the policy shows.
  const order = await pendingOrder(again.request)
  await again.goto(`/pay?orderId=${order.id}`)
  await again.getByRole('button', { name: '立即支付' }).click()
  await expect(again).toHaveURL(/\/paySuccess\?orderId=/)
  await expect(again.getByTestId('pay-success')).toBeVisible({ timeout: 20_000 })
  await expect(again.getByTestId('policy-no')).not.toBeEmpty()
  const jsapi = pay.standIn.requests.filter((r) => r.path === '/v3/pay/transactions/jsapi')
  expect(jsapi.at(-1)).toMatchObject({ status: 200 })
  await later.close()
})

test('a phone-browser user pays with WeChat Pay H5 and comes back to the policy', async ({ browser }) => {
  test.setTimeout(90_000)
  const context = await phoneContext(browser, PHONE_UA)
  const page = await context.newPage()
  await logInByApi(page.request, uniquePhone('1372'))
  const order = await pendingOrder(page.request)
  await page.goto(`/pay?orderId=${order.id}`)
  await page.getByRole('button', { name: '立即支付' }).click()
  // WeChat's cashier (the stand-in's, at h5_url): it checked the page it came from is the merchant's domain.
  await expect(page).toHaveURL(new RegExp(`^${pay.standIn.baseUrl}`))
  await page.getByRole('button', { name: '确认支付' }).click()
  await expect(page).toHaveURL(new RegExp(`^${base}`))
  await expect(page.getByTestId('pay-success')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('policy-no')).not.toBeEmpty()
  await context.close()
})

/** The company's app: its user agent, and its bridge handing the page `token` and paying through WeChat's SDK. */
async function appContext(browser: Browser, token: string): Promise<BrowserContext> {
  const context = await phoneContext(browser, APP_UA)
  await context.addInitScript({
    content: `(() => {
      const calls = (window.__appBridgeCalls = []);
      const pay = ${appPayBridgePart({ standInUrl: pay.standIn.baseUrl })};
      window.GuohengBridge = {
        methods: ['getToken', 'setTitle', 'share', 'pay'],
        call(method, params) {
          calls.push({ method, params });
          if (method === 'getToken') return Promise.resolve({ token: ${JSON.stringify(token)} });
          if (method === 'pay') return pay(params);
          if (method === 'share') return Promise.resolve({ shared: true });
          return Promise.resolve({});
        },
      };
    })();`,
  })
  return context
}

type BridgeCall = { method: string; params: { title?: string; invoke?: { kind: string } } }
const bridgeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __appBridgeCalls: BridgeCall[] }).__appBridgeCalls)

const masked = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2')

test('an in-app user arrives logged in by the app token, under the app title bar, and pays through the app', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const phone = uniquePhone('1373')
  // A mall user already (agreements accepted at their first login).
  const setup = await phoneContext(browser, PHONE_UA)
  await logInByApi(setup.request, phone)
  await setup.close()

  const context = await appContext(browser, appToken.standIn.issue(phone))
  const page = await context.newPage()
  await page.goto('/userInfo')
  await expect(page.getByText(masked(phone))).toBeVisible()
  // The app's title bar, not ours.
  await expect(page.locator('.adm-nav-bar')).toHaveCount(0)
  await expect
    .poll(async () =>
      (await bridgeCalls(page)).filter((c) => c.method === 'setTitle').map((c) => c.params.title),
    )
    .toContain('账户与安全')
  expect(appToken.standIn.requests.at(-1)).toMatchObject({ status: 200, phone })

  // Pay goes through the app (WeChat Pay's APP scene, signed for the app's SDK), then the policy shows.
  const order = await pendingOrder(page.request)
  await page.goto(`/pay?orderId=${order.id}`)
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(page.getByTestId('pay-success')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('policy-no')).not.toBeEmpty()
  expect((await bridgeCalls(page)).filter((c) => c.method === 'pay').at(-1)?.params.invoke?.kind).toBe('app')
  await context.close()
})

test('a new user in the app agrees to the agreements once, then is logged in by the app token', async ({
  browser,
}) => {
  const phone = uniquePhone('1374')
  const context = await appContext(browser, appToken.standIn.issue(phone))
  const page = await context.newPage()
  await page.goto('/userInfo')
  const sheet = page.getByTestId('app-consent-sheet')
  await expect(sheet).toBeVisible()
  // Never pre-ticked: nothing happens before both boxes are ticked.
  await expect(sheet.getByRole('button', { name: '请先阅读并勾选以上协议' })).toBeDisabled()
  for (const box of await sheet.locator('.adm-checkbox').all())
    await box.locator('.adm-checkbox-icon').click()
  await sheet.getByRole('button', { name: '同意并登录' }).click()
  await expect(sheet).toBeHidden()
  await expect(page.getByText(masked(phone))).toBeVisible()
  await context.close()
})
