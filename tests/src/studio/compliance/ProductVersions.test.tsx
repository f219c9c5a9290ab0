import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COMPLIANCE, renderStudio, stubStudioApi } from '../studioHarness'
import { PRODUCT_ID, productVersions, SALE_ID, trail, versions } from './trailFixtures'

const versionsPath = `/api/studio/catalog/products/${PRODUCT_ID}/versions`

describe('产品页面版本', () => {
  it('lists the product page and document versions with their times, and shows one version’s content', async () => {
    const api = stubStudioApi({
      [`GET ${versionsPath}`]: productVersions,
      'GET /api/studio/sales-page-versions/:id': (call) =>
        versions.find((v) => String(v.id) === call.path.split('/').pop()),
      'GET /api/products': { items: [] },
    })
    const { router } = renderStudio(`/product-versions/${PRODUCT_ID}`, COMPLIANCE)
    const pageTable = await screen.findByRole('table', { name: '产品页面的版本' })
    const [, newest, oldest] = within(pageTable).getAllByRole('row')
    expect(newest).toHaveTextContent('第 2 版')
    expect(within(newest).getByText('当前版本')).toBeInTheDocument()
    expect(oldest).toHaveTextContent('第 1 版')
    expect(oldest).toHaveTextContent('2026-11-01 08:00:00')
    expect(oldest).toHaveTextContent('2026-11-20 08:00:00')
    expect(within(oldest).getByText(versions[0].hash.slice(0, 12))).toBeInTheDocument()

    const notice = screen.getByRole('table', { name: '投保须知的版本' })
    const first = within(notice).getAllByRole('row')[2]
    await userEvent.setup().click(within(first).getByRole('button', { name: '查看第 1 版内容' }))
    expect(await screen.findByText('第一版须知：旧的免赔额说明。')).toBeInTheDocument()
    expect(screen.queryByText(/第二版须知/)).not.toBeInTheDocument()
    expect(router.state.location.search).toBe('?version=21')
    expect(api.callsTo('GET', '/api/studio/sales-page-versions/21')).toHaveLength(1)
  })

  it('is reached from a sale’s product name', async () => {
    stubStudioApi({
      [`GET /api/studio/compliance/sales/${SALE_ID}`]: trail(),
      [`GET ${versionsPath}`]: productVersions,
      'GET /api/products': { items: [] },
    })
    const { router } = renderStudio(`/compliance/sales/${SALE_ID}`, COMPLIANCE)
    await userEvent.setup().click(await screen.findByRole('link', { name: '百万医疗险' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/product-versions/${PRODUCT_ID}`))
    expect(await screen.findByRole('heading', { name: '产品页面版本：百万医疗险' })).toBeInTheDocument()
  })
})
