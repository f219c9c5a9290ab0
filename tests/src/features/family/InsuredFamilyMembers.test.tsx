import { pickDateById } from '../../pickDate'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import InfoFillPage from '../../../../src/features/purchase/InfoFillPage'
import InsuredPage from '../../../../src/features/purchase/InsuredPage'
import { closeDraft, editInsured, openDraft, purchaseDraft } from '../../../../src/features/purchase/draft'
import { application, product } from '../purchase/fixtures'
import { renderScreen } from '../../harness'
import { CHILD_ID, member, stubFamilyApi } from './familyApi'

// The purchase flow's side of family members: pick one beside the forms on /infoFill; save a new insured.

const QUERY = '?productId=p-med&applicationId=app-1'
const other = {
  'GET /api/products/p-med': product,
  'GET /api/applications/app-1': application(),
  'POST /api/quotes': {
    premiumFen: 13600,
    ageOnEffectiveDate: 6,
    effectiveDate: '2026-11-23',
    planCode: 'standard',
    coveragePeriod: '1y',
    paymentPeriod: 'single',
  },
}
const anna = member({
  id: 'm2',
  name: 'Anna Smith',
  relation: '5',
  relationName: '其他',
  certType: 'PASSPORT',
  certNo: 'E12345678',
  birthday: '1960-05-01',
})

beforeEach(() => {
  closeDraft()
  sessionStorage.clear()
})

describe('whom to insure, chosen on /infoFill', () => {
  it('/insured opens /infoFill, which lists 本人, the saved members and 新增, and links to 管理家庭成员', async () => {
    stubFamilyApi({ members: [member(), anna], other })
    const router = renderScreen(InsuredPage, `/insured${QUERY}`)
    await waitFor(() => expect(router.state.location.pathname).toBe('/infoFill'))
    expect(router.state.location.search).toBe(QUERY)
    document.body.innerHTML = ''
    const page = renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    expect(await screen.findByRole('option', { name: /张小花（子女）/ })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: /^本人/ })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: /^新增配偶/ })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: /^新增子女/ })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: /^新增父母/ })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: '管理家庭成员' }))
    expect(page.state.location.pathname).toBe('/familyManage/list')
  })

  it('fills the insured section from the picked member; 新增 clears it again; 其他 cannot be picked', async () => {
    const user = userEvent.setup({ delay: null })
    openDraft('p-med')
    editInsured({ phone: '13800138000' })
    stubFamilyApi({ members: [member(), anna], other })
    renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    await user.click(await screen.findByRole('option', { name: /张小花（子女）/ }))
    expect(purchaseDraft.insured).toMatchObject({
      relationType: '3',
      name: '张小花',
      certType: 'ID_CARD',
      certNo: CHILD_ID,
      birthday: '2020-02-29',
      gender: 'F',
      phone: '13800138000',
    })
    expect(screen.getByRole('option', { name: /张小花（子女）/ })).toHaveAttribute('aria-selected', 'true')

    const annaOption = screen.getByRole('option', { name: /Anna Smith（其他）/ })
    expect(annaOption).toHaveTextContent('关系为“其他”，不能作为被保险人')
    await user.click(annaOption)
    expect(purchaseDraft.insured.name).toBe('张小花')

    await user.click(screen.getByRole('option', { name: /^新增子女/ }))
    expect(purchaseDraft.insured).toMatchObject({
      relationType: '3',
      name: '',
      certNo: '',
      birthday: '',
      phone: '13800138000',
    })
    expect(screen.getByRole('option', { name: /^新增子女/ })).toHaveAttribute('aria-selected', 'true')
  })

  it('offers 重试 when the members fail to load, and the other choices still work', async () => {
    stubFamilyApi({ status: 500, other })
    renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    expect(await screen.findByText(/家庭成员加载失败/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('option', { name: /^新增配偶/ }))
    expect(purchaseDraft.insured.relationType).toBe('2')
  })
})

/** Holder and a new child insured: each ID's end date follows from its start date and the age at issue. */
async function fillHolderAndChild(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('姓名', { selector: '#holder-name' }), '张三')
  await user.type(document.querySelector<HTMLInputElement>('#holder-certNo')!, '110101199003078515')
  await pickDateById('holder-certStartDate', '2020-01-01')
  expect(document.querySelector('#holder-certEndDate')).toHaveAttribute('value', '2040-01-01')
  await user.type(document.querySelector<HTMLInputElement>('#insured-name')!, '张小花')
  await user.type(document.querySelector<HTMLInputElement>('#insured-certNo')!, CHILD_ID)
  await pickDateById('insured-certStartDate', '2022-01-01')
  expect(document.querySelector('#insured-certEndDate')).toHaveAttribute('value', '2027-01-01')
  await user.type(document.querySelector<HTMLInputElement>('#insured-phone')!, '13900001111')
}

describe('/infoFill with a family member', () => {
  it('starts with the picked member filled in, and offers no saving of a member already saved', async () => {
    const user = userEvent.setup({ delay: null })
    stubFamilyApi({ members: [member({ phone: '13900001111' })], other })
    renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    await user.click(await screen.findByRole('option', { name: /张小花（子女）/ }))
    expect(await screen.findByText('被保险人信息（子女）')).toBeInTheDocument()
    expect(document.querySelector('#insured-name')).toHaveValue('张小花')
    expect(document.querySelector('#insured-certNo')).toHaveValue(CHILD_ID)
    expect(document.querySelector('#insured-birthday')).toHaveTextContent('2020年2月29日')
    expect(document.querySelector('#insured-phone')).toHaveValue('13900001111')
    expect(screen.queryByText('保存为家庭成员，下次投保可直接选择')).not.toBeInTheDocument()
  })

  it('saves a new insured as a family member only when the box is ticked, then goes on', async () => {
    const user = userEvent.setup({ delay: null })
    openDraft('p-med')
    editInsured({ relationType: '3' })
    const api = stubFamilyApi({ other })
    const router = renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    await fillHolderAndChild(user)
    const box = await screen.findByRole('checkbox', { name: '保存为家庭成员，下次投保可直接选择' })
    expect(box).not.toBeChecked()
    await user.click(screen.getByText('保存为家庭成员，下次投保可直接选择'))
    await user.click(screen.getByRole('button', { name: '下一步：健康告知' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthNotification'))
    expect(
      api.calls.filter((c) => c.method === 'POST' && c.path === '/api/family-members').map((c) => c.body),
    ).toEqual([
      {
        name: '张小花',
        relation: '3',
        certType: 'ID_CARD',
        certNo: CHILD_ID,
        birthday: '2020-02-29',
        gender: 'F',
        phone: '13900001111',
      },
    ])
  })

  it('does not save when the box is left unticked', async () => {
    const user = userEvent.setup({ delay: null })
    openDraft('p-med')
    editInsured({ relationType: '3' })
    const api = stubFamilyApi({ other })
    const router = renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    await fillHolderAndChild(user)
    await user.click(screen.getByRole('button', { name: '下一步：健康告知' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthNotification'))
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/family-members')).toBe(false)
  })
})
