import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type axe from 'axe-core'
import {
  expect,
  test,
  syncServerClock,
  waitForHydration,
  type BrowserContext,
  type Page,
} from './support/test'
import { screenRoutes } from '../../src/app/routes'
import { LOGGED_OUT_SCREENS, sampleUrl } from '../../scripts/screenSamples'
import { configPaths } from './support/configPages'
import { issuedPolicy, pendingOrder, startPayment } from './support/orders'
import { agreeToNotices, answerHealthNo, fillPolicyholder } from './support/purchaseFlow'
import { logInByApi, uniquePhone } from './support/session'

// The one sweep of every route: each screen of the route table and each config page in each phase (?phase=),
// opened once on a 390×844 phone, logged in with orders, a policy and a family member (the login screens logged
// out). Every route
// - comes as HTML rendered before its scripts (by the server for a screen, at build time for a config page),
//   which the browser hydrates in place: the element parsed from that HTML is still the one on screen;
// - logs no script error, console error or warning (a 4xx the API answers is the page's business) and no CSP
//   violation, and has nothing left loading;
// - shows nothing a person would see as broken (horizontal scrolling, `{…}`/undefined/NaN/null text, English
//   words, broken images, something over the NavBar), at the top and scrolled down.
// A config page also shows the phase asked for with its blocks and the demo strip, and is checked again at 360 px.
// Each route (its first URL; a config page in the phase it is served in) is also checked once with axe-core for
// WCAG 2.1 A and AA: no serious or critical violation (contrast, names of buttons and links, labels, ARIA), for
// text under 12 px and for tap targets under 44×44 px.

test.describe.configure({ mode: 'parallel' })

const PHONE = { width: 390, height: 844 }
/** The narrowest phone a config page is laid out for. */
const NARROW = { width: 360, height: 800 }
const phone = { viewport: PHONE, isMobile: true, hasTouch: true }
test.use(phone)

/** Words a Chinese page may show in Latin letters: brands, units, codes. */
// prettier-ignore
const ENGLISH_ALLOWED = new Set([
  'APP', 'App', 'VIP', 'ID', 'GH', 'GO', 'CT', 'MRI', 'ICU', 'PDF', 'QR', 'AI', 'km', 'kg', 'cm', 'mm', 'ml', 'mg',
  'vs', 'PK', 'Top', 'TOP', 'BMI', 'CPI', 'IRR', 'HK', 'PM', 'AM', 'OK', 'API', 'IP', 'Cookie',
  'MB', 'JPG', 'PNG', 'WebP', 'GIF', 'SHA', 'HMAC',
  'TA', // 预约TA: the pronoun as Chinese sites write it
])

interface Data {
  pendingOrderId: string
  paymentId: string
  orderId: string
  policyId: string
  partnerPolicyId: string
  shareToken: string
  memberId: string
  /** A gift exchanged with the issued policy's points. */
  exchangeId: string
}
let data: Data
/** The worker's logged-in phone, and a visitor for the login screens (they send a logged-in one away). */
let loggedIn: BrowserContext
let loggedOut: BrowserContext
/** One tab for each, which every route of the worker opens in turn, as a person goes from page to page. */
let tabs: { loggedIn: Tab; loggedOut: Tab }

/**
 * The URLs that show a screen route: this user's own orders, policies… where the route shows them, missing ones
 * where a route has a not-found state; otherwise the route's sample (scripts/screenSamples.ts).
 */
function samples(path: string): string[] {
  const d = data
  const table: Record<string, string[]> = {
    '/product': [
      '/product?id=p-medical-million',
      '/product?id=p-investment-linked',
      '/product?id=no-such-product',
    ],
    '/productInfo': ['/productInfo?id=p-medical-million'],
    '/compare/:sc': ['/compare/p-medical-mid,p-medical-million'],
    '/compareForA/:sc': ['/compareForA/p-medical-mid,p-medical-million'],
    '/compareForA/export': ['/compareForA/export?sc=p-medical-mid,p-medical-million'],
    '/specialNotify': ['/specialNotify?productId=p-medical-million&plan=standard&coveragePeriod=1y'],
    '/pay': [`/pay?orderId=${d.pendingOrderId}`],
    '/payqrcode': [`/payqrcode?orderId=${d.pendingOrderId}&paymentId=${d.paymentId}`],
    '/pay/sandbox': [`/pay/sandbox?paymentId=${d.paymentId}`],
    '/skiPay': [`/skiPay?orderId=${d.pendingOrderId}`],
    '/paySuccess': [`/paySuccess?orderId=${d.orderId}`, '/paySuccess'],
    '/orders/orderDetail': [
      `/orders/orderDetail?id=${d.orderId}`,
      `/orders/orderDetail?id=${d.pendingOrderId}`,
    ],
    '/policy/policyDetail': [`/policy/policyDetail?id=${d.policyId}`],
    '/policy/apiPolicyDetail': [`/policy/apiPolicyDetail?id=${d.partnerPolicyId}`],
    '/policy/policyDetaiU': [`/policy/policyDetaiU?token=${encodeURIComponent(d.shareToken)}`],
    '/familyManage/addEdit': ['/familyManage/addEdit', `/familyManage/addEdit?id=${d.memberId}`],
    '/family/addEdit': [`/family/addEdit?id=${d.memberId}`],
    '/signIn/giftDetail/:goodsName': [`/signIn/giftDetail/${encodeURIComponent('国恒定制晴雨伞')}`],
    '/signIn/exchangeDetail/:id': [`/signIn/exchangeDetail/${d.exchangeId}`],
    '/problems': ['/problems?id=points-earn', '/problems?id=no-such-question'],
    '/news/articleDetail/:id': [
      '/news/articleDetail/a-medical-basics',
      '/news/articleDetail/a-cooling-off',
      '/news/articleDetail/no-such-article',
    ],
    '/look/article/:id': ['/look/article/a-claim-process'],
    '/look/video/:id': ['/look/video/v-claim'],
    '/insurance/details': ['/insurance/details?id=RULES', '/insurance/details?id=NOPE'],
    '/productAppointment/:goodsType': [
      '/productAppointment/highMedical?agent=c-zhou-hang',
      '/productAppointment/annuity',
      '/productAppointment/no-such-type',
    ],
    '/InsuranceConsultant': ['/InsuranceConsultant?id=c-lin-yue', '/InsuranceConsultant?id=c-nobody'],
    '/orderCounselor': ['/orderCounselor?id=c-lin-yue', '/orderCounselor'],
    '/insures': [`/insures?policyId=${d.policyId}`],
    '/claim/addClaim': [`/claim/addClaim?policyId=${d.policyId}&type=medical`],
    '/claim/addClaimSuccess': ['/claim/addClaimSuccess?id=cl-sample', '/claim/addClaimSuccess'],
    '/activity/fairness': ['/activity/fairness?campaign=trialfee-lottery', '/activity/fairness'],
    // A claim with documents and a timeline is looked at by claimDetail.spec.ts (it needs the clock moved).
    '/claim/claimList': ['/claim/claimList', '/claim/claimList?status=done'],
    '/claim/claimDetail': ['/claim/claimDetail?id=no-such-claim', '/claim/claimDetail'],
    // Opened without the product or order they are for, too.
    '/insured': ['/insured', sampleUrl('/insured')],
    '/healthNotification': ['/healthNotification', sampleUrl('/healthNotification')],
    '/insuredSuccess': ['/insuredSuccess', sampleUrl('/insuredSuccess')],
  }
  return table[path] ?? [sampleUrl(path)]
}

/** What a person would see as broken on the page as it is now. */
async function faults(page: Page, width: number): Promise<string[]> {
  return page.evaluate(
    ([allowed, width]) => {
      const out: string[] = []
      // \`width\` is the phone's width as set: Chromium's mobile emulation widens innerWidth to fit overflow.
      if (document.documentElement.scrollWidth > width + 1)
        out.push(`横向溢出：内容宽 ${document.documentElement.scrollWidth}px，屏幕 ${width}px`)
      const inScroller = (el: Element) => {
        for (let a = el.parentElement; a; a = a.parentElement) {
          const x = getComputedStyle(a).overflowX
          if (
            x === 'auto' ||
            x === 'scroll' ||
            a.matches('.adm-swiper, .adm-tabs-header, .adm-capsule-tabs-header, .adm-notice-bar')
          )
            return true
        }
        return false
      }
      const visible = (el: Element) =>
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        el.getClientRects().length > 0
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? ''
        const parent = node.parentElement
        if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName) || !visible(parent))
          continue
        if (/[{}]|\bundefined\b|\bNaN\b|\bnull\b/.test(text))
          out.push(`文本含占位或空值：「${text.slice(0, 60)}」`)
        // Identifiers (letters with digits or _), redemption codes (groups of 4 joined by -), e-mail and web
        // addresses are data, not words.
        const words = text.replace(
          /\S+@\S+|https?:\/\/\S+|\b[A-Z0-9]{4}(?:-[A-Z0-9]{4})+\b|\b\w*[\d_]\w*\b/g,
          ' ',
        )
        const english = (words.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !allowed.includes(w))
        if (english.length) out.push(`英文：「${text.slice(0, 60)}」(${english.join(' ')})`)
      }
      // Something wider than the screen that is clipped rather than scrolled is cut off for the reader.
      const cut = new Set<string>()
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect()
        if (r.width === 0 || (r.right <= width + 1 && r.left >= -1) || !visible(el) || inScroller(el))
          continue
        if (getComputedStyle(el).position === 'fixed') continue
        cut.add(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`)
      }
      for (const c of [...cut].slice(0, 3)) out.push(`超出屏幕：${c}`)
      for (const img of Array.from(document.images))
        if (visible(img) && img.complete && img.naturalWidth === 0)
          out.push(`图片加载失败：${img.currentSrc || img.src}`)
      const nav = document.querySelector('.adm-nav-bar')
      if (nav && visible(nav)) {
        const n = nav.getBoundingClientRect()
        for (const el of Array.from(document.body.querySelectorAll('*'))) {
          if (nav.contains(el) || el.contains(nav) || !visible(el)) continue
          const position = getComputedStyle(el).position
          if (position !== 'fixed' && position !== 'absolute' && position !== 'sticky') continue
          const r = el.getBoundingClientRect()
          const overlaps = r.left < n.right && r.right > n.left && r.top < n.bottom && r.bottom > n.top
          if (!overlaps || r.width === 0 || r.height === 0) continue
          // Content scrolling under the NavBar is fine; drawn over it (on top where they meet) is not, and a
          // sticky bar stuck under it is hidden by it.
          const x = (Math.max(r.left, n.left) + Math.min(r.right, n.right)) / 2
          const y = (Math.max(r.top, n.top) + Math.min(r.bottom, n.bottom)) / 2
          const onTop = document.elementFromPoint(x, y)
          const drawnOver = onTop && !nav.contains(onTop) && (el === onTop || el.contains(onTop))
          const what = `${el.tagName.toLowerCase()}.${String(el.getAttribute('class')).split(' ')[0]}`
          if (drawnOver) out.push(`遮挡导航栏：${what}`)
          else if (position === 'sticky') out.push(`吸顶栏被导航栏遮住：${what}`)
        }
      }
      return out
    },
    [[...ENGLISH_ALLOWED], width] as const,
  )
}

/**
 * axe-core's minified build: the same code as its `axe.source` (axe.js) in 650 kB instead of 1.5 MB. Each sweep tab
 * runs it as an init script in every page it opens (sweepTab): Chromium compiles it once for the tab. Handed to
 * each route's page with page.evaluate instead, it was parsed afresh every time: three quarters of each route's
 * axe time, and the sweep of 19 routes took 40 s against 31 s.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** The WCAG 2.1 A/AA rules axe-core checks the page against. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** Each element of the page that violates a serious or critical WCAG 2.1 A/AA rule: the rule and a selector. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  // axe-core run in the page itself (installed by sweepTab). @axe-core/playwright's analyze() opens a blank page for
  // every call to merge the results of frames: 2.4 s a route here, against 0.2 s, and these pages have no frames.
  const violations = await page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        })
      ).violations,
    WCAG,
  )
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => {
        // A contrast failure says its colours and ratio, as axe measured them.
        const c = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null
        const colours = c?.fgColor ? `（${c.fgColor} / ${c.bgColor} ${c.contrastRatio}:1）` : ''
        return `无障碍 ${v.id}：${node.target.join(' ')}${colours}`
      }),
    )
}

/** Tap targets a thumb misses: under 44×44 CSS px (a link inside a sentence is sized by its line). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>()
    const targets = document.body.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="tab"], [role="option"], [role="radio"], [role="checkbox"], [role="switch"]',
    )
    for (const el of targets) {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || el.matches(':disabled'))
        continue
      if (el.getClientRects().length === 0 || el.closest('[aria-hidden="true"], [inert]')) continue
      // WCAG 2.5.5's inline exception: a link or button in a sentence (text of its own beside it) is as tall as
      // the sentence's line.
      const inSentence = Array.from(el.parentElement?.childNodes ?? []).some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      )
      if (inSentence && getComputedStyle(el).display.startsWith('inline')) continue
      // A control inside a label is tapped through the label.
      const r = (el.closest('label') ?? el).getBoundingClientRect()
      if (r.width >= 43.5 && r.height >= 43.5) continue
      const what = `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').split(' ')[0]}`
      const text = (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 12)
      out.add(`点击区域小于44px：${what}「${text}」 ${Math.round(r.width)}×${Math.round(r.height)}`)
    }
    return [...out]
  })
}

/** Text a person on a phone strains to read: under 12 px. */
async function smallText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>()
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!node.textContent?.trim() || !parent || parent.closest('[aria-hidden="true"]')) continue
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
      const size = parseFloat(getComputedStyle(parent).fontSize)
      const what = `${parent.tagName.toLowerCase()}.${String(parent.getAttribute('class') ?? '').split(' ')[0]}`
      if (size < 11.99) out.add(`文字小于12px：${what}「${node.textContent.trim().slice(0, 12)}」 ${size}px`)
    }
    return [...out]
  })
}

/** The faults at the top of the page and scrolled down: sticky bars only meet the NavBar once the page scrolls. */
async function faultsScrolled(page: Page, width = PHONE.width): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0))
  const top = await faults(page, width)
  await page.evaluate(() => window.scrollTo(0, 600))
  const scrolled = await faults(page, width)
  await page.evaluate(() => window.scrollTo(0, 0))
  return [...new Set([...top, ...scrolled.map((p) => (top.includes(p) ? p : `（下滑后）${p}`))])]
}

/** The HTML before any script: the frame (a screen) or the page (a config page) with content in it. */
const RENDERED = {
  // (The screen's Suspense boundary, which holds it while its chunk loads, leaves its mark first.)
  screen: /<div id="root" data-prerendered="[^"]+"[^>]*>.*<main class="app-content">(<!--\$-->)?<[a-z]/s,
  config: /<div id="root" data-prerendered="[^"]+"[^>]*>.*class="config-page/s,
}
/** The element the HTML drew, which hydration keeps (drawing the route afresh would replace it). */
const FRAME = { screen: '.app-layout', config: '.config-page' }
type Kind = keyof typeof FRAME

/** The page's own fetch and XHR requests, counted in the tab (sweepTab) for settled(). */
interface PageRequests {
  inFlight: number
  changedAt: number
}

/** A tab that records what would be a fault on the page it shows (`problems`, emptied per visit). */
async function sweepTab(context: BrowserContext) {
  const page = await context.newPage()
  const tab = { page, problems: [] as string[], kind: 'screen' as Kind }
  const { problems } = tab
  page.on('pageerror', (e) => problems.push(`脚本错误：${e.message}`))
  page.on('console', (msg) => {
    const text = msg.text()
    if (msg.type() === 'warning') problems.push(`控制台警告：${text.slice(0, 160)}`)
    if (msg.type() !== 'error') return
    // A logged-out or missing resource the API answers is a screen's business, not an error; a config page,
    // the same for everyone, asks for nothing it may not have.
    if (
      tab.kind === 'screen' &&
      /Failed to load resource: the server responded with a status of 4\d\d/.test(text) &&
      msg.location().url.includes('/api/')
    )
      return
    problems.push(`控制台错误：${text.slice(0, 160)}`)
  })
  await page.addInitScript((frames) => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    )
    // The elements as parsed from the HTML, before any script ran.
    document.addEventListener('DOMContentLoaded', () => {
      ;(window as { parsed?: (Element | null)[] }).parsed = frames.map((f) => document.querySelector(f))
    })
    // The page's own requests in flight, and when the last one started or ended (settled(), below).
    const requests: PageRequests = { inFlight: 0, changedAt: 0 }
    ;(window as { requests?: PageRequests }).requests = requests
    const change = (by: number) => {
      requests.inFlight += by
      requests.changedAt = performance.now()
    }
    const fetch = window.fetch.bind(window)
    window.fetch = (...args) => {
      change(1)
      return fetch(...args).finally(() => change(-1))
    }
    const send = XMLHttpRequest.prototype.send
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
      change(1)
      this.addEventListener('loadend', () => change(-1), { once: true })
      send.call(this, body)
    }
  }, Object.values(FRAME))
  // axe-core for accessibilityViolations(), in every page of the tab; an init script goes in through the debugging
  // protocol, which the page's CSP does not govern.
  await page.addInitScript(AXE_SOURCE)
  return tab
}
type Tab = Awaited<ReturnType<typeof sweepTab>>

/** Opens `url` in the tab at the phone's size and waits until it has settled; what is wrong with it, as `kind`. */
async function visit(tab: Tab, url: string, kind: Kind) {
  const { page, problems } = tab
  problems.length = 0
  tab.kind = kind
  await page.setViewportSize(PHONE)
  const html = (await (await page.goto(url))?.text()) ?? ''
  if (!RENDERED[kind].test(html)) problems.push('页面未预先渲染')
  await waitForHydration(page)
  await settled(page)
  const kept = await page.evaluate(
    (frame) =>
      (window as { parsed?: (Element | null)[] }).parsed?.some((e) => e?.isConnected && e.matches(frame)),
    FRAME[kind],
  )
  if (!kept) problems.push('水合未沿用预渲染的页面（重新绘制）')
  problems.push(...(await faultsScrolled(page)))
}

/** Moves the tab's page to `url` in the page (the router follows history), at the phone's size; what is wrong. */
async function switchTo(tab: Tab, url: string) {
  const { page, problems } = tab
  problems.length = 0
  await page.setViewportSize(PHONE)
  await page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, url)
  await settled(page)
  problems.push(...(await faultsScrolled(page)))
}

/**
 * Waits until nothing is left loading: no request of the page's in flight for a moment (one may lead to the next),
 * every image on screen in, and no lazy block, skeleton or spinner. Waiting for the network to be idle instead
 * costs half a second a page.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const { requests } = window as { requests?: PageRequests }
      return (
        requests?.inFlight === 0 &&
        performance.now() - requests.changedAt > 100 &&
        // A lazy image below the screen is not asked for until the page scrolls near it.
        Array.from(document.images).every(
          (img) =>
            img.complete || (img.loading === 'lazy' && img.getBoundingClientRect().top > window.innerHeight),
        ) &&
        !document.querySelector('.cp-block-loading, .adm-skeleton, .adm-dot-loading')
      )
    },
    undefined,
    { polling: 50 },
  )
}

/** The faults once the page is laid out again for a narrower phone. */
async function faultsAt(page: Page, size: typeof PHONE): Promise<string[]> {
  await page.setViewportSize(size)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  return (await faultsScrolled(page, size.width)).map((p) => `${size.width}px ${p}`)
}

test.beforeAll(async ({ browser, baseURL }) => {
  const open = async () => {
    const context = await browser.newContext({ ...phone, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })
    await syncServerClock(context, baseURL)
    return context
  }
  loggedIn = await open()
  loggedOut = await open()
  tabs = { loggedIn: await sweepTab(loggedIn), loggedOut: await sweepTab(loggedOut) }
  const request = loggedIn.request
  // A fresh phone per worker start (a failed test restarts the worker, and one phone gets a code a minute).
  await logInByApi(request, uniquePhone('1371'))
  const { orderId, policyId } = await issuedPolicy(request)
  const pending = await pendingOrder(request)
  const paymentId = await startPayment(request, pending.id)
  const share = (await (await request.post(`/api/policies/${policyId}/share-link`)).json()) as {
    token: string
  }
  const partner = (await (
    await request.post('/api/sandbox/partner-policies', {
      data: { productId: 'p-travel-domestic', holder: { name: '张三', certNo: '110101199003078515' } },
    })
  ).json()) as { id: string }
  const member = (await (
    await request.post('/api/family-members', {
      data: {
        name: '李四',
        relation: '3',
        certType: 'ID_CARD',
        certNo: '310104202002290021',
        birthday: '2020-02-29',
        gender: 'F',
      },
    })
  ).json()) as { id: string }
  // 购物车 with one plan.
  await request.post('/api/cart/items', {
    data: {
      productId: 'p-medical-million',
      planCode: 'standard',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      birthDate: '1990-03-07',
      gender: 'M',
      socialInsurance: 'Y',
    },
  })
  // 我的反馈 with one feedback (its demo reply comes a minute later, if the sweep is still running).
  await request.post('/api/feedback', {
    data: { type: 'suggestion', content: '希望增加夜间模式，晚上查看保单更舒服。' },
  })
  data = {
    pendingOrderId: pending.id,
    paymentId,
    orderId,
    policyId,
    partnerPolicyId: partner.id,
    shareToken: share.token,
    memberId: member.id,
    exchangeId: (
      (await (await request.post('/api/gifts/g-health-check/exchange')).json()) as {
        id: string
      }
    ).id,
  }
})

test.afterAll(async () => {
  await loggedIn?.close()
  await loggedOut?.close()
})

for (const path of new Set(screenRoutes.map((route) => route.path))) {
  test(`screen ${path}`, async () => {
    const tab = LOGGED_OUT_SCREENS.has(path) ? tabs.loggedOut : tabs.loggedIn
    const problems: string[] = []
    for (const [i, url] of samples(path).entries()) {
      await visit(tab, url, 'screen')
      if (i === 0)
        tab.problems.push(
          ...(await accessibilityViolations(tab.page)),
          ...(await smallText(tab.page)),
          ...(await smallTargets(tab.page)),
        )
      problems.push(...tab.problems.map((p) => `${url}  ${p}`))
    }
    expect(problems).toEqual([])
  })
}

test('the sweep finds the seed config pages', () => {
  expect(configPaths().length).toBeGreaterThanOrEqual(32)
})

for (const path of configPaths()) {
  test(`config page ${path}`, async () => {
    const tab = tabs.loggedIn
    const { page } = tab
    const problems: string[] = []
    // The page as served now (its prerendered phase), then each other phase previewed on the page as it is, the
    // way staff switch phases (a preview loaded afresh renders the same tree: pages.spec.ts opens some).
    await visit(tab, path, 'config')
    tab.problems.push(
      ...(await accessibilityViolations(page)),
      ...(await smallText(page)),
      ...(await smallTargets(page)),
    )
    const now = await page.locator('.config-page').getAttribute('data-phase')
    problems.push(...(await configPageProblems(tab, path, now ?? '')))
    for (const phase of ['preheat', 'live', 'ended'].filter((p) => p !== now)) {
      const url = `${path}?phase=${phase}`
      await switchTo(tab, url)
      problems.push(...(await configPageProblems(tab, url, phase)))
    }
    expect(problems).toEqual([])
  })
}

/** A config page's own checks on top of the visit's: the phase shown, its blocks, its demo strip, a narrower phone. */
async function configPageProblems(tab: Tab, url: string, phase: string): Promise<string[]> {
  const { page } = tab
  await expect(page.locator(`.config-page[data-phase="${phase}"]`)).toBeVisible()
  await expect(page.locator('.config-page > .cp-block').first()).toBeVisible()
  // The demo strip comes in the page's HTML (src/page-config/appMode.ts).
  await expect(page.getByTestId('demo-badge')).toBeVisible()
  tab.problems.push(...(await faultsAt(page, NARROW)))
  return tab.problems.map((p) => `${url}  ${p}`)
}

// The purchase steps show what they hold only inside the journey: walk it and look at every step.
test('every step of the purchase journey', async () => {
  test.setTimeout(300_000)
  const page = await loggedIn.newPage()
  const steps: [string, () => Promise<void>][] = [
    [
      'product',
      async () => {
        await page.goto('/product?id=p-medical-million')
        await page.getByRole('button', { name: '立即投保' }).click()
      },
    ],
    [
      'specialNotify',
      async () => {
        await expect(page.locator('.flow-documents .adm-list-item').first()).toBeVisible()
        await agreeToNotices(page)
      },
    ],
    [
      'infoFill',
      async () => {
        await fillPolicyholder(page)
        await page.getByRole('button', { name: '下一步：健康告知' }).click()
      },
    ],
    [
      'healthNotification',
      async () => {
        await answerHealthNo(page)
        await expect(page).toHaveURL(/\/pay\?orderId=/)
      },
    ],
  ]
  const problems: string[] = []
  for (const [name, act] of steps) {
    await act()
    await page.waitForLoadState('networkidle')
    await expect(page.locator('.adm-skeleton, .adm-dot-loading')).toHaveCount(0)
    for (const p of await faultsScrolled(page))
      problems.push(`${name} → ${new URL(page.url()).pathname}  ${p}`)
  }
  expect(problems).toEqual([])
  await page.close()
})
