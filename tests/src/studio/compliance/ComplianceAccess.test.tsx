import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ADMIN, COMPLIANCE, EDITOR, PUBLISHER, renderStudio, stubStudioApi } from '../studioHarness'
import { summary } from './trailFixtures'

const menuItems = async () =>
  within(await screen.findByRole('menu', { name: '主菜单' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent)

describe('the 合规 role in the studio', () => {
  it('a compliance user lands on 销售过程回溯 and sees no page editing', async () => {
    const api = stubStudioApi({ 'GET /api/studio/compliance/sales': { items: [summary] } })
    const { router } = renderStudio('/', COMPLIANCE)
    expect(await screen.findByRole('heading', { name: '销售过程回溯' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/compliance')
    expect(await menuItems()).toEqual(['销售过程回溯', '产品页面版本'])
    expect(screen.getByText('合规')).toBeInTheDocument()
    // The pages list was never asked for.
    expect(api.callsTo('GET', '/api/studio/pages')).toHaveLength(0)
  })

  it('a compliance user opening a page-work address is told 无权限 and led back', async () => {
    const api = stubStudioApi({ 'GET /api/studio/compliance/sales': { items: [] } })
    const { router } = renderStudio('/pages/spring-sale', COMPLIANCE)
    expect(await screen.findByText('无权限')).toBeInTheDocument()
    expect(api.callsTo('GET', '/api/studio/pages/spring-sale')).toHaveLength(0)
    await userEvent.setup().click(screen.getByRole('button', { name: '前往销售过程回溯' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/compliance'))
  })

  it('a compliance user cannot open the audit log, partner health or staff', async () => {
    stubStudioApi({})
    for (const path of ['/audit', '/partner-health', '/staff']) {
      const view = renderStudio(path, COMPLIANCE)
      expect(await screen.findByText(/无权限|需要管理员权限/)).toBeInTheDocument()
      view.unmount()
    }
  })

  it('an editor sees page work but not 销售过程回溯', async () => {
    stubStudioApi({ 'GET /api/studio/pages': { pages: [], folders: [] } })
    renderStudio('/', EDITOR)
    const items = await menuItems()
    expect(items).toContain('页面')
    expect(items).not.toContain('销售过程回溯')
    expect(items).not.toContain('产品资料')
  })

  it('an editor at the compliance address sees 无权限', async () => {
    const api = stubStudioApi({})
    renderStudio('/compliance', EDITOR)
    expect(await screen.findByText('无权限')).toBeInTheDocument()
    expect(screen.getByText('销售过程回溯只对合规和管理员开放。')).toBeInTheDocument()
    expect(api.callsTo('GET', '/api/studio/compliance/sales')).toHaveLength(0)
  })

  it('an admin sees page work and 销售过程回溯; a publisher 产品资料', async () => {
    stubStudioApi({ 'GET /api/studio/pages': { pages: [], folders: [] } })
    const admin = renderStudio('/', ADMIN)
    const items = await menuItems()
    expect(items).toEqual(
      expect.arrayContaining(['页面', '操作日志', '销售过程回溯', '产品页面版本', '员工管理']),
    )
    admin.unmount()
    renderStudio('/', PUBLISHER)
    const publisher = await menuItems()
    expect(publisher).toContain('产品资料')
    expect(publisher).not.toContain('销售过程回溯')
  })

  it('an admin can make an account 合规', async () => {
    stubStudioApi({
      'GET /api/studio/staff': {
        staff: [
          {
            id: 3,
            username: 'admin',
            displayName: '管理员',
            role: 'admin',
            disabled: false,
            lastLoginAt: null,
          },
          {
            id: 4,
            username: 'compliance',
            displayName: '合规专员',
            role: 'compliance',
            disabled: false,
            lastLoginAt: null,
          },
        ],
      },
    })
    renderStudio('/staff', ADMIN)
    const select = await screen.findByRole('combobox', { name: '合规专员 的角色' })
    const row = select.closest('tr') as HTMLElement
    expect(within(row).getByText('合规')).toBeInTheDocument()
    await userEvent.setup().click(select)
    // The choices of the open list, as they read.
    await screen.findByText('发布员', { selector: '.ant-select-item-option-content' })
    const choices = [...document.querySelectorAll('.ant-select-item-option-content')].map(
      (o) => o.textContent,
    )
    expect(choices).toEqual(expect.arrayContaining(['编辑', '发布员', '管理员', '合规']))
  })
})
