import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COMPLIANCE, renderStudio, stubStudioApi, studioError, type StudioCall } from '../studioHarness'
import { SALE_ID, summary, trail } from './trailFixtures'

const SEARCH = '/api/studio/compliance/sales'
const query = (call: StudioCall) => Object.fromEntries(call.query.entries())

describe('销售过程回溯 (the search)', () => {
  it('lists the newest sales at first, then sends the filters typed and opens a sale from its row', async () => {
    const api = stubStudioApi({
      [`GET ${SEARCH}`]: (call) => ({ items: call.query.get('policyNo') === 'NOPE0000' ? [] : [summary] }),
      [`GET ${SEARCH}/:id`]: trail(),
    })
    const { router } = renderStudio('/compliance', COMPLIANCE)
    const table = await screen.findByRole('table')
    const row = (await within(table).findByText('百万医疗险')).closest('tr') as HTMLElement
    expect(within(row).getByText('已承保')).toBeInTheDocument()
    expect(within(row).getByText('GH2026112500000001')).toBeInTheDocument()
    expect(within(row).getByText('OD2026112500001')).toBeInTheDocument()
    expect(within(row).getByText('138****0000')).toBeInTheDocument()
    expect(within(row).getByText('2026-11-25 10:01:00')).toBeInTheDocument()
    expect(within(row).getByText('14')).toBeInTheDocument()
    expect(query(api.callsTo('GET', SEARCH)[0])).toEqual({})

    const user = userEvent.setup()
    await user.type(screen.getByLabelText('保单号'), 'GH2026112500000001')
    await user.type(screen.getByLabelText('手机号'), '13800000000')
    await user.click(screen.getByRole('button', { name: /查询/ }))
    await waitFor(() => expect(api.callsTo('GET', SEARCH)).toHaveLength(2))
    expect(query(api.callsTo('GET', SEARCH)[1])).toEqual({
      policyNo: 'GH2026112500000001',
      phone: '13800000000',
    })
    expect(router.state.location.search).toBe('?policyNo=GH2026112500000001&phone=13800000000')

    await user.click(within(screen.getByRole('table')).getByText('138****0000'))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/compliance/sales/${SALE_ID}`))
    expect(await screen.findByText('校验失败：第 9 条记录的内容被改动')).toBeInTheDocument()
    // 返回查询 comes back to the same search.
    await user.click(screen.getByRole('button', { name: /返回查询/ }))
    await waitFor(() =>
      expect(router.state.location.search).toBe('?policyNo=GH2026112500000001&phone=13800000000'),
    )
    expect(screen.getByLabelText('保单号')).toHaveValue('GH2026112500000001')
  })

  it('sends a time range from the address as the days in Beijing time', async () => {
    const api = stubStudioApi({ [`GET ${SEARCH}`]: { items: [] } })
    renderStudio(
      '/compliance?orderNo=OD2026112500001&from=2026-11-01T00:00:00%2B08:00&to=2026-11-30T23:59:59%2B08:00',
      COMPLIANCE,
    )
    expect(await screen.findByText('没有符合条件的销售记录')).toBeInTheDocument()
    expect(query(api.callsTo('GET', SEARCH)[0])).toEqual({
      orderNo: 'OD2026112500001',
      from: '2026-11-01T00:00:00+08:00',
      to: '2026-11-30T23:59:59+08:00',
    })
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-11-01')
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-11-30')
  })

  it('refuses a malformed phone number before asking the server', async () => {
    const api = stubStudioApi({ [`GET ${SEARCH}`]: { items: [] } })
    renderStudio('/compliance', COMPLIANCE)
    expect(await screen.findByText('还没有销售记录')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('手机号'), '12345')
    await user.click(screen.getByRole('button', { name: /查询/ }))
    expect(await screen.findByText('请输入 11 位手机号')).toBeInTheDocument()
    expect(api.callsTo('GET', SEARCH)).toHaveLength(1)
  })

  it('says when the search failed, and tries again', async () => {
    let fail = true
    stubStudioApi({
      [`GET ${SEARCH}`]: () =>
        fail ? studioError(503, 'UNAVAILABLE', '服务暂时不可用，请稍后重试') : { items: [summary] },
    })
    renderStudio('/compliance', COMPLIANCE)
    expect(await screen.findByText('查询失败：服务暂时不可用，请稍后重试')).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByText('百万医疗险')).toBeInTheDocument()
  })
})
