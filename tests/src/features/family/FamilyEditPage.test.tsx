import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { pickDate } from '../../pickDate'
import { pickOption } from '../../pickOption'
import { describe, expect, it } from 'vitest'
import FamilyEditPage from '../../../../src/features/family/FamilyEditPage'
import { renderScreen, tappable } from '../../harness'
import { CHILD_ID, member, stubFamilyApi } from './familyApi'

const errorOf = (field: string) => document.querySelector(`[data-field="${field}"]`)

describe('/familyManage/addEdit: add', () => {
  it('shows a wrong ID under the field, derives and locks birth date and gender, saves, and returns to the list', async () => {
    const user = userEvent.setup()
    const api = stubFamilyApi()
    const router = renderScreen(FamilyEditPage, '/familyManage/addEdit')
    await user.type(await screen.findByLabelText('姓名'), '张小花')
    await user.type(screen.getByLabelText('证件号码'), '310104202002290022')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(errorOf('certNo')).toHaveTextContent('身份证号校验位不正确，请核对')
    expect(errorOf('relation')).toHaveTextContent('请选择与本人的关系')
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false)

    const certNo = screen.getByLabelText('证件号码')
    await user.clear(certNo)
    await user.type(certNo, CHILD_ID)
    await user.click(screen.getByText('子女'))
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0))
    const birthday = screen.getByLabelText('出生日期（根据证件号码）')
    expect(birthday).toHaveTextContent('2020年2月29日')
    expect(birthday).toBeDisabled()
    const female = within(screen.getByRole('group', { name: '性别（根据证件号码）' })).getByRole('radio', {
      name: '女',
    })
    expect(female).toBeChecked()
    expect(female).toBeDisabled()

    const release = api.holdNextWrite()
    await user.click(screen.getByRole('button', { name: '保存' }))
    // Disabled while saving: a second tap sends nothing.
    const saving = await screen.findByRole('button', { name: '保存中' })
    expect(saving).toBeDisabled()
    await user.click(saving)
    release()
    await waitFor(() => expect(router.state.location.pathname).toBe('/familyManage/list'))
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        name: '张小花',
        relation: '3',
        certType: 'ID_CARD',
        certNo: CHILD_ID,
        birthday: '2020-02-29',
        gender: 'F',
        phone: '',
      },
    ])
  })

  it('takes birth date and gender by hand for a passport, and checks the optional phone', async () => {
    const user = userEvent.setup()
    const api = stubFamilyApi()
    const router = renderScreen(FamilyEditPage, '/family/addEdit')
    await user.type(await screen.findByLabelText('姓名'), 'Anna Smith')
    await user.click(screen.getByText('其他'))
    expect(document.querySelector('select')).toBeNull()
    await pickOption(screen.getByLabelText('证件类型'), '护照')
    await user.type(screen.getByLabelText('证件号码'), 'e12345678')
    await user.type(screen.getByLabelText('手机号（选填）'), '12345')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(errorOf('birthday')).toHaveTextContent('请选择出生日期')
    expect(errorOf('gender')).toHaveTextContent('请选择性别')
    expect(errorOf('phone')).toHaveTextContent('请输入正确的11位手机号')

    await pickDate('出生日期', '1960-05-01')
    await user.click(screen.getByRole('radio', { name: '女' }))
    await user.clear(screen.getByLabelText('手机号（选填）'))
    await user.click(screen.getByRole('button', { name: '保存' }))
    // The /family alias returns to its own list.
    await waitFor(() => expect(router.state.location.pathname).toBe('/family/list'))
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      certType: 'PASSPORT',
      certNo: 'E12345678',
      birthday: '1960-05-01',
      gender: 'F',
    })
  })

  it("shows the server's duplicate answer under 证件号码 and stays", async () => {
    const user = userEvent.setup()
    stubFamilyApi({
      failWrite: {
        status: 409,
        body: {
          error: {
            code: 'FAMILY_MEMBER_EXISTS',
            message: '证件号码（certNo）已存在：该家庭成员已添加，请勿重复添加',
            details: [{ field: 'certNo', message: '已有使用该证件的家庭成员' }],
          },
        },
      },
    })
    const router = renderScreen(FamilyEditPage, '/familyManage/addEdit')
    await user.type(await screen.findByLabelText('姓名'), '张小花')
    await user.click(screen.getByText('子女'))
    await user.type(screen.getByLabelText('证件号码'), CHILD_ID)
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(errorOf('certNo')).toHaveTextContent('已有使用该证件的家庭成员'))
    expect(router.state.location.pathname).toBe('/familyManage/addEdit')
    expect(screen.getByRole('button', { name: '保存' })).toBeEnabled()
  })

  it('says so when the limit is reached instead of showing the form', async () => {
    stubFamilyApi({ members: [member()], limit: 1 })
    renderScreen(FamilyEditPage, '/familyManage/addEdit')
    expect(await screen.findByText('最多可添加1位家庭成员')).toBeInTheDocument()
    expect(screen.queryByLabelText('姓名')).not.toBeInTheDocument()
  })

  it('sends a logged-out user to /Login before they type anything', async () => {
    stubFamilyApi({ status: 401 })
    const router = renderScreen(FamilyEditPage, '/familyManage/addEdit')
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'))
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/familyManage/addEdit')}`)
  })
})

describe('/familyManage/addEdit?id=: edit and delete', () => {
  it('starts filled, saves the change with PUT', async () => {
    const user = userEvent.setup()
    const api = stubFamilyApi({ members: [member()] })
    const router = renderScreen(FamilyEditPage, '/familyManage/addEdit?id=m1')
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument()
    expect(await screen.findByDisplayValue('张小花')).toBeInTheDocument()
    expect(screen.getByLabelText('证件号码')).toHaveValue(CHILD_ID)
    await user.type(screen.getByLabelText('手机号（选填）'), '13900001111')
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/familyManage/list'))
    const put = api.calls.find((c) => c.method === 'PUT')
    expect(put?.path).toBe('/api/family-members/m1')
    expect(put?.body).toMatchObject({ name: '张小花', phone: '13900001111' })
  })

  it('deletes after the confirm Dialog', async () => {
    const user = userEvent.setup()
    const api = stubFamilyApi({ members: [member()] })
    const router = renderScreen(FamilyEditPage, '/familyManage/addEdit?id=m1')
    await user.click(await screen.findByRole('button', { name: '删除该成员' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('确定删除家庭成员“张小花”吗？')
    await user.click(await tappable(within(dialog).getByText('删除')))
    await waitFor(() => expect(router.state.location.pathname).toBe('/familyManage/list'))
    expect(api.members).toEqual([])
  })

  it("says a member that is not there (or someone else's) does not exist", async () => {
    stubFamilyApi({ members: [member()] })
    renderScreen(FamilyEditPage, '/familyManage/addEdit?id=other')
    expect(await screen.findByText('该家庭成员不存在或已删除')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '返回家庭成员列表' })).toBeInTheDocument()
  })
})
