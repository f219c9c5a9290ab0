import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ProductPage from '../../../../../src/features/catalog/product/ProductPage'
import { me } from '../../member/fixtures'
import { detail } from '../shopping/fixtures'
import { renderScreen, reply, stubApi } from '../../../harness'

// The tabs' chunk while offline: its import fails until the network is back. React.lazy alone kept the first
// failure for good, and the product page fell to the route's error screen, which no tap could recover.
const network = vi.hoisted(() => ({ online: false }))
vi.mock('../../../../../src/features/catalog/product/ProductTabs', async (importOriginal) => {
  if (!network.online) throw new TypeError('Failed to fetch dynamically imported module')
  return importOriginal()
})

afterEach(() => vi.unstubAllGlobals())

describe('/product offline', () => {
  it('the tabs that could not load say so with 重试, and load on 重试 once the network is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      'GET /api/products/p-ci': detail('p-ci'),
      'POST /api/quotes': reply(503, { error: { code: 'OFFLINE', message: '网络异常' } }),
      'GET /api/me': me(),
    })
    renderScreen(ProductPage, '/product?id=p-ci')
    expect(await screen.findByRole('heading', { name: '康享重疾p-ci' })).toBeInTheDocument()
    expect(await screen.findByText('此处内容加载失败，请检查网络后重试')).toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: '保障条款' })).toBeNull()

    network.online = true
    vi.resetModules()
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: '重试' }))
    })
    expect(await screen.findByRole('tab', { name: '保障条款' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '康享重疾p-ci' })).toBeInTheDocument()
  })
})
