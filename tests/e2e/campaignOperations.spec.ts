import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import type { CampaignState, Coupon, PrizeList } from '../../src/types/generated/api/campaign'
import type { Redeemed } from '../../src/types/generated/api/campaignOps'
import { signatureOf } from '../../server/modules/partners/huating/signing'
import { DEMO_COUPON_PARTNER } from '../../server/modules/campaigns/gifts/redeem'
import { logInAsPublisher, publishPage, shanghaiIso, type StudioClient } from '../../scripts/studioPublish'
import { logInByApi, uniquePhone } from './support/session'
import { studioSignedIn } from './support/staff'
import { expect, test } from './support/test'

// Campaign operations against the real server (its own studio page and campaigns, so no other spec's state is
// touched): a guess result entered in the studio (活动运营) rewards the right pick and a second entry changes
// nothing; a physical prize goes 待发货 → 已发货 → 已签收 with a message at each step; a partner redeems a coupon
// with a signed request, the holder sees 已使用 with where and when, and a replay changes nothing.

const HOUR = 3_600_000
const suffix = Date.now().toString(36)
const GUESS = `ops-guess-${suffix}`
const GIFT = `ops-gift-${suffix}`
const COUPON = `ops-coupon-${suffix}`
const SHOTS = process.env.OPS_SHOTS

let studio: APIRequestContext
let publisher: StudioClient
let lockAt = 0

async function serverNow(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/time')).json()) as { epochMs: number }).epochMs
}

test.beforeAll(async ({ playwright, baseURL }) => {
  studio = await playwright.request.newContext({ baseURL })
  publisher = await logInAsPublisher(studio)
  const now = await serverNow(studio)
  // The guess locks 20 s after publishing (on the server's clock): picks first, then the result.
  lockAt = Math.ceil((now + 20_000) / 1000) * 1000
  const window = { startAt: shanghaiIso(now - HOUR), endAt: shanghaiIso(now + 30 * 24 * HOUR) }
  const lottery = (title: string, prize: Record<string, unknown>) => ({
    kind: 'lottery',
    title,
    window,
    limits: { perUserTotal: 1 },
    prizes: [prize],
    rules: '1. 每人 1 次。\n2. 参与本活动无需投保。',
  })
  await publishPage(publisher, `e2e-ops-${suffix}`, {
    schemaVersion: 3,
    title: '活动运营测试',
    schedule: { ...window, fallback: '/' },
    campaigns: {
      [GUESS]: {
        kind: 'guess',
        title: '运营测试竞猜',
        window,
        items: [
          {
            id: 'final',
            title: '决赛',
            lockAt: shanghaiIso(lockAt),
            options: [
              { id: 'home', label: '主胜' },
              { id: 'away', label: '客胜' },
            ],
          },
        ],
        correctReward: { kind: 'points', amount: 20 },
      },
      [GIFT]: lottery('马克杯幸运礼', {
        id: 'mug',
        name: '定制马克杯',
        weight: 1,
        stock: 5,
        reward: { kind: 'physical', description: '定制马克杯一只' },
      }),
      [COUPON]: lottery('停车券幸运礼', {
        id: 'parking',
        name: '停车券',
        weight: 1,
        stock: 5,
        reward: { kind: 'coupon', benefit: '免费停车2小时', validDays: 30 },
      }),
    },
    blocks: [
      { type: 'title', text: '活动运营测试' },
      { type: 'guess', campaign: GUESS },
      { type: 'lottery', campaign: GIFT },
      { type: 'lottery', campaign: COUPON },
    ],
  })
})
test.afterAll(async () => studio.dispose())

async function newUser(page: Page, prefix: string): Promise<void> {
  await logInByApi(page.request, uniquePhone(prefix))
}

/** The message center lists a message with this title (once). */
async function hasMessage(page: Page, title: string): Promise<void> {
  await page.goto('/messageCenter')
  await expect(page.getByTestId('message-row').filter({ hasText: title })).toHaveCount(1)
}

test('a guess result entered in the studio rewards the right pick, once', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await newUser(page, '1381')
  const loser = await browser.newContext()
  await logInByApi(loser.request, uniquePhone('1382'))
  for (const [request, optionId] of [
    [page.request, 'home'],
    [loser.request, 'away'],
  ] as const) {
    const picked = await request.post(`/api/campaigns/${GUESS}/entries`, {
      data: { picks: [{ itemId: 'final', optionId }] },
    })
    expect(picked.status(), await picked.text()).toBe(200)
  }
  // The match is played: the item locks on the server's clock.
  await expect.poll(async () => (await serverNow(page.request)) > lockAt, { timeout: 40_000 }).toBe(true)

  const [staffContext, staffPage] = await studioSignedIn(browser, 'publisher')
  await staffPage.goto(`/studio/campaign-ops?campaign=${GUESS}`)
  await staffPage.getByRole('button', { name: '主胜（1 人）' }).click()
  await expect(staffPage.getByTestId('guess-confirm')).toContainText('将奖励 1 个猜中的选择（每人 20 积分）')
  if (SHOTS) await staffPage.screenshot({ path: `${SHOTS}/studio-guess-confirm.png` })
  await staffPage.getByRole('button', { name: '确认录入' }).click()
  await expect(staffPage.getByText('已录入，1 人猜中，奖励已发放')).toBeVisible()
  await expect(staffPage.getByText('主胜 · 1 人 · 结果')).toBeVisible()
  // A second tab enters it again: nothing more is given.
  const again = await staffPage.request.post(`/api/studio/campaigns/${GUESS}/guess/results`, {
    data: { itemId: 'final', optionId: 'home' },
    headers: {
      'x-studio-csrf': (await staffContext.cookies()).find((c) => c.name === 'studio_csrf')?.value ?? '',
    },
  })
  expect(await again.json()).toEqual({ itemId: 'final', optionId: 'home', rewarded: 0, alreadyEntered: true })

  const mine = (await (await page.request.get(`/api/campaigns/${GUESS}`)).json()) as CampaignState
  expect(mine.guess?.rewards.map((r) => r.reward)).toEqual(['20 积分'])
  const theirs = (await (await loser.request.get(`/api/campaigns/${GUESS}`)).json()) as CampaignState
  expect(theirs.guess?.rewards).toEqual([])
  await hasMessage(page, '猜中奖励到账')
  await staffContext.close()
  await loser.close()
})

test('a physical prize is shipped and signed for, with a message at each step', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await newUser(page, '1383')
  const drawn = await page.request.post(`/api/campaigns/${GIFT}/draws`)
  expect(drawn.status(), await drawn.text()).toBe(200)
  const prize = ((await (await page.request.get('/api/prizes')).json()) as PrizeList).items.find(
    (p) => p.campaignId === GIFT,
  )
  if (!prize) throw new Error('no prize drawn')
  const address = {
    name: '王小明',
    phone: '13800138000',
    region: '上海市浦东新区',
    detail: '世纪大道100号3楼',
  }
  expect((await page.request.put(`/api/prizes/${prize.id}/address`, { data: address })).status()).toBe(200)

  const [staffContext, staffPage] = await studioSignedIn(browser, 'publisher')
  await staffPage.goto(`/studio/campaign-ops?campaign=${GIFT}`)
  const row = staffPage.getByRole('row').filter({ hasText: '定制马克杯' })
  await expect(row).toContainText('待发货')
  await expect(row).not.toContainText('13800138000')
  await row.getByRole('button', { name: '发货' }).click()
  const dialog = staffPage.getByRole('dialog')
  await dialog.getByRole('combobox').click()
  await staffPage.getByTitle('顺丰速运').click()
  await dialog.getByPlaceholder('例如 SF1234567890').fill('SF1234567890')
  await dialog.getByRole('button', { name: '确认发货' }).click()
  await expect(staffPage.getByText('已发货，已通知中奖用户')).toBeVisible()
  await expect(row).toContainText('顺丰速运 SF1234567890')
  if (SHOTS) await staffPage.screenshot({ path: `${SHOTS}/studio-winners.png` })

  await page.goto('/prizes')
  await expect(page.getByTestId('prize-status')).toHaveText('已发货')
  await expect(page.getByTestId('prize-shipping')).toContainText('顺丰速运 运单号 SF1234567890')
  // The message's 查看详情 opens 我的奖品.
  await hasMessage(page, '奖品已发货')
  await page.getByTestId('message-row').filter({ hasText: '奖品已发货' }).click()
  await expect(page.getByTestId('message-detail')).toContainText('顺丰速运 运单号 SF1234567890')
  await page.getByRole('button', { name: '查看详情' }).click()
  await expect(page).toHaveURL(/\/prizes$/)

  await row.getByRole('button', { name: '确认签收' }).click()
  await staffPage.getByRole('button', { name: '确认签收' }).last().click()
  await expect(staffPage.getByText('已标记为已签收，已通知中奖用户')).toBeVisible()
  await page.goto('/prizes')
  await expect(page.getByTestId('prize-status')).toHaveText('已签收')
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/consumer-prizes.png`, fullPage: true })
  await hasMessage(page, '奖品已签收')
  await staffContext.close()
})

test('a partner redeems a coupon; a replayed request changes nothing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await newUser(page, '1384')
  expect((await page.request.post(`/api/campaigns/${COUPON}/draws`)).status()).toBe(200)
  const coupons = (await (await page.request.get('/api/coupons')).json()) as { items: Coupon[] }
  const coupon = coupons.items.find((c) => c.campaignId === COUPON)
  if (!coupon) throw new Error('no coupon drawn')

  const path = '/api/partner/coupons/redeem'
  const body = JSON.stringify({ code: coupon.code, store: '人民广场店' })
  const requestId = randomUUID()
  const send = async (id: string, data: string) => {
    const timestamp = String(Math.floor((await serverNow(page.request)) / 1000))
    return page.request.post(path, {
      data,
      headers: {
        'content-type': 'application/json',
        'x-partner-id': DEMO_COUPON_PARTNER.id,
        'x-timestamp': timestamp,
        'x-request-id': id,
        'x-signature': signatureOf(DEMO_COUPON_PARTNER.secret, {
          method: 'POST',
          path,
          timestamp,
          nonce: id,
          body: data,
        }),
      },
    })
  }
  const first = await send(requestId, body)
  expect(first.status(), await first.text()).toBe(200)
  const answer = (await first.json()) as Redeemed
  expect(answer).toMatchObject({ code: coupon.code, store: '人民广场店' })
  const replay = await send(requestId, body)
  expect([replay.status(), await replay.json()]).toEqual([200, answer])
  const another = await send(randomUUID(), body)
  expect(another.status()).toBe(409)

  await page.goto('/coupons?status=used')
  const card = page.getByTestId('coupon-card').filter({ hasText: '停车券' })
  await expect(card).toContainText('已使用')
  await expect(card).toContainText('使用地点 演示合作门店（人民广场店）')
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/consumer-coupons.png`, fullPage: true })
  await hasMessage(page, '券已使用')
})
