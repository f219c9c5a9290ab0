import { logInByApi } from './support/session'
import { studioApi } from './support/staff'
import { expect, syncServerClock, test } from './support/test'
import { beijingMinute, fileInput, looksLikeJson, person, phone, png, tree } from './launchSteps'

// Issue 30's "done when": a new operations person (the demo publisher) builds the 双十二 page in the studio with
// the mouse and the forms only — no JSON, no API call to build it — writes its rules, previews its lottery in the
// editor and on a phone through the signed preview link, schedules it (定时发布), and once the schedule is due a
// consumer sees it live and draws once: that draw counts (a prize's stock goes down), the sandbox draws did not.
// The script counts what the person does and prints it with the time taken; LAUNCH_SHOTS=<dir> saves a
// screenshot after each step. It moves the server's clock (the schedule falls due): @server-wide.

test.use({
  viewport: { width: 1440, height: 900 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
  // A step that cannot be done fails in seconds, not at the end of the whole run's time.
  actionTimeout: 20_000,
})

const run = Date.now().toString(36)
const pageId = `double12-${run}`
const HOUR = 3_600_000
/** The consumer who draws (helper 6's phones: 139760000xx), one per repeat (the SMS throttle is per phone). */
const consumerPhone = (repeat: number) => `139760000${String(1 + repeat).padStart(2, '0')}`
/** The example lottery's limits (每人每天 1 次, 活动期间共 3 次), as the rules say them. */
const DRAWS = '每位用户每天可抽 1 次，活动期间共 3 次'
const PAGE_RULES = [
  '## 活动规则',
  '1. 活动时间：2026年11月25日至12月12日',
  `2. 登录即可抽奖，${DRAWS}`,
  '3. 实物奖品 7 个工作日内寄出',
].join('\n')
const LOTTERY_RULES = [`${DRAWS}。`, '奖品数量有限，抽完即止。'].join('\n')

interface CampaignState {
  prizes: { name: string; left: number | null }[]
  chances: { left: number; leftTotal: number } | null
}

test('a new operations person builds, previews, schedules and publishes the 双十二 page without typing JSON @server-wide', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000)
  const started = Date.now()
  const { click, type, pickTime, upload, dragIn, shot, summary, typedTexts } = person(page)

  await page.goto('/studio/')
  await type(page.getByLabel('用户名'), 'publisher')
  await type(page.getByLabel('密码'), 'publisher-2026')
  await click(page.getByRole('button', { name: '登录' }))

  // 新建页面: a blank page.
  await click(page.getByRole('button', { name: '新建页面' }))
  await type(page.getByLabel('页面 ID'), pageId)
  await type(page.getByLabel('页面标题'), '双十二保障节')
  await click(page.getByRole('button', { name: '创建' }))
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  await shot('01-new-page')

  // 页面设置: the schedule, with the pickers.
  await click(page.getByRole('tab', { name: '页面设置' }))
  await pickTime(page.getByLabel(/^开始时间/), '2026-11-25 00:00:00')
  await pickTime(page.getByLabel(/^结束时间/), '2026-12-12 23:59:59')
  await shot('02-page-settings')

  // 头图 with an uploaded image.
  await dragIn('hero', '头图')
  await upload(fileInput(page), `double12-hero-${run}.png`, await png(750, 400, '#c8102e'))
  await expect(page.getByRole('textbox', { name: /图片/ }).first()).toHaveValue(/^\/api\/pages\/media\//)
  // Its words are the page's, not the catalogue's example (春节保障节).
  await type(page.getByRole('textbox', { name: /^叠加在图上的标题/ }), '双十二保障节')
  await type(page.getByRole('textbox', { name: /^叠加在图上的副标题/ }), '12.12 抽好礼 · 保障到家')
  await type(page.getByRole('textbox', { name: /^图片的文字说明/ }), '双十二保障节头图')
  await expect(phone(page).getByText('12.12 抽好礼 · 保障到家')).toBeVisible()
  await shot('03-hero')

  // 倒计时 to the end of the page's schedule.
  await dragIn('countdown', '倒计时')
  await shot('04-countdown')

  // 产品列表: dropped, it declares its data source (the catalogue's products) and shows them at once.
  await dragIn('product-list', '产品列表')
  await expect(phone(page).getByText('保障推荐')).toBeVisible()
  await expect(phone(page).locator('.blk-products-card > *').first()).toBeVisible()
  await shot('05-product-list')
  await click(page.getByRole('tab', { name: '页面设置' }))
  await type(page.getByRole('textbox', { name: /下线后跳转/ }), '/')

  // 活动 → 新建活动 → 抽奖 with three prizes, each paying something, and its rules.
  await click(page.getByRole('tab', { name: /^活动/ }))
  await click(page.getByRole('button', { name: '新建活动' }))
  await click(page.getByRole('menuitem', { name: '抽奖' }))
  await type(page.locator('[data-campaign-pointer$="/title"] input'), '双十二幸运抽奖')
  const prizes: [string, string][] = [
    ['保温杯', '200'],
    ['体检卡', '50'],
    ['10 积分', '100000'],
  ]
  for (const [i, [name, stock]] of prizes.entries()) {
    await type(page.getByLabel(`第 ${i + 1} 个奖品的名称`), name)
    await type(page.getByLabel(`第 ${i + 1} 个奖品的库存`), stock)
  }
  // Each reward says what its prize is: the example rows, renamed, are refused until they do.
  await expect(page.getByText('奖品名称是「保温杯」，但奖励为「10 积分」').first()).toBeVisible()
  await click(page.getByLabel('奖励类型').first())
  await click(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^实物$/ }),
  )
  await type(page.getByLabel('礼品说明'), '双十二定制保温杯一个')
  await type(page.getByLabel('券的权益'), '体检卡')
  // The example's 谢谢参与 row, renamed 「10 积分」, is warned at its reward: one click makes it pay 10 points.
  await click(page.getByRole('button', { name: '奖励改为 10 积分' }))
  await expect(page.getByLabel('积分数').last()).toHaveValue('10')
  await expect(page.getByTestId('prize-reward-mismatch')).toHaveCount(0)
  await upload(
    page.locator('.campaign-prize-image').first().locator('input[type="file"]'),
    `double12-cup-${run}.png`,
    await png(300, 300, '#f5a623'),
  )
  await type(page.locator('[data-campaign-pointer$="/rules"] textarea'), LOTTERY_RULES)
  await shot('06-campaign')

  // 抽奖 block bound to it.
  await dragIn('lottery', '抽奖')
  await click(page.getByLabel(/抽奖活动编号/))
  await click(page.locator('.ant-select-item-option').filter({ hasText: '双十二幸运抽奖' }))
  await expect(phone(page).getByText('奖品数量有限，抽完即止。')).toBeVisible()
  await shot('07-lottery')

  // 图文说明: the page's rules, in Markdown, shown on the phone as the person types.
  await dragIn('markdown', '图文说明')
  await type(page.getByRole('textbox', { name: /^内容/ }), PAGE_RULES)
  // Drawn as Markdown (a list) once the studio has compiled it, not the text as typed.
  await expect(
    phone(page)
      .getByRole('listitem')
      .filter({ hasText: `登录即可抽奖，${DRAWS}` }),
  ).toBeVisible()
  await shot('08-rules')

  // 分享海报 with an uploaded background.
  await dragIn('poster', '分享海报')
  await upload(fileInput(page), `double12-poster-${run}.png`, await png(750, 1200, '#1e3a8a'))
  await expect(page.getByRole('textbox', { name: /背景图/ })).toHaveValue(/^\/api\/pages\/media\//)
  await type(page.getByRole('textbox', { name: /^海报上的标题/ }), '双十二 一起抽好礼')
  await type(page.getByRole('textbox', { name: /^二维码打开的站内页面/ }), '')
  await shot('09-poster')
  await click(page.getByRole('tab', { name: /^错误/ }))
  await shot('09-errors')

  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
  await click(page.getByRole('button', { name: '保存', exact: true }))
  await expect(page.getByTestId('save-state')).toContainText('已保存')

  // The lottery in the editor's preview, 试用交互 on: a sandbox draw.
  await click(page.getByLabel('试用交互'))
  await click(phone(page).getByRole('button', { name: '抽奖' }))
  await expect(phone(page).getByTestId('lottery-result')).toHaveText(/^(恭喜获得：|谢谢参与)/)
  await shot('10-preview-draw')

  // 预览链接 on a phone: another sandbox draw.
  await click(page.getByRole('button', { name: '预览链接' }))
  await click(page.getByRole('button', { name: '生成链接' }))
  const url = await page.getByLabel('预览链接地址').inputValue()
  await shot('11-preview-link')
  await click(page.getByRole('dialog', { name: '预览链接' }).getByRole('button', { name: '关闭' }).last())
  const mobile = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true })
  try {
    await syncServerClock(mobile, baseURL)
    const qr = await mobile.newPage()
    await qr.goto(url)
    await expect(qr.getByText(`登录即可抽奖，${DRAWS}`)).toBeVisible()
    await click(qr.getByRole('button', { name: '抽奖' }))
    await expect(qr.getByTestId('lottery-result')).toHaveText(/^(恭喜获得：|谢谢参与)/)
    await qr.getByTestId('lottery-result').scrollIntoViewIfNeeded()
    await shot('12-qr-preview', qr)
    await shot('12-qr-preview-full', qr, true)
  } finally {
    await mobile.close()
  }

  // 定时发布, a little ahead: pending until then.
  const now = ((await (await page.request.get('/api/time')).json()) as { epochMs: number }).epochMs
  const dueAt = beijingMinute(now + HOUR / 2)
  await click(page.getByRole('toolbar', { name: '页面操作' }).getByRole('button', { name: '发布' }))
  const publish = page.getByRole('dialog', { name: '发布页面' })
  await click(publish.getByRole('radio', { name: '定时发布' }))
  await pickTime(publish.getByLabel('上线时间'), dueAt)
  await click(publish.getByRole('button', { name: '定时发布' }))
  const pending = page.getByRole('region', { name: '待生效的定时发布' })
  await expect(pending).toContainText('版本 1')
  await expect(pending).toContainText(dueAt)
  await expect(page.getByTestId('page-status')).toHaveText('未开始')
  await shot('13-schedule-pending')

  try {
    // Time passes beyond the schedule; the person looks again (reloads): the page is live.
    expect((await page.request.post('/api/test/clock', { data: { hours: 1 } })).status()).toBe(200)
    await page.reload()
    await expect(page.getByTestId('editor-ready')).toBeVisible()
    await expect(page.getByTestId('page-status')).toContainText('进行中')
    await expect(pending).toHaveCount(0)
    await shot('14-published')
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(`launch: ${summary()} in ${seconds} s`)
    // Nothing typed was JSON, and no form asked for it.
    expect(typedTexts.filter(looksLikeJson)).toEqual([])

    // The campaign the lottery block draws from, as published.
    const detail = (await (await studioApi(page).get(`/api/studio/pages/${pageId}`)).json()) as {
      config: { blocks: { type: string; campaign?: string }[] }
    }
    expect(detail.config.blocks.map((b) => b.type).sort()).toEqual([
      'countdown',
      'hero',
      'lottery',
      'markdown',
      'poster',
      'product-list',
    ])
    const campaignId = detail.config.blocks.find((b) => b.type === 'lottery')!.campaign!

    // A consumer's phone, logged in: the page live with its rules; one draw, which counts.
    const consumer = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
    })
    try {
      await syncServerClock(consumer, baseURL)
      await logInByApi(consumer.request, consumerPhone(test.info().repeatEachIndex))
      const state = async () =>
        (await (await consumer.request.get(`/api/campaigns/${campaignId}`)).json()) as CampaignState
      // The sandbox draws in the editor and on the preview link took nothing from the stock.
      expect((await state()).prizes.map((p) => [p.name, p.left])).toEqual([
        ['保温杯', 200],
        ['体检卡', 50],
        ['10 积分', 100000],
      ])
      const live = await consumer.newPage()
      await live.goto(`/activity/${pageId}`)
      await expect(live.getByText('12.12 抽好礼 · 保障到家')).toBeVisible()
      await expect(live.getByText('春节保障节')).toHaveCount(0)
      await expect(live.getByRole('listitem').filter({ hasText: `登录即可抽奖，${DRAWS}` })).toBeVisible()
      await expect(live.getByText('奖品数量有限，抽完即止。')).toBeVisible()
      await expect(live.getByTestId('lottery-chances')).toHaveText('今日还可抽 1 次（活动期间共剩 3 次）')
      await live.getByRole('button', { name: '抽奖' }).click()
      await expect(live.getByTestId('lottery-result')).toHaveText(/^恭喜获得：/)
      await expect(live.getByTestId('lottery-chances')).toHaveText('今日次数已用完，明天再来')
      await live.getByTestId('lottery-result').scrollIntoViewIfNeeded()
      await shot('15-live-after-draw', live)
      await shot('15-live-after-draw-full', live, true)
      const after = await state()
      const left = after.prizes.reduce((sum, p) => sum + (p.left ?? 0), 0)
      expect(left).toBe(200 + 50 + 100000 - 1)
      expect(after.chances).toMatchObject({ left: 0, leftTotal: 2 })
    } finally {
      await consumer.close()
    }
  } finally {
    await page.request.post('/api/test/clock', { data: { reset: true } })
  }
})

test('a palette block dropped near the bottom edge of the phone lands at the end of the page', async ({
  page,
}) => {
  const id = `${pageId}-edge`
  await page.goto('/studio/')
  await page.getByLabel('用户名').fill('editor')
  await page.getByLabel('密码').fill('editor-2026')
  await page.getByRole('button', { name: '登录' }).click()
  await expect(page.getByRole('button', { name: '新建页面' })).toBeVisible()
  const created = await studioApi(page).post('/api/studio/pages', { data: { id, title: '拖到底部' } })
  expect(created.status()).toBe(201)
  await page.goto(`/studio/pages/${id}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()

  // Where a person lets go to add at the end: just above the phone's bottom edge, near the window's edge.
  const from = page.getByRole('group', { name: '区块面板' }).locator('[data-block-type="divider"]')
  const a = (await from.boundingBox())!
  const b = (await page.locator('iframe[title="页面预览"]').boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 30, { steps: 12 })
  await page.mouse.up()
  await expect(tree(page).getByRole('treeitem')).toHaveCount(1)
  await expect(tree(page).getByRole('treeitem').first()).toHaveAttribute('aria-label', /^分割线 /)
})

test('rules typed into a 图文说明 block are drawn on the phone as Markdown, not as the text typed', async ({
  page,
}) => {
  const id = `${pageId}-rules`
  const { dragIn, type } = person(page)
  await page.goto('/studio/')
  await page.getByLabel('用户名').fill('editor')
  await page.getByLabel('密码').fill('editor-2026')
  await page.getByRole('button', { name: '登录' }).click()
  await expect(page.getByRole('button', { name: '新建页面' })).toBeVisible()
  expect((await studioApi(page).post('/api/studio/pages', { data: { id, title: '规则' } })).status()).toBe(
    201,
  )
  await page.goto(`/studio/pages/${id}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()

  await dragIn('markdown', '图文说明')
  await type(page.getByRole('textbox', { name: /^内容/ }), '## 抽奖规则\n1. 每人 1 次\n2. 抽完即止')
  await expect(phone(page).getByRole('heading', { name: '抽奖规则' })).toBeVisible()
  await expect(phone(page).getByRole('listitem')).toHaveText(['每人 1 次', '抽完即止'])
  await expect(phone(page).getByText('## 抽奖规则')).toHaveCount(0)
})
