import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  addToCompare,
  clearCompare,
  compareTray,
  parseCompareCode,
} from '../../../../../src/features/catalog/compare/compareTray'
import CompareExportPage from '../../../../../src/features/catalog/compare/CompareExportPage'
import CompareForAPage from '../../../../../src/features/catalog/compare/CompareForAPage'
import ComparePage from '../../../../../src/features/catalog/compare/ComparePage'
import { wrapText } from '../../../../../src/features/catalog/compare/compareImage'
import { compareRows } from '../../../../../src/features/catalog/compare/compareRows'
import { jtcStore } from '../../../../../src/state/jtcState'
import { detail } from '../shopping/fixtures'
import { renderScreen, stubApi } from '../../../harness'

const a = detail('p-a', { name: '甲重疾', insurerName: '青松保险' })
const b = detail('p-b', {
  name: '乙重疾',
  insurerName: '云禾健康',
  waitingPeriodDays: 180,
  plans: [
    { ...detail('p-b').plans[0], coverages: [{ name: '重大疾病', amountFen: 30_000_000, description: '' }] },
  ],
})
const c = detail('p-c', { name: '丙重疾' })

function api() {
  return stubApi({
    'GET /api/products/p-a': a,
    'GET /api/products/p-b': b,
    'GET /api/products/p-c': c,
  })
}

beforeEach(() => {
  clearCompare()
  jtcStore.reset()
})
afterEach(() => vi.unstubAllGlobals())

describe('comparison rows', () => {
  it('flags rows where products differ and marks coverage one product lacks', () => {
    const rows = compareRows([a, b])
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r]))
    expect(byLabel['保险公司']).toMatchObject({ cells: ['青松保险', '云禾健康'], differs: true })
    expect(byLabel['等待期']).toMatchObject({ cells: ['90天', '180天'], differs: true })
    expect(byLabel['犹豫期']).toMatchObject({ cells: ['15天', '15天'], differs: false })
    expect(byLabel['重大疾病']).toMatchObject({ group: '保障内容', cells: ['30万', '30万'], differs: false })
    expect(byLabel['轻症']).toMatchObject({ cells: ['9万', '不保障'], differs: true })
  })

  it('reads 2-4 unique ids from the path segment', () => {
    expect(parseCompareCode('p-a,p-b,p-a')).toEqual(['p-a', 'p-b'])
    expect(parseCompareCode('1,2,3,4,5')).toHaveLength(4)
    expect(parseCompareCode(undefined)).toEqual([])
  })

  it('wraps Chinese text by width for the image', () => {
    expect(wrapText((s) => s.length * 10, '一二三四五六七', 30)).toEqual(['一二三', '四五六', '七'])
    expect(wrapText((s) => s.length * 10, '', 30)).toEqual([''])
  })

  it('keeps at most four products in the tray', () => {
    for (const id of ['1', '2', '3', '4']) expect(addToCompare({ id, name: id })).toBe('added')
    expect(addToCompare({ id: '5', name: '5' })).toBe('full')
    expect(addToCompare({ id: '1', name: '1' })).toBe('exists')
    expect(compareTray.items).toHaveLength(4)
  })
})

describe('/compare/{sc}', () => {
  it('puts the products side by side and highlights the differences', async () => {
    api()
    renderScreen(ComparePage, '/compare/p-a,p-b', '/compare/:sc')
    const table = await screen.findByTestId('compare-table')
    expect([...table.querySelectorAll('thead th')].map((h) => h.textContent)).toEqual([
      '产品',
      '甲重疾',
      '乙重疾',
    ])
    const waiting = within(table).getByRole('rowheader', { name: '等待期' }).closest('tr') as HTMLElement
    expect(waiting).toHaveClass('differs')
    expect(within(table).getByRole('rowheader', { name: '犹豫期' }).closest('tr')).not.toHaveClass('differs')

    await userEvent.click(screen.getByRole('switch', { name: '只看不同' }))
    expect(within(table).queryByRole('rowheader', { name: '犹豫期' })).not.toBeInTheDocument()
    expect(within(table).getByRole('rowheader', { name: '等待期' })).toBeInTheDocument()
  })

  it('removes a column when comparing three', async () => {
    api()
    const router = renderScreen(ComparePage, '/compare/p-a,p-b,p-c', '/compare/:sc')
    await userEvent.click(await screen.findByRole('button', { name: '移除丙重疾' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/compare/p-a,p-b'))
    expect(await screen.findByText('乙重疾')).toBeInTheDocument()
    expect(screen.queryByText('丙重疾')).not.toBeInTheDocument()
  })

  it('asks for at least two products', async () => {
    api()
    renderScreen(ComparePage, '/compare/p-a', '/compare/:sc')
    expect(screen.getByText('请选择2至4款产品进行对比')).toBeInTheDocument()
  })

  it('shows the error with a retry when a product cannot be loaded', async () => {
    stubApi({ 'GET /api/products/p-a': a })
    renderScreen(ComparePage, '/compare/p-a,p-x', '/compare/:sc')
    expect(await screen.findByText('接口不存在')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })
})

describe('/compareForA/{sc}', () => {
  it("shows the agent's card and keeps the edited note in jtcState", async () => {
    api()
    act(() => jtcStore.update({ agentInfo: { name: '王顾问', phone: '13800138000', note: '' } }))
    const router = renderScreen(CompareForAPage, '/compareForA/p-a,p-b', '/compareForA/:sc')
    expect(await screen.findByText('王顾问')).toBeInTheDocument()
    await userEvent.type(screen.getByPlaceholderText(/写下给客户的建议/), '推荐甲')
    expect(jtcStore.state.agentInfo).toEqual({ name: '王顾问', phone: '13800138000', note: '推荐甲' })
    await userEvent.click(screen.getByRole('button', { name: '生成对比图片' }))
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/compareForA/export?sc=p-a,p-b',
      ),
    )
  })
})

describe('/compareForA/export', () => {
  it('explains when the browser cannot draw the image (jsdom has no canvas)', async () => {
    api()
    renderScreen(CompareExportPage, '/compareForA/export?sc=p-a,p-b')
    expect(await screen.findByText('当前浏览器无法生成图片')).toBeInTheDocument()
  })
})
