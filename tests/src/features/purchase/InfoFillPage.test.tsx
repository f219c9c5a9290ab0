import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { snapshot } from 'valtio'
import { beforeEach, describe, expect, it } from 'vitest'
import InfoFillPage from '../../../../src/features/purchase/InfoFillPage'
import { closeDraft, draftKey, purchaseDraft } from '../../../../src/features/purchase/draft'
import { renderScreen, stubApi } from '../../harness'
import { pickDate } from '../../pickDate'
import { application, order, product, quote } from './fixtures'

const PATH = '/infoFill?productId=p-med&applicationId=app-1'

beforeEach(() => {
  closeDraft()
  sessionStorage.clear()
  stubApi({
    'GET /api/products/p-med': product,
    'GET /api/applications/app-1': application(),
    'POST /api/quotes': quote,
    'GET /api/family-members': { items: [], limit: 20 },
    'GET /api/orders': { items: [] },
  })
})

async function fillHolder(user: ReturnType<typeof userEvent.setup>, certNo: string) {
  await user.type(await screen.findByLabelText('姓名'), '张三')
  await user.type(screen.getByLabelText('证件号码'), certNo)
  await pickDate('有效期起始日期', '2020-01-01')
  // A valid ID's end date follows from the start and the age at issue; else it is picked.
  if (!screen.getByLabelText('有效期截止日期').getAttribute('value'))
    await pickDate('有效期截止日期', '2040-01-01')
  await user.type(screen.getByLabelText('手机号'), '13800138000')
}

describe('/infoFill', () => {
  it('shows a wrong ID number error under the field, and clears it once corrected', async () => {
    const user = userEvent.setup({ delay: null })
    const router = renderScreen(InfoFillPage, PATH)
    await fillHolder(user, '110101199003078516')
    await user.click(screen.getByRole('button', { name: '下一步：健康告知' }))
    expect(await screen.findByText('身份证号校验位不正确，请核对')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/infoFill')

    const certNo = screen.getByLabelText('证件号码')
    await user.clear(certNo)
    await user.type(certNo, '110101199003078515')
    await waitFor(() => expect(screen.queryByText('身份证号校验位不正确，请核对')).not.toBeInTheDocument())
    // Birth date and gender come from the number and are locked.
    const birthday = screen.getByLabelText('出生日期（根据证件号码）')
    expect(birthday).toHaveTextContent('1990年3月7日')
    expect(birthday).toBeDisabled()
    expect(purchaseDraft.holder.gender).toBe('M')
  })

  it('keeps the draft in sessionStorage and goes on to the health notification with 本人 copied from the holder', async () => {
    const user = userEvent.setup({ delay: null })
    const router = renderScreen(InfoFillPage, PATH)
    await fillHolder(user, '110101199003078515')
    await waitFor(() => expect(sessionStorage.getItem(draftKey('p-med'))).toContain('110101199003078515'))
    expect(await screen.findByTestId('flow-price')).toHaveTextContent('¥136')
    await user.click(screen.getByRole('button', { name: '下一步：健康告知' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthNotification'))
    expect(purchaseDraft.insured).toMatchObject({
      name: '张三',
      certNo: '110101199003078515',
      relationType: '1',
      phone: '13800138000',
    })
  })

  it('restores the draft after a reload', async () => {
    const stored = { ...snapshot(purchaseDraft), productId: 'p-med', applicationId: 'app-1' }
    sessionStorage.setItem(
      draftKey('p-med'),
      JSON.stringify({ ...stored, holder: { ...stored.holder, name: '王五' } }),
    )
    renderScreen(InfoFillPage, PATH)
    expect(await screen.findByDisplayValue('王五')).toBeInTheDocument()
  })

  it("shows a repeat buyer's form only once the last order's holder is in it, so a quick tap never checks an empty form", async () => {
    let answerOrders: (list: { items: ReturnType<typeof order>[] }) => void = () => {}
    const orders = new Promise<{ items: ReturnType<typeof order>[] }>((resolve) => (answerOrders = resolve))
    const api = stubApi({
      'GET /api/products/p-med': product,
      'GET /api/applications/app-1': application(),
      'POST /api/quotes': quote,
      'GET /api/family-members': { items: [], limit: 20 },
      'GET /api/orders': () => orders,
    })
    const user = userEvent.setup({ delay: null })
    const router = renderScreen(InfoFillPage, PATH)
    // The product and the application are answered (and rendered) while the orders are not.
    await waitFor(() => expect(api.callsTo('GET', '/api/applications/app-1')).toHaveLength(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(screen.queryByRole('button', { name: '下一步：健康告知' })).not.toBeInTheDocument()
    answerOrders({ items: [order({ status: 'PAID' })] })
    expect(await screen.findByDisplayValue('张三')).toBeInTheDocument()
    expect(screen.getByLabelText('证件号码')).toHaveValue('110101199003078515')
    await user.type(screen.getByLabelText('手机号'), '13800138000')
    await user.click(screen.getByRole('button', { name: '下一步：健康告知' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthNotification'))
  })
})
