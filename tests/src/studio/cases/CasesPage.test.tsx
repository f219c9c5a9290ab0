import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Staff } from '../../../../src/studio/api/types'
import { EDITOR, findDialog, renderStudio, stubStudioApi, studioError } from '../studioHarness'

// 服务工单: the agent's menu entry, the feedback desk's masked list and reply, and a 409 shown in Chinese.
const AGENT: Staff = { id: 9, username: 'agent', displayName: '客服专员', role: 'agent' }

const pending = {
  id: 'f1',
  type: 'bug',
  content: '保单详情页的条款打不开',
  photoCount: 0,
  contactPhone: '138****5678',
  status: 'PENDING',
  createdAt: '2026-11-25T04:00:00.000Z',
}
const full = { ...pending, photos: [], userPhone: '137****0001', replies: [] }

describe('服务工单', () => {
  it('an agent replies to a feedback from the masked list', async () => {
    const api = stubStudioApi({
      'GET /api/studio/cases/feedback': { items: [pending] },
      'GET /api/studio/cases/feedback/:id': full,
      'POST /api/studio/cases/feedback/:id/reply': (call: { body: { body: string } }) => ({
        ...full,
        status: 'REPLIED',
        replies: [{ author: '客服', body: call.body.body, createdAt: '2026-11-25T04:05:00.000Z' }],
      }),
    })
    renderStudio('/cases', AGENT)
    expect(await screen.findByRole('heading', { name: '服务工单' })).toBeInTheDocument()
    expect(within(screen.getByRole('menu', { name: '主菜单' })).getByText('服务工单')).toBeInTheDocument()
    const row = (await screen.findByText('保单详情页的条款打不开')).closest('tr')
    expect(row).toHaveTextContent('138****5678')
    const user = userEvent.setup()
    await user.click(await screen.findByText('保单详情页的条款打不开'))
    const drawer = await findDialog('意见反馈')
    await user.type(within(drawer).getByLabelText('回复内容'), '您好，已修复。')
    await user.click(within(drawer).getByRole('button', { name: '发送回复' }))
    expect(await within(drawer).findByText('您好，已修复。')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/studio/cases/feedback/f1/reply')[0].body).toEqual({
      body: '您好，已修复。',
    })
  })

  it('shows another agent’s earlier reply as the server words it', async () => {
    stubStudioApi({
      'GET /api/studio/cases/feedback': { items: [pending] },
      'GET /api/studio/cases/feedback/:id': full,
      'POST /api/studio/cases/feedback/:id/reply': () =>
        studioError(409, 'FEEDBACK_ALREADY_REPLIED', '该反馈已回复，请刷新后查看'),
    })
    renderStudio('/cases', AGENT)
    const user = userEvent.setup()
    await user.click(await screen.findByText('保单详情页的条款打不开'))
    const drawer = await findDialog('意见反馈')
    await user.type(within(drawer).getByLabelText('回复内容'), '您好，已修复。')
    await user.click(within(drawer).getByRole('button', { name: '发送回复' }))
    expect(await screen.findByText('该反馈已回复，请刷新后查看')).toBeInTheDocument()
  })

  it('an editor at 服务工单 sees 无权限', async () => {
    const api = stubStudioApi({})
    renderStudio('/cases', EDITOR)
    expect(await screen.findByText('客服工作台只对客服和管理员开放。')).toBeInTheDocument()
    await waitFor(() => expect(api.callsTo('GET', '/api/studio/cases/feedback')).toHaveLength(0))
  })
})
