import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import FamilyListPage from '../../../../src/features/family/FamilyListPage'
import { renderScreen, tappable } from '../../harness'
import { member, stubFamilyApi } from './familyApi'

describe('/familyManage/list', () => {
  it('shows loading, then each member with relation, masked ID, birth date and gender', async () => {
    stubFamilyApi({
      members: [
        member(),
        member({
          id: 'm2',
          name: 'Anna Smith',
          relation: '5',
          relationName: '其他',
          certType: 'PASSPORT',
          certNo: 'E12345678',
          birthday: '1960-05-01',
          phone: '13900001111',
        }),
      ],
    })
    renderScreen(FamilyListPage, '/familyManage/list')
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument()
    const cards = await screen.findAllByTestId('family-member')
    expect(cards).toHaveLength(2)
    expect(cards[0]).toHaveTextContent('张小花子女')
    expect(cards[0]).toHaveTextContent('居民身份证 3101**********0021')
    expect(cards[0]).toHaveTextContent('女 · 2020-02-29')
    expect(cards[0]).not.toHaveTextContent(/310104202002290021/)
    expect(cards[1]).toHaveTextContent('护照 E123*5678')
    expect(cards[1]).toHaveTextContent('139****1111')
    expect(cards[1]).toHaveTextContent('关系为“其他”的成员不能作为投保的被保险人')
    expect(screen.getByRole('button', { name: '添加家庭成员（2/20）' })).toBeEnabled()
  })

  it('shows the empty state and goes to the add form (staying under the /family alias)', async () => {
    stubFamilyApi()
    const router = renderScreen(FamilyListPage, '/family/list')
    expect(await screen.findByText('还没有家庭成员')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '添加家庭成员（0/20）' }))
    expect(router.state.location.pathname).toBe('/family/addEdit')
  })

  it('opens a member for editing', async () => {
    stubFamilyApi({ members: [member()] })
    const router = renderScreen(FamilyListPage, '/familyManage/list')
    await userEvent.click(await screen.findByRole('button', { name: '编辑' }))
    expect(router.state.location.pathname + router.state.location.search).toBe('/familyManage/addEdit?id=m1')
  })

  it('deletes only after the confirm Dialog, and cancel keeps the member', async () => {
    // The Dialog animates in with pointer-events off, as in the browser: a user taps it once shown.
    const user = userEvent.setup()
    const api = stubFamilyApi({
      members: [member(), member({ id: 'm2', name: '张大山', relation: '4', relationName: '父母' })],
    })
    renderScreen(FamilyListPage, '/familyManage/list')
    const first = (await screen.findAllByTestId('family-member'))[0]
    await user.click(within(first).getByRole('button', { name: '删除' }))
    let dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('确定删除家庭成员“张小花”吗？')
    await user.click(await tappable(within(dialog).getByText('取消')))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false)

    await user.click(within(first).getByRole('button', { name: '删除' }))
    dialog = await screen.findByRole('dialog')
    await user.click(await tappable(within(dialog).getByText('删除')))
    await waitFor(() => expect(screen.getAllByTestId('family-member')).toHaveLength(1))
    expect(screen.getByTestId('family-member')).toHaveTextContent('张大山')
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/family-members/m1',
    ])
  })

  it('disables adding at the limit and says why', async () => {
    stubFamilyApi({ members: [member(), member({ id: 'm2' })], limit: 2 })
    renderScreen(FamilyListPage, '/familyManage/list')
    expect(await screen.findByRole('button', { name: '添加家庭成员（2/2）' })).toBeDisabled()
    expect(screen.getByText('最多可添加2位家庭成员，请先删除不再需要的成员')).toBeInTheDocument()
  })

  it('shows a load error with 重试', async () => {
    stubFamilyApi({ status: 500 })
    renderScreen(FamilyListPage, '/familyManage/list')
    expect(await screen.findByText('服务暂时不可用，请稍后重试')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })

  it('sends a logged-out user to /Login with the way back', async () => {
    stubFamilyApi({ status: 401 })
    const router = renderScreen(FamilyListPage, '/familyManage/list')
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'))
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/familyManage/list')}`)
  })
})
