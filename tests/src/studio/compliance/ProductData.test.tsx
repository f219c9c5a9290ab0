import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COMPLIANCE, PUBLISHER, renderStudio, stubStudioApi } from '../studioHarness'
import { PRODUCT_ID, productVersions, versions } from './trailFixtures'

const base = `/api/studio/catalog/products/${PRODUCT_ID}`

describe('产品资料 (publishers)', () => {
  it('edits 投保须知 from the current version and sends it', async () => {
    const api = stubStudioApi({
      [`GET ${base}/versions`]: productVersions,
      'GET /api/studio/sales-page-versions/:id': (call) =>
        versions.find((v) => String(v.id) === call.path.split('/').pop()),
      [`PUT ${base}/notice`]: productVersions,
      'GET /api/products': { items: [{ id: PRODUCT_ID, name: '百万医疗险' }] },
    })
    renderStudio(`/product-data?product=${PRODUCT_ID}`, PUBLISHER)
    const notice = await screen.findByLabelText('投保须知（Markdown）')
    await waitFor(() => expect(notice).toHaveValue('第二版须知：免赔额 1 万元，等待期 30 天。'))
    // The current product page's plan and its premium row.
    expect(await screen.findByDisplayValue('328.00')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.clear(notice)
    await user.type(notice, '第三版须知')
    await user.click(screen.getByRole('button', { name: '保存投保须知' }))
    await waitFor(() => expect(api.callsTo('PUT', `${base}/notice`)).toHaveLength(1))
    expect(api.callsTo('PUT', `${base}/notice`)[0].body).toEqual({ notice: '第三版须知' })
    expect(await screen.findByText('投保须知已保存，新版本已上线')).toBeInTheDocument()
  })

  it('is not for compliance', async () => {
    stubStudioApi({})
    renderStudio(`/product-data?product=${PRODUCT_ID}`, COMPLIANCE)
    expect(await screen.findByText('无权限')).toBeInTheDocument()
  })
})
