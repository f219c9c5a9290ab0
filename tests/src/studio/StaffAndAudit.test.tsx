import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ADMIN, EDITOR, renderStudio, stubStudioApi, findDialog } from './studioHarness'

const staff = [
  { id: 3, username: 'admin', displayName: '管理员', role: 'admin', disabled: false, lastLoginAt: null },
  {
    id: 1,
    username: 'editor',
    displayName: '运营编辑',
    role: 'editor',
    disabled: false,
    lastLoginAt: '2026-11-25T01:00:00Z',
  },
]

describe('studio staff admin and audit log', () => {
  it('only admins see 员工管理', async () => {
    stubStudioApi({ 'GET /api/studio/pages': { pages: [], folders: [] } })
    renderStudio('/', EDITOR)
    const menu = await screen.findByRole('menu', { name: '主菜单' })
    expect(within(menu).queryByText('员工管理')).not.toBeInTheDocument()
    expect(within(menu).getByText('操作日志')).toBeInTheDocument()
  })

  it('an admin adds a staff member and disables another', async () => {
    const api = stubStudioApi({
      'GET /api/studio/staff': { staff },
      'POST /api/studio/staff': (call) => ({ staff: { id: 9, ...(call.body as object) } }),
      'PATCH /api/studio/staff/:id': {},
    })
    renderStudio('/staff', ADMIN)
    const user = userEvent.setup()
    await screen.findByText('运营编辑')
    await user.click(screen.getByRole('button', { name: /添加员工/ }))
    const dialog = await findDialog('添加员工')
    await user.type(within(dialog).getByLabelText('用户名'), 'zhangsan')
    await user.type(within(dialog).getByLabelText('姓名'), '张三')
    await user.type(within(dialog).getByLabelText('初始密码'), 'zhangsan-2026')
    await user.click(within(dialog).getByRole('button', { name: '添加' }))
    await waitFor(() => expect(api.callsTo('POST', '/api/studio/staff')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/studio/staff')[0].body).toEqual({
      username: 'zhangsan',
      displayName: '张三',
      role: 'editor',
      password: 'zhangsan-2026',
    })

    const row = screen.getByText('运营编辑').closest('tr') as HTMLElement
    await user.click(within(row).getByRole('button', { name: '停用' }))
    const confirm = await findDialog('停用 运营编辑？')
    await user.click(within(confirm).getByRole('button', { name: '停用' }))
    await waitFor(() => expect(api.callsTo('PATCH', '/api/studio/staff/1')).toHaveLength(1))
    expect(api.callsTo('PATCH', '/api/studio/staff/1')[0].body).toEqual({ disabled: true })
  })

  it('the audit log lists who did what and filters by page', async () => {
    const api = stubStudioApi({
      'GET /api/studio/audit': (call) => ({
        entries: [
          {
            at: '2026-11-25T02:42:05Z',
            staff: '发布负责人',
            action: 'publish',
            pageId: 'spring-sale',
            version: 2,
            detail: null,
          },
          ...(call.query.get('page')
            ? []
            : [
                {
                  at: '2026-11-25T01:00:00Z',
                  staff: '运营编辑',
                  action: 'login',
                  pageId: null,
                  version: null,
                  detail: null,
                },
              ]),
        ],
      }),
    })
    renderStudio('/audit', EDITOR)
    const user = userEvent.setup()
    const row = (await screen.findByText('发布负责人')).closest('tr') as HTMLElement
    expect(within(row).getByText('2026-11-25 10:42:05')).toBeInTheDocument()
    expect(within(row).getByText('发布')).toBeInTheDocument()
    expect(within(row).getByText('v2')).toBeInTheDocument()
    expect(screen.getByText('登录')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: '按页面筛选' }), 'spring-sale{Enter}')
    await waitFor(() => expect(screen.queryByText('登录')).not.toBeInTheDocument())
    expect(api.calls.at(-1)?.query.get('page')).toBe('spring-sale')
  })
})
