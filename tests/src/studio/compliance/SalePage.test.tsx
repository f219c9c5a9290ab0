import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { COMPLIANCE, renderStudio, stubStudioApi, studioError } from '../studioHarness'
import { PRODUCT_ID, records, SALE_ID, trail } from './trailFixtures'

const salePath = `/api/studio/compliance/sales/${SALE_ID}`

afterEach(() => {
  document.cookie = 'studio_csrf=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT'
})

async function openSale(chainOk = false) {
  const api = stubStudioApi({ [`GET ${salePath}`]: trail(chainOk) })
  const view = renderStudio(`/compliance/sales/${SALE_ID}`, COMPLIANCE)
  const timeline = await screen.findByRole('region', { name: '销售过程记录' })
  return { api, view, timeline, phone: () => screen.getByTestId('replay-screen') }
}

const recordButton = (timeline: HTMLElement, label: string) =>
  within(timeline).getByRole('button', { name: new RegExp(label) })

describe('销售过程 (one sale, for compliance)', () => {
  it('shows the summary, 保存至, the failed chain check and every record on the timeline', async () => {
    const { timeline } = await openSale()
    expect(screen.getByText('校验失败：第 9 条记录的内容被改动')).toBeInTheDocument()
    expect(screen.queryByText('校验通过')).not.toBeInTheDocument()
    expect(screen.getByText('2032-11-26 00:00')).toBeInTheDocument()
    expect(screen.getByText('138****0000')).toBeInTheDocument()
    expect(screen.getByText('已承保')).toBeInTheDocument()
    for (const record of records) expect(within(timeline).getByText(record.label)).toBeInTheDocument()
    // A browser event: when it happened (its clock set right), the browser's own time, when the server took it.
    const opened = recordButton(timeline, '打开《投保须知》')
    expect(opened).toHaveTextContent(
      '发生于 2026-11-25 10:04:00（浏览器时间 2026-11-25 10:04:00，服务器收到 2026-11-25 10:04:03）',
    )
    expect(within(opened).getByText('浏览器')).toBeInTheDocument()
    expect(within(recordButton(timeline, '完成健康告知')).getByText('服务器')).toBeInTheDocument()
    // The changed record is marked where it is.
    expect(within(recordButton(timeline, '展示保费')).getByText('校验失败')).toBeInTheDocument()
    // Its product links to the product's page versions.
    expect(screen.getByRole('link', { name: '百万医疗险' })).toHaveAttribute(
      'href',
      `/product-versions/${PRODUCT_ID}`,
    )
  })

  it('says 校验通过 when the chain holds', async () => {
    await openSale(true)
    expect(screen.getByText('校验通过')).toBeInTheDocument()
    expect(screen.queryByText(/校验失败/)).not.toBeInTheDocument()
  })

  it('replays the product page from the recorded version, with the plan chosen and its premium', async () => {
    const { phone } = await openSale()
    expect(within(phone()).getByText('产品资料第 2 版')).toBeInTheDocument()
    expect(within(phone()).getByText('所选计划：基础版')).toBeInTheDocument()
    expect(within(phone()).queryByText(/旧版基础计划/)).not.toBeInTheDocument()
    const coverages = within(phone()).getByRole('table', { name: '基础版保障内容' })
    expect(within(coverages).getByText('一般医疗保险金')).toBeInTheDocument()
    expect(within(coverages).getByText('300万')).toBeInTheDocument()
    expect(within(phone()).getByRole('table', { name: '基础版费率表' })).toHaveTextContent('328.00 元')
  })

  it('replays the health step with the recorded answers selected and the outcome', async () => {
    const { timeline, phone } = await openSale()
    await userEvent.setup().click(recordButton(timeline, '完成健康告知'))
    expect(within(phone()).getByText('请如实告知被保险人（本人）的健康状况。')).toBeInTheDocument()
    const hypertension = within(phone()).getByRole('radiogroup', { name: '是否患有高血压？' })
    expect(within(hypertension).getByRole('radio', { name: '是' })).toBeChecked()
    expect(within(hypertension).getByRole('radio', { name: '否' })).not.toBeChecked()
    expect(within(hypertension).getByRole('radio', { name: '是' })).toBeDisabled()
    const hospital = within(phone()).getByRole('radiogroup', { name: '过去两年内是否住院治疗？' })
    expect(within(hospital).getByRole('radio', { name: '否' })).toBeChecked()
    expect(within(phone()).getByText('血压控制在 140/90 以下')).toBeInTheDocument()
    expect(within(phone()).getByText('核保结论：除外承保')).toBeInTheDocument()
    expect(within(phone()).getByText('除外责任：高血压及其并发症')).toBeInTheDocument()
  })

  it('replays a document with the recorded version’s text and what the buyer had done with it', async () => {
    const { timeline, phone } = await openSale()
    const user = userEvent.setup()
    await user.click(recordButton(timeline, '打开《投保须知》'))
    expect(within(phone()).getByText('第二版须知：免赔额 1 万元，等待期 30 天。')).toBeInTheDocument()
    expect(within(phone()).queryByText(/第一版须知/)).not.toBeInTheDocument()
    const marks = within(phone()).getByLabelText('文件状态')
    expect(marks).toHaveTextContent('已打开 2026-11-25 10:04:00')
    expect(marks).toHaveTextContent('未读到末尾')
    expect(marks).toHaveTextContent('未确认')

    await user.click(screen.getByRole('button', { name: /下一步/ }))
    expect(within(phone()).getByLabelText('文件状态')).toHaveTextContent('已读到末尾 2026-11-25 10:05:00')
    await user.click(screen.getByRole('button', { name: /下一步/ }))
    expect(within(phone()).getByLabelText('文件状态')).toHaveTextContent('已确认 2026-11-25 10:06:00')
    expect(
      within(phone()).getByText('我已阅读并同意《投保须知》，已知晓投保过程将被记录'),
    ).toBeInTheDocument()
    expect(screen.getByText('第 6 / 14 步')).toBeInTheDocument()
  })

  it('replays the recording notice, consent, price change, payment and policy from the recorded texts', async () => {
    const { timeline, phone } = await openSale()
    const user = userEvent.setup()
    await user.click(recordButton(timeline, '阅读可回溯告知'))
    expect(within(phone()).getByText('第三版告知：您在投保页面的浏览和操作将被记录。')).toBeInTheDocument()
    await user.click(recordButton(timeline, '同意处理敏感个人信息'))
    expect(within(phone()).getByRole('checkbox')).toBeChecked()
    expect(within(phone()).getByText('2026-11-25 10:07:00')).toBeInTheDocument()
    await user.click(recordButton(timeline, '接受新的保费'))
    expect(within(phone()).getByText('328.00 元')).toBeInTheDocument()
    expect(within(phone()).getByText('356.50 元')).toBeInTheDocument()
    await user.click(recordButton(timeline, '支付成功'))
    expect(within(phone()).getByText('微信支付')).toBeInTheDocument()
    await user.click(recordButton(timeline, '保单承保'))
    expect(within(phone()).getByText('GH2026112500000001')).toBeInTheDocument()
    expect(within(phone()).getByText('犹豫期：自保单生效之日起15日内为犹豫期')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /下一步/ })).toBeDisabled()
  })

  it('exports the PDF with the CSRF header and saves it under the policy number', async () => {
    document.cookie = 'studio_csrf=csrf-value-9; path=/'
    const saved: string[] = []
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:trail'), revokeObjectURL: vi.fn() })
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL')
      Reflect.deleteProperty(URL, 'revokeObjectURL')
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const api = stubStudioApi({
      [`GET ${salePath}`]: trail(),
      [`GET ${salePath}/export.pdf`]: {},
    })
    renderStudio(`/compliance/sales/${SALE_ID}`, COMPLIANCE)
    await userEvent.setup().click(await screen.findByRole('button', { name: /导出 PDF/ }))
    await waitFor(() => expect(saved).toEqual(['销售过程-GH2026112500000001.pdf']))
    expect(api.callsTo('GET', `${salePath}/export.pdf`)[0].headers.get('x-studio-csrf')).toBe('csrf-value-9')
  })

  it('shows the full phone only when asked, from the audited route', async () => {
    const api = stubStudioApi({
      [`GET ${salePath}`]: trail(),
      [`GET ${salePath}/phone`]: { phone: '13800000000' },
    })
    renderStudio(`/compliance/sales/${SALE_ID}`, COMPLIANCE)
    expect(await screen.findByText('138****0000')).toBeInTheDocument()
    expect(screen.queryByText('13800000000')).not.toBeInTheDocument()
    expect(api.callsTo('GET', `${salePath}/phone`)).toHaveLength(0)
    await userEvent.setup().click(screen.getByRole('button', { name: /查看完整号码/ }))
    expect(await screen.findByText('13800000000')).toBeInTheDocument()
    expect(api.callsTo('GET', `${salePath}/phone`)).toHaveLength(1)
  })

  it('says so when the sale does not exist', async () => {
    stubStudioApi({ [`GET ${salePath}`]: studioError(404, 'NOT_FOUND', '记录不存在') })
    renderStudio(`/compliance/sales/${SALE_ID}`, COMPLIANCE)
    expect(await screen.findByText('没有找到这次销售的记录')).toBeInTheDocument()
  })
})
