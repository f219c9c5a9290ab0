import { pickDateById } from '../../pickDate'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import InfoFillPage from '../../../../src/features/purchase/InfoFillPage'
import InsuredPage from '../../../../src/features/purchase/InsuredPage'
import { closeDraft, editInsured, openDraft, purchaseDraft } from '../../../../src/features/purchase/draft'
import { application, product } from '../purchase/fixtures'
import { renderScreen } from '../../harness'
import { CHILD_ID, member, stubFamilyApi } from './familyApi'

// The purchase flow's side of family members: pick one on /insured, /infoFill starts filled; save a new insured.

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

describe('/insured with saved family members', () => {
  it('lists 本人, the saved members and 新增被保人, and links to 管理家庭成员', async () => {
    stubFamilyApi({ members: [member(), anna], other })
    const router = renderScreen(InsuredPage, `/insured${QUERY}`)
    expect(await screen.findByText('张小花（子女）')).toBeInTheDocument()
    expect(screen.getByText('本人')).toBeInTheDocument()
    expect(screen.getByText('子女 · 3101**********0021')).toBeInTheDocument()
    expect(screen.getByText('我的配偶')).toBeInTheDocument()
    expect(screen.getByText('我的子女')).toBeInTheDocument()
    expect(screen.getByText('我的父母')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: '管理家庭成员' }))
    expect(router.state.location.pathname).toBe('/familyManage/list')
  })

  it('fills the insured section from the picked member; 新增 clears it again; 其他 cannot be picked', async () => {
    const user = userEvent.setup()
    openDraft('p-med')
    editInsured({ phone: '13800138000' })
    stubFamilyApi({ members: [member(), anna], other })
    renderScreen(InsuredPage, `/insured${QUERY}`)
    await user.click(await screen.findByText('张小花（子女）'))
    expect(purchaseDraft.insured).toMatchObject({
      relationType: '3',
      name: '张小花',
      certType: 'ID_CARD',
      certNo: CHILD_ID,
      birthday: '2020-02-29',
      gender: 'F',
      phone: '13800138000',
    })
    expect(within(screen.getByText('张小花（子女）').closest('.adm-radio')!).getByRole('radio')).toBeChecked()

    await user.click(screen.getByText('Anna Smith（其他）'))
    expect(purchaseDraft.insured.name).toBe('张小花')
    expect(screen.getByText(/关系为“其他”，不能作为被保险人/)).toBeInTheDocument()

    await user.click(screen.getByText('我的子女'))
    expect(purchaseDraft.insured).toMatchObject({
      relationType: '3',
      name: '',
      certNo: '',
      birthday: '',
      phone: '13800138000',
    })
    expect(within(screen.getByText('我的子女').closest('.adm-radio')!).getByRole('radio')).toBeChecked()
  })

  it('says so when no member is saved yet', async () => {
    stubFamilyApi({ other })
    renderScreen(InsuredPage, `/insured${QUERY}`)
    expect(await screen.findByText('还没有保存的家庭成员')).toBeInTheDocument()
  })

  it('offers 重试 when the members fail to load, and the other choices still work', async () => {
    stubFamilyApi({ status: 500, other })
    renderScreen(InsuredPage, `/insured${QUERY}`)
    expect(await screen.findByText('家庭成员加载失败')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
    await userEvent.click(screen.getByText('我的配偶'))
    expect(purchaseDraft.insured.relationType).toBe('2')
  })
})

async function fillHolderAndValidity(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('姓名', { selector: '#holder-name' }), '张三')
  await user.type(document.querySelector<HTMLInputElement>('#holder-certNo')!, '110101199003078515')
  for (const [id, iso] of [
    ['holder-certStartDate', '2020-01-01'],
    ['holder-certEndDate', '2040-01-01'],
    ['insured-certStartDate', '2021-01-01'],
    ['insured-certEndDate', '2031-01-01'],
  ])
    await pickDateById(id, iso)
}

describe('/infoFill after /insured', () => {
  it('starts with the picked member filled in, and offers no saving of a member already saved', async () => {
    const user = userEvent.setup()
    stubFamilyApi({ members: [member({ phone: '13900001111' })], other })
    renderScreen(InsuredPage, `/insured${QUERY}`)
    await user.click(await screen.findByText('张小花（子女）'))
    document.body.innerHTML = ''
    renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    expect(await screen.findByText('被保险人信息（子女）')).toBeInTheDocument()
    expect(document.querySelector('#insured-name')).toHaveValue('张小花')
    expect(document.querySelector('#insured-certNo')).toHaveValue(CHILD_ID)
    expect(document.querySelector('#insured-birthday')).toHaveTextContent('2020年2月29日')
    expect(document.querySelector('#insured-phone')).toHaveValue('13900001111')
    await waitFor(() => expect(screen.queryByText('正在加载家庭成员…')).not.toBeInTheDocument())
    expect(screen.queryByText('保存为家庭成员，下次投保可直接选择')).not.toBeInTheDocument()
  })

  it('saves a new insured as a family member only when the box is ticked, then goes on', async () => {
    const user = userEvent.setup()
    openDraft('p-med')
    editInsured({ relationType: '3' })
    const api = stubFamilyApi({ other })
    const router = renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    await fillHolderAndValidity(user)
    await user.type(document.querySelector<HTMLInputElement>('#insured-name')!, '张小花')
    await user.type(document.querySelector<HTMLInputElement>('#insured-certNo')!, CHILD_ID)
    await user.type(document.querySelector<HTMLInputElement>('#insured-phone')!, '13900001111')
    const box = await screen.findByRole('checkbox', { name: '保存为家庭成员，下次投保可直接选择' })
    expect(box).not.toBeChecked()
    await user.click(screen.getByText('保存为家庭成员，下次投保可直接选择'))
    await user.click(screen.getByRole('button', { name: '下一步' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmReceiveInfo'))
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
    const user = userEvent.setup()
    openDraft('p-med')
    editInsured({ relationType: '3' })
    const api = stubFamilyApi({ other })
    const router = renderScreen(InfoFillPage, `/infoFill${QUERY}`)
    await fillHolderAndValidity(user)
    await user.type(document.querySelector<HTMLInputElement>('#insured-name')!, '张小花')
    await user.type(document.querySelector<HTMLInputElement>('#insured-certNo')!, CHILD_ID)
    await user.type(document.querySelector<HTMLInputElement>('#insured-phone')!, '13900001111')
    await user.click(screen.getByRole('button', { name: '下一步' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmReceiveInfo'))
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/family-members')).toBe(false)
  })
})
