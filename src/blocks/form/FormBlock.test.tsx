import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checksumChar } from '../../domain/certificate'
import type { FormState } from '../../types/generated/api/campaign'
import type { DeclaredCampaign } from '../runtime'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'
import { reply, stubApi } from '../../../tests/src/harness'
import { pickDate } from '../../../tests/src/pickDate'
import { pickOption } from '../../../tests/src/pickOption'

// The form block against the API stub: a gift claim shows the product, its insurer and terms before asking for
// anything, checks each field with the shared rules before sending, proves the phone with this form's SMS code,
// sends once with an Idempotency-Key and then shows the policy number; a server refusal lands under its field.

const first17 = '11010119900307123'
const ID = first17 + checksumChar(first17)

const giftState = (id: string, extra: Partial<FormState> = {}): FormState => ({
  id,
  kind: 'gift-claim',
  title: '出行意外赠险',
  status: 'live',
  startAt: '2026-11-20T00:00:00.000+08:00',
  endAt: '2027-03-31T23:59:59.000+08:00',
  rules: '1. 每人限领一份。\n2. 领取与是否购买保险无关。',
  fields: [
    { key: 'name', kind: 'name', label: '姓名' },
    { key: 'cert', kind: 'certificate', label: '证件', certTypes: ['ID_CARD'] },
    { key: 'mobile', kind: 'phone', label: '手机号' },
    { key: 'agree', kind: 'agreement', label: '我已阅读并同意保险条款与投保须知' },
  ],
  gift: {
    productId: 'p-gift-accident',
    productName: '蓝鲸湾出行意外保障（赠险版）',
    insurerName: '蓝鲸湾财产保险股份有限公司（虚构）',
    planName: '赠送版',
    coverages: [{ name: '公共交通意外身故/伤残', amountFen: 10_000_000, description: '' }],
    ageText: '18至60周岁',
    coveragePeriod: '30天',
    waitingPeriodDays: 0,
    clauses: [{ id: 'main', title: '蓝鲸湾出行意外保障（赠险版）条款' }],
    left: 88,
  },
  chances: { left: 1, leftTotal: 1 },
  entries: [],
  ...extra,
})

afterEach(() => vi.unstubAllGlobals())

async function fillGift(user: ReturnType<typeof userEvent.setup>, cert = ID) {
  await user.type(screen.getByLabelText('姓名'), '张三')
  await user.type(screen.getByPlaceholderText('请输入证件号码'), cert)
  await user.type(screen.getByLabelText('手机号'), '13800138000')
  await user.click(screen.getByRole('checkbox'))
}

describe('form block', () => {
  it('while the campaign loads, shows the form the page declares, disabled: its fields, code and rules', async () => {
    // Never answers (a campaign of its own: SWR would share the pending request with the other tests).
    stubApi({ 'GET /api/campaigns/gift-loading/form': () => new Promise<FormState>(() => {}) })
    const declared = giftState('gift-loading')
    const campaign = (id: string): DeclaredCampaign | undefined =>
      id === 'gift-loading'
        ? {
            kind: 'gift-claim',
            title: declared.title,
            fields: [
              { key: 'name', kind: 'name', label: '姓名' },
              { key: 'mobile', kind: 'phone', label: '手机号' },
            ],
            rules: declared.rules ?? undefined,
          }
        : undefined
    renderBlocks([{ type: 'form', campaign: 'gift-loading' }], { runtime: { campaign } })
    const form = await screen.findByRole('status', { name: '加载中' })
    expect(within(form).getByLabelText('姓名')).toBeDisabled()
    expect(within(form).getByLabelText('手机号')).toBeDisabled()
    expect(within(form).getByLabelText('短信验证码')).toBeDisabled()
    expect(within(form).getByRole('button', { name: '加载中' })).toBeDisabled()
    expect(screen.getByText('活动规则')).toBeInTheDocument()
    expect(screen.getByText('1. 每人限领一份。')).toBeInTheDocument()
  })

  it('claims a gift policy: product and insurer first, fields checked, phone proven, policy number shown', async () => {
    let claimed = false
    const api = stubApi({
      'GET /api/campaigns/gift-a/form': () =>
        claimed
          ? giftState('gift-a', {
              chances: { left: 0, leftTotal: 0 },
              entries: [
                {
                  id: 'e1',
                  seq: 1,
                  at: '2026-12-01T10:00:00.000+08:00',
                  policyId: 'p1',
                  policyNo: 'GH2026120100000001',
                },
              ],
            })
          : giftState('gift-a'),
      'POST /api/campaigns/gift-a/sms-code': { resendAfterSeconds: 60, expiresInSeconds: 300 },
      'POST /api/campaigns/gift-a/claims': () => {
        claimed = true
        return {
          entry: {
            id: 'e1',
            seq: 1,
            at: '2026-12-01T10:00:00.000+08:00',
            policyId: 'p1',
            policyNo: 'GH2026120100000001',
          },
          coupon: null,
          chances: { left: 0, leftTotal: 0 },
        }
      },
    })
    const navigate = vi.fn()
    renderBlocks([{ type: 'form', campaign: 'gift-a', title: '填写领取信息' }], { runtime: { navigate } })
    const gift = await screen.findByTestId('form-gift')
    expect(gift).toHaveTextContent('承保公司：蓝鲸湾财产保险股份有限公司（虚构）')
    expect(gift).toHaveTextContent('公共交通意外身故/伤残10万')
    expect(gift).toHaveTextContent('承保年龄：18至60周岁')
    expect(screen.getByText('2. 领取与是否购买保险无关。')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(within(gift).getByRole('button', { name: /条款/ }))
    expect(navigate).toHaveBeenCalledWith('/productInfo?id=p-gift-accident')

    // Nothing filled in: every field says what it needs, and nothing is sent (the rules load on first use).
    await user.click(screen.getByRole('button', { name: '确认领取' }))
    expect(await screen.findByText('请填写姓名')).toBeInTheDocument()
    expect(screen.getByText('请输入证件号码')).toBeInTheDocument()
    expect(screen.getByText('请勾选阅读并同意保险条款与投保须知')).toBeInTheDocument()
    expect(screen.getByText('请输入6位短信验证码')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/campaigns/gift-a/claims')).toHaveLength(0)

    await fillGift(user, `${ID.slice(0, 17)}0`)
    await user.click(screen.getByRole('button', { name: '获取验证码' }))
    expect(api.callsTo('POST', '/api/campaigns/gift-a/sms-code')[0].body).toEqual({ phone: '13800138000' })
    expect(await screen.findByRole('button', { name: /秒后重发/ })).toBeDisabled()
    await user.type(screen.getByLabelText('短信验证码'), '123456')
    await user.click(screen.getByRole('button', { name: '确认领取' }))
    // The wrong checksum is caught here, as the server would.
    expect(await screen.findByText('身份证号校验位不正确，请核对')).toBeInTheDocument()
    const certInput = screen.getByPlaceholderText('请输入证件号码')
    await user.clear(certInput)
    await user.type(certInput, ID)
    await user.click(screen.getByRole('button', { name: '确认领取' }))

    const done = await screen.findByTestId('form-done')
    expect(done).toHaveTextContent('已领取')
    expect(done).toHaveTextContent('保单号：GH2026120100000001')
    const [sent] = api.callsTo('POST', '/api/campaigns/gift-a/claims')
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
    expect(sent.body).toEqual({
      fields: { name: '张三', cert: { type: 'ID_CARD', number: ID }, mobile: '13800138000', agree: true },
      smsCode: '123456',
    })
    await user.click(within(done).getByRole('button', { name: '查看我的保单' }))
    expect(navigate).toHaveBeenCalledWith('/policy')
  })

  it('shows the server’s refusal under the field it names', async () => {
    stubApi({
      'GET /api/campaigns/gift-b/form': giftState('gift-b'),
      'POST /api/campaigns/gift-b/claims': reply(409, {
        error: {
          code: 'ALREADY_CLAIMED',
          message: '该证件已领取过本活动的赠险，每人限领一份',
          details: [{ field: 'fields.cert', message: '该证件已领取过' }],
        },
      }),
    })
    renderBlocks([{ type: 'form', campaign: 'gift-b' }])
    const user = userEvent.setup()
    await screen.findByTestId('form-gift')
    await fillGift(user)
    await user.type(screen.getByLabelText('短信验证码'), '654321')
    await user.click(screen.getByRole('button', { name: '确认领取' }))
    expect(await screen.findByText('该证件已领取过')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '确认领取' })).toBeEnabled()
  })

  it('asks a visitor to log in, and shows a claim already made with its policy', async () => {
    stubApi({
      'GET /api/campaigns/gift-c/form': giftState('gift-c', { chances: null }),
      'GET /api/campaigns/gift-d/form': giftState('gift-d', {
        chances: { left: 0, leftTotal: 0 },
        entries: [
          {
            id: 'e9',
            seq: 1,
            at: '2026-12-01T10:00:00.000+08:00',
            policyId: 'p9',
            policyNo: 'GH2026120100000009',
          },
        ],
      }),
    })
    const run = vi.fn(async () => {})
    renderBlocks(
      [
        { type: 'form', campaign: 'gift-c' },
        { type: 'form', campaign: 'gift-d' },
      ],
      { runtime: { run } },
    )
    await userEvent.setup().click(await screen.findByRole('button', { name: '登录后领取' }))
    expect(run).toHaveBeenCalledWith({ type: 'login' })
    expect(await screen.findByTestId('form-done')).toHaveTextContent('保单号：GH2026120100000009')
  })

  it('sends a plain form as an entry, with dates and choices as given', async () => {
    const api = stubApi({
      'GET /api/campaigns/visit-form/form': {
        ...giftState('visit-form'),
        kind: 'form',
        gift: null,
        rules: null,
        fields: [
          { key: 'visit', kind: 'date', label: '到店日期' },
          { key: 'size', kind: 'select', label: '礼品尺码', options: ['S', 'M', 'L'] },
          { key: 'region', kind: 'region', label: '所在地区', optional: true },
          { key: 'agree', kind: 'agreement', label: '我已阅读并同意活动规则' },
        ],
      },
      'POST /api/campaigns/visit-form/entries': {
        entry: { id: 'e2', seq: 1, at: '2026-12-01T10:00:00.000+08:00', policyId: null, policyNo: null },
        repeated: false,
        chances: { left: 0, leftTotal: 0 },
      },
    })
    renderBlocks([{ type: 'form', campaign: 'visit-form', submitText: '提交登记' }])
    const user = userEvent.setup()
    // One form style: antd-mobile's wheels and check, never the browser's select, date input or check box.
    await screen.findByLabelText('到店日期')
    expect(document.querySelector('select, input[type="date"]')).toBeNull()
    expect(document.querySelector('.blk-form-agree .adm-checkbox')).not.toBeNull()
    await pickDate('到店日期', '2026-12-20')
    await pickOption(screen.getByLabelText('礼品尺码'), 'M')
    await user.click(screen.getByRole('checkbox', { name: '我已阅读并同意活动规则' }))
    await user.click(screen.getByRole('button', { name: '提交登记' }))
    expect(await screen.findByTestId('form-done')).toHaveTextContent('已提交')
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/campaigns/visit-form/entries')[0]?.body).toEqual({
        fields: { visit: '2026-12-20', size: 'M', agree: true },
      }),
    )
  })

  it('chooses the certificate type on a wheel, not a native select, and sends the type chosen', async () => {
    const api = stubApi({
      'GET /api/campaigns/gift-e/form': giftState('gift-e', {
        fields: [
          { key: 'name', kind: 'name', label: '姓名' },
          { key: 'cert', kind: 'certificate', label: '证件' },
          { key: 'agree', kind: 'agreement', label: '我已阅读并同意保险条款与投保须知' },
        ],
      }),
      'POST /api/campaigns/gift-e/claims': reply(409, {
        error: { code: 'ALREADY_CLAIMED', message: '该证件已领取过本活动的赠险，每人限领一份' },
      }),
    })
    renderBlocks([{ type: 'form', campaign: 'gift-e' }])
    const user = userEvent.setup()
    const type = await screen.findByRole('button', { name: '证件类型：居民身份证' })
    expect(document.querySelector('select')).toBeNull()
    await pickOption(type, '护照')
    expect(screen.getByRole('button', { name: '证件类型：护照' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('姓名'), '张三')
    await user.type(screen.getByPlaceholderText('请输入证件号码'), 'E12345678')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: '确认领取' }))
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/campaigns/gift-e/claims')[0]?.body).toEqual({
        fields: { name: '张三', cert: { type: 'PASSPORT', number: 'E12345678' }, agree: true },
      }),
    )
  })
})
