import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ProductPage from '../../../../../src/features/catalog/product/ProductPage'
import { me } from '../../member/fixtures'
import { detail } from '../shopping/fixtures'
import { renderScreen, reply, stubApi } from '../../../harness'

// The date wheel (a bottom sheet) loads on first use: while offline its import fails until the network is back. The page stays
// usable, the failure is said where the wheel would open, and 重试 opens it once the network is back.
const network = vi.hoisted(() => ({ online: false }))
vi.mock('../../../../../src/components/sheets/sheetParts', async (importOriginal) => {
  if (!network.online) throw new TypeError('Failed to fetch dynamically imported module')
  return importOriginal()
})

afterEach(() => vi.unstubAllGlobals())

describe('/product offline', () => {
  it('shows the page without the wheel, says so when the birth date is tapped, and opens it on 重试', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      'GET /api/products/p-ci': detail('p-ci'),
      'POST /api/quotes': reply(503, { error: { code: 'OFFLINE', message: '网络异常' } }),
      'GET /api/me': me(),
    })
    renderScreen(ProductPage, '/product?id=p-ci')
    expect(await screen.findByRole('heading', { name: '康享重疾p-ci' })).toBeInTheDocument()
    // The tabs are part of the page, not a chunk of their own.
    expect(screen.getByRole('tab', { name: '保障条款' })).toBeInTheDocument()
    expect(document.querySelector('.adm-picker')).toBeNull()

    await userEvent.click(screen.getByText('被保险人出生日期'))
    expect(await screen.findByText('内容加载失败，请检查网络')).toBeInTheDocument()
    // 关闭 takes the notice away; the field opens it again.
    await userEvent.click(screen.getByRole('button', { name: '关闭' }))
    expect(screen.queryByText('内容加载失败，请检查网络')).toBeNull()
    await userEvent.click(screen.getByText('被保险人出生日期'))
    expect(screen.getByText('内容加载失败，请检查网络')).toBeInTheDocument()

    network.online = true
    vi.resetModules()
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: '重试' }))
    })
    await waitFor(() => expect(document.querySelector('.adm-picker')).not.toBeNull())
    expect(screen.queryByText('内容加载失败，请检查网络')).toBeNull()
    expect(screen.getByRole('heading', { name: '康享重疾p-ci' })).toBeInTheDocument()
  })
})
