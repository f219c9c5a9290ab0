import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import AddClaimPage from '../../../../src/features/claims/AddClaimPage'
import InitClaimPage from '../../../../src/features/claims/InitClaimPage'
import InsuresPage from '../../../../src/features/claims/InsuresPage'
import { emptyDraft, saveDraft, type ClaimDraft } from '../../../../src/features/claims/draft'
import type { Claim, ClaimablePolicy } from '../../../../src/types/generated/api/claim'
import { renderScreen, reply, stubApi } from '../../harness'
import { pickDate } from '../../pickDate'
import { me } from '../member/fixtures'

// The claim guide against the API stub: the policies I may claim under, the claim types with the documents each
// needs, and the form: its rules said before sending, the draft on this device restored after a reload, the
// claim sent once with an Idempotency-Key, and a field the server refuses named under that field.

const CARD = '6222021234567890128'

const policy = (extra: Partial<ClaimablePolicy> = {}): ClaimablePolicy => ({
  policyId: 'pol1',
  policyNo: 'GH2026112500000001',
  productName: '云禾百万医疗险（2026版）',
  insuredName: '*三',
  role: 'holder',
  effectiveDate: '2026-10-01',
  endDate: '2027-10-01',
  waitingDays: 30,
  types: [
    {
      code: 'medical',
      name: '医疗费用报销',
      documents: [
        { kind: 'id_card', name: '身份证照片', least: 1 },
        { kind: 'invoice', name: '医疗发票', least: 1 },
      ],
    },
    {
      code: 'critical_illness',
      name: '重大疾病',
      documents: [{ kind: 'diagnosis', name: '诊断证明', least: 1 }],
    },
  ],
  payees: [{ role: 'insured', name: '张三' }],
  ...extra,
})

const claimable = (items: ClaimablePolicy[]) => ({ items, today: '2026-11-25' })

const photo = (id: string) => ({ id, url: `/api/media/${id}`, uploadedAt: Date.now() })

/** Everything but the dates filled in, with one photo of each kind the medical type needs. */
const fullDraft = (extra: Partial<ClaimDraft> = {}): ClaimDraft => ({
  ...emptyDraft(),
  eventDate: '2026-11-20',
  place: '上海市第一人民医院',
  description: '因急性肠胃炎住院治疗三天，已出院。',
  amount: '1280.5',
  payeeName: '张三',
  bankName: '中国工商银行',
  cardNo: CARD,
  photos: { id_card: [photo('m1')], invoice: [photo('m2')] },
  ...extra,
})

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('/initClaim', () => {
  it('lists the policies I may claim under, each leading to its insured and claim types', async () => {
    stubApi({ 'GET /api/me': me(), 'GET /api/claims/policies': claimable([policy()]) })
    const user = userEvent.setup()
    renderScreen(InitClaimPage, '/initClaim', undefined, ['/insures'])
    const card = await screen.findByRole('button', { name: /云禾百万医疗险/ })
    expect(card).toHaveTextContent('我是投保人')
    expect(card).toHaveTextContent('保障期间 2026年10月1日 至 2027年9月30日')
    await user.click(card)
    expect(await screen.findByTestId('screen')).toHaveTextContent('/insures')
  })

  it('says when no policy may be claimed under, and offers login to a visitor', async () => {
    stubApi({ 'GET /api/me': me(), 'GET /api/claims/policies': claimable([]) })
    renderScreen(InitClaimPage, '/initClaim')
    expect(await screen.findByText('暂无可申请理赔的保单')).toBeInTheDocument()
    vi.unstubAllGlobals()
    stubApi({ 'GET /api/me': reply(401, { error: { code: 'UNAUTHENTICATED', message: '请先登录' } }) })
    renderScreen(InitClaimPage, '/initClaim')
    expect(await screen.findByText('登录后申请理赔')).toBeInTheDocument()
  })
})

describe('/insures', () => {
  it('shows the insured and each claim type with its documents; 下一步 waits for a type', async () => {
    stubApi({ 'GET /api/me': me(), 'GET /api/claims/policies': claimable([policy()]) })
    const user = userEvent.setup()
    renderScreen(InsuresPage, '/insures?policyId=pol1', undefined, ['/claim/addClaim'])
    expect(await screen.findByText('需准备：身份证照片 1 张、医疗发票 1 张')).toBeInTheDocument()
    expect(screen.getByText(/本保单等待期 30 天/)).toBeInTheDocument()
    const next = screen.getByRole('button', { name: '下一步，填写理赔申请' })
    expect(next).toBeDisabled()
    await user.click(screen.getByText('重大疾病'))
    await user.click(next)
    expect(await screen.findByTestId('screen')).toHaveTextContent('/claim/addClaim')
  })

  it('says so for a policy that is not mine or not claimable', async () => {
    stubApi({ 'GET /api/me': me(), 'GET /api/claims/policies': claimable([policy()]) })
    renderScreen(InsuresPage, '/insures?policyId=someone-elses')
    expect(await screen.findByText('未找到可申请理赔的保单')).toBeInTheDocument()
  })
})

describe('/claim/addClaim', () => {
  const filed = { id: 'c1', claimNo: 'CL2026112500000001' } as Claim

  it('says every problem before sending: the waiting period, the amount, the card, the documents', async () => {
    const api = stubApi({ 'GET /api/me': me(), 'GET /api/claims/policies': claimable([policy()]) })
    const user = userEvent.setup()
    renderScreen(AddClaimPage, '/claim/addClaim?policyId=pol1&type=medical')
    await screen.findByText('出险信息')
    await pickDate('出险日期', '2026-10-15')
    expect(
      screen.getByText('出险日期在等待期内（等待期至 2026-10-30），等待期内发生的保险事故不予理赔'),
    ).toBeInTheDocument()
    await user.type(screen.getByLabelText('申请金额（元）'), '12.345')
    await user.type(screen.getByLabelText('银行卡号'), '6222021234567890127')
    await user.click(screen.getByRole('button', { name: '提交理赔申请' }))
    expect(screen.getByText('请输入申请金额（大于 0，最多两位小数，不超过 1000 万元）')).toBeInTheDocument()
    expect(screen.getByText('请输入正确的银行卡号（16–19 位）')).toBeInTheDocument()
    expect(screen.getByText('请上传：身份证照片 1 张、医疗发票 1 张')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/claims')).toHaveLength(0)
  })

  it('restores the draft of this device and files it once, in fen, with an Idempotency-Key', async () => {
    saveDraft('u1', 'pol1', 'medical', fullDraft())
    const api = stubApi({
      'GET /api/me': me(),
      'GET /api/claims/policies': claimable([policy()]),
      'POST /api/claims': filed,
    })
    const user = userEvent.setup()
    const router = renderScreen(AddClaimPage, '/claim/addClaim?policyId=pol1&type=medical', undefined, [
      '/claim/addClaimSuccess',
    ])
    expect(await screen.findByLabelText('出险地点')).toHaveValue('上海市第一人民医院')
    expect(screen.getByLabelText('银行卡号')).toHaveValue(CARD)
    await user.click(screen.getByRole('button', { name: '提交理赔申请' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/claim/addClaimSuccess'))
    expect(router.state.location.search).toBe('?id=c1')
    const [sent] = api.callsTo('POST', '/api/claims')
    expect(sent.body).toEqual({
      policyId: 'pol1',
      type: 'medical',
      eventDate: '2026-11-20',
      place: '上海市第一人民医院',
      description: '因急性肠胃炎住院治疗三天，已出院。',
      amountFen: 128_050,
      payee: { name: '张三', bankName: '中国工商银行', cardNo: CARD },
      documents: [
        { mediaId: 'm1', kind: 'id_card' },
        { mediaId: 'm2', kind: 'invoice' },
      ],
    })
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
    // Filed: the draft is gone from the device.
    expect(localStorage.getItem('claim:draft:u1:pol1:medical')).toBeNull()
  })

  it('leaves out photos too old to still be on the server', async () => {
    const stale = { ...photo('m0'), uploadedAt: Date.now() - 21 * 3600_000 }
    saveDraft(
      'u1',
      'pol1',
      'medical',
      fullDraft({ photos: { id_card: [photo('m1'), stale], invoice: [photo('m2')] } }),
    )
    const api = stubApi({
      'GET /api/me': me(),
      'GET /api/claims/policies': claimable([policy()]),
      'POST /api/claims': filed,
    })
    const user = userEvent.setup()
    renderScreen(AddClaimPage, '/claim/addClaim?policyId=pol1&type=medical')
    await screen.findByLabelText('出险地点')
    await user.click(screen.getByRole('button', { name: '提交理赔申请' }))
    await waitFor(() => expect(api.callsTo('POST', '/api/claims')).toHaveLength(1))
    const [sent] = api.callsTo('POST', '/api/claims')
    expect((sent.body as { documents: { mediaId: string }[] }).documents.map((d) => d.mediaId)).toEqual([
      'm1',
      'm2',
    ])
  })

  it('names the field the server refuses under that field, and keeps the draft', async () => {
    saveDraft('u1', 'pol1', 'medical', fullDraft())
    const message = '收款人须为被保险人或投保人本人'
    stubApi({
      'GET /api/me': me(),
      'GET /api/claims/policies': claimable([policy()]),
      'POST /api/claims': reply(400, {
        error: { code: 'INVALID_INPUT', message, details: [{ field: 'payee.name', message }] },
      }),
    })
    const user = userEvent.setup()
    renderScreen(AddClaimPage, '/claim/addClaim?policyId=pol1&type=medical')
    await screen.findByLabelText('出险地点')
    await user.click(screen.getByRole('button', { name: '提交理赔申请' }))
    const shown = await screen.findAllByText(message)
    expect(shown.some((el) => el.classList.contains('claim-error'))).toBe(true)
    expect(localStorage.getItem('claim:draft:u1:pol1:medical')).not.toBeNull()
  })
})
