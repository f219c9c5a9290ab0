import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { addDays } from '../../src/domain/age'
import type { SlotCalendar } from '../../src/types/generated/api/appointment'
import type { Claim, ClaimablePolicyList } from '../../src/types/generated/api/claim'
import type { Feedback } from '../../src/types/generated/api/feedback'
import type { Media } from '../../src/types/generated/api/media'
import type { MessagePage } from '../../src/types/generated/api/message'
import { DEMO_STAFF } from '../../scripts/studioPublish'
import { issuedPolicy } from './support/orders'
import { logInByApi, uniquePhone } from './support/session'
import type { Browser } from '@playwright/test'
import { expect, test, type APIRequestContext, type Page } from './support/test'

// 服务工单 in the studio (客服): an agent replies to a consumer's feedback and the consumer's 反馈已回复 opens the
// reply; an agent confirms and moves a booking; an agent takes a claim in, asks for a document the consumer
// uploads, records the insurer's decision and the payment, and the consumer sees 已赔付.

const PHOTO = fileURLToPath(new URL('./fixtures/photo.jpg', import.meta.url))

async function ok<T>(response: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const res = await response
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as T
}

/** The agent's studio, signed in through the login screen, then on 服务工单 from the menu. */
async function agentDesk(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await page.goto('/studio/')
  await page.getByLabel('用户名').fill(DEMO_STAFF.agent.username)
  await page.getByLabel('密码').fill(DEMO_STAFF.agent.password)
  await page.getByRole('button', { name: '登录' }).click()
  await page.getByRole('menuitem', { name: '服务工单' }).click()
  await expect(page.getByRole('heading', { name: '服务工单' })).toBeVisible()
  return page
}

/** A consumer on a phone, signed in. */
async function consumer(browser: Browser, prefix: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  const phone = uniquePhone(prefix)
  await logInByApi(page.request, phone)
  return { page, phone }
}

test('an agent answers feedback the consumer then reads, and confirms and moves a booking', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const user = await consumer(browser, '1376')
  const content = `保单详情页的条款打不开（${user.phone.slice(-4)}）`
  const filed = await ok<Feedback>(
    user.page.request.post('/api/feedback', { data: { type: 'bug', content, contactPhone: user.phone } }),
  )
  const desk = await agentDesk(browser)

  // 意见反馈: the row shows the phone masked; the drawer replies.
  const row = desk.getByRole('row').filter({ hasText: content })
  await expect(row).toContainText(`${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`)
  await row.click()
  const drawer = desk.getByRole('dialog', { name: '意见反馈' })
  await expect(drawer).toContainText(content)
  await drawer.getByLabel('回复内容').fill('您好，条款文件已修复，请重新打开查看。')
  await drawer.getByRole('button', { name: '发送回复' }).click()
  await expect(drawer.getByText('您好，条款文件已修复，请重新打开查看。')).toBeVisible()
  await expect(drawer).toContainText('已回复')

  // The consumer: 反馈已回复 in the message center opens the reply.
  await user.page.goto('/')
  const { items } = await ok<MessagePage>(user.page.request.get('/api/messages?category=system'))
  const message = items.find((m) => m.kind === 'feedback_replied')
  expect(message?.target).toEqual({ kind: 'feedback', id: filed.id })
  await user.page.goto(`/messageCenter/messageDetail?id=${message?.id ?? ''}`)
  await expect(user.page.getByText('反馈已回复').first()).toBeVisible()
  await user.page.getByRole('button', { name: '查看详情' }).click()
  await expect(user.page.getByText('您好，条款文件已修复，请重新打开查看。')).toBeVisible()

  // 预约管理: a booking for tomorrow, confirmed, then moved to another slot.
  const calendar = await ok<SlotCalendar>(user.page.request.get('/api/appointments/slots?goodsType=medical'))
  const slot = calendar.days[1].slots.find((s) => s.remaining > 0)
  if (!slot) throw new Error('no free slot tomorrow')
  const needs = `想了解百万医疗的续保（${user.phone.slice(-6)}）`
  await ok(
    user.page.request.post('/api/appointments', {
      data: { goodsType: 'medical', slotStart: slot.start, phone: user.phone, needs },
    }),
  )
  await desk.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await desk.getByRole('tab', { name: '预约管理' }).click()
  const booking = desk.getByRole('row').filter({ hasText: needs })
  await booking.getByRole('button', { name: '确认', exact: true }).click()
  await expect(desk.getByText('已确认，用户将收到“预约已确认”')).toBeVisible()
  await expect(booking).toHaveCount(0)
  await desk.locator('.ant-segmented').getByText('已确认', { exact: true }).click()
  await booking.getByRole('button', { name: '改期' }).click()
  const modal = desk.getByRole('dialog')
  await modal.locator('.ant-radio-button-wrapper').nth(2).click()
  await modal.getByRole('button', { name: '改到此时段' }).click()
  await expect(desk.getByText('已改期，用户将收到“预约已改期”')).toBeVisible()
  const after = await ok<MessagePage>(user.page.request.get('/api/messages?category=system'))
  expect(after.items.slice(0, 2).map((m) => m.title)).toEqual(['预约已改期', '预约已确认'])
})

const upload = (request: APIRequestContext) =>
  ok<Media>(
    request.post('/api/media', {
      multipart: {
        purpose: 'claim',
        file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) },
      },
    }),
  )

test('an agent takes a claim in, asks for a document the consumer sends, and records the decision and payment @server-wide', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const user = await consumer(browser, '1377')
  const request = user.page.request
  const { policyId } = await issuedPolicy(request)
  await ok(request.post('/api/test/clock', { data: { days: 2 } }))
  const policies = await ok<ClaimablePolicyList>(request.get('/api/claims/policies'))
  const policy = policies.items.find((p) => p.policyId === policyId)
  if (!policy) throw new Error('the issued policy is not claimable')
  await ok(request.post('/api/test/clock', { data: { days: policy.waitingDays + 1 } }))
  await logInByApi(request, user.phone)
  const type = policy.types[0]
  const documents = []
  for (const need of type.documents)
    for (let i = 0; i < need.least; i++)
      documents.push({ mediaId: (await upload(request)).id, kind: need.kind })
  const claim = await ok<Claim>(
    request.post('/api/claims', {
      data: {
        policyId,
        type: type.code,
        eventDate: addDays(policy.effectiveDate, policy.waitingDays + 1),
        place: '上海市徐汇区第六人民医院',
        description: '急性肠胃炎，门诊后住院治疗三天，已出院。',
        amountFen: 128_000,
        payee: { name: policy.payees[0].name, bankName: '招商银行', cardNo: '6225880137706868' },
        documents,
      },
    }),
  )

  const desk = await agentDesk(browser)
  await desk.getByRole('tab', { name: '理赔受理' }).click()
  await desk.getByRole('row').filter({ hasText: claim.claimNo }).click()
  const drawer = desk.getByRole('dialog', { name: `理赔 ${claim.claimNo}` })
  await drawer.getByRole('button', { name: '受理' }).click()
  await expect(drawer.getByText('审核中').first()).toBeVisible()

  await drawer.getByRole('button', { name: '要求补充材料' }).click()
  const ask = desk.getByRole('dialog', { name: '要求补充材料' })
  await ask.getByLabel('补充原因').fill('请补充住院费用清单')
  await ask.getByLabel('需补充的材料（各 1 张）').click()
  await desk.locator('.ant-select-item-option[title="其他材料"]').click()
  // The multiple select keeps its list open: a click on the form closes it.
  await ask.getByText('补充原因').click()
  await ask.getByRole('button', { name: '通知用户补充' }).click()
  await expect(drawer.getByText('待补充材料').first()).toBeVisible()

  // The consumer sees the reason and sends the photo.
  await user.page.goto(`/claim/claimDetail?id=${claim.id}`)
  await expect(user.page.getByTestId('claim-status')).toHaveText('待补充材料')
  await expect(user.page.getByText('请补充住院费用清单').first()).toBeVisible()
  const photo = await upload(request)
  await ok(
    request.post(`/api/claims/${claim.id}/documents`, {
      data: { documents: [{ mediaId: photo.id, kind: 'other' }] },
    }),
  )

  // Back at the desk: reopened, the claim is in review again.
  await desk.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  // 已提交 is chosen; the next status is 审核中.
  await desk.getByLabel('理赔状态').focus()
  await desk.keyboard.press('ArrowDown')
  await expect(desk.locator('.ant-select-item-option[title="审核中"]')).toBeVisible()
  await desk.keyboard.press('ArrowDown')
  await desk.keyboard.press('Enter')
  await expect(desk.locator('.ant-select').filter({ has: desk.getByLabel('理赔状态') })).toContainText(
    '审核中',
  )
  await desk.getByRole('row').filter({ hasText: claim.claimNo }).click()
  await drawer.getByRole('button', { name: '记录审核结论' }).click()
  const decide = desk.getByRole('dialog', { name: '记录保险公司审核结论' })
  await decide.getByLabel('结论说明').fill('材料齐全，按申请金额赔付')
  await decide.getByRole('button', { name: '保存结论' }).click()
  await expect(drawer.getByText('审核通过').first()).toBeVisible()
  await drawer.getByRole('button', { name: '记录赔款支付' }).click()
  const pay = desk.getByRole('dialog', { name: '记录赔款支付' })
  await pay.getByLabel('支付流水号').fill('PAY-E2E-0001')
  await pay.getByRole('button', { name: '确认已支付' }).click()
  await expect(drawer.getByText('已赔付').first()).toBeVisible()

  await user.page.reload()
  await expect(user.page.getByTestId('claim-status')).toHaveText('已赔付')
})
