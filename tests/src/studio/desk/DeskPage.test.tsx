import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { QUICK_REPLIES } from '../../../../src/domain/serviceDesk'
import type { DeskConversation, Message } from '../../../../src/studio/api/desk'
import { ADMIN, renderStudio, stubStudioApi, studioError, type StudioCall } from '../studioHarness'
import {
  AGENT,
  CONVERSATION_ID,
  conversation,
  message,
  mineActive,
  stubEventSource,
  type FakeEventSource,
} from './deskFixtures'

const LIST = '/api/studio/desk/conversations'
const ONE = `${LIST}/${CONVERSATION_ID}`
const deskAt = (c?: string, queue?: string) => {
  const params = new URLSearchParams({ ...(queue ? { queue } : {}), ...(c ? { c } : {}) })
  return `/desk${params.size ? `?${params}` : ''}`
}

/** The lists by queue: `lists[queue]` or nothing. */
const listsAnswer =
  (lists: Partial<Record<string, DeskConversation[]>>, waiting = lists.waiting?.length ?? 0) =>
  (call: StudioCall) => ({ items: lists[call.query.get('queue') ?? ''] ?? [], waiting })

const lastStream = (opened: FakeEventSource[]) => {
  const open = opened.filter((s) => !s.closed)
  expect(open).toHaveLength(1)
  return open[0]
}

const shownSeqs = () =>
  [...document.querySelectorAll<HTMLElement>('.desk-msg')].map((el) => Number(el.dataset.seq))

describe('在线客服 (the desk)', () => {
  it('a 客服 starts on the desk: the waiting list shows masked rows with context, waiting time, 留言 and unread', async () => {
    stubEventSource()
    stubStudioApi({
      [`GET ${LIST}`]: listsAnswer({
        waiting: [
          conversation({ unread: 2 }),
          conversation({
            id: 'c2',
            customerPhone: '139****0002',
            afterHours: true,
            context: [],
            lastMessage: '[图片]',
          }),
        ],
      }),
    })
    const { router } = renderStudio('/', AGENT)
    const rows = await screen.findByRole('list', { name: '会话列表' })
    expect(router.state.location.pathname).toBe('/desk')
    const first = within(rows).getByRole('button', { name: '会话 138****0001' })
    expect(within(first).getByText('百万医疗险')).toBeInTheDocument()
    expect(within(first).getByText('等待 3 分钟')).toBeInTheDocument()
    expect(within(first).getByText('请问等待期多久？')).toBeInTheDocument()
    expect(within(first).getByText('2')).toBeInTheDocument()
    const second = within(rows).getByRole('button', { name: '会话 139****0002' })
    expect(within(second).getByText('留言')).toBeInTheDocument()
    expect(within(second).getByText('[图片]')).toBeInTheDocument()
    // The tab counts the queue; the menu shows the entry with its badge.
    expect(screen.getByRole('tab', { name: /排队与留言/ })).toHaveTextContent('排队与留言2')
    const menu = await screen.findByRole('menu', { name: '主菜单' })
    expect(within(menu).getByRole('menuitem', { name: /在线客服/ })).toHaveTextContent('在线客服2')
    expect(document.body.textContent).not.toMatch(/1380*0001|13800000001/)
  })

  it('an empty list says 暂无会话; a failed one offers 重试', async () => {
    stubEventSource()
    let fail = true
    const api = stubStudioApi({
      [`GET ${LIST}`]: (call: StudioCall) =>
        fail ? studioError(500, 'INTERNAL', '服务暂时不可用，请稍后重试') : listsAnswer({})(call),
    })
    renderStudio('/desk', ADMIN)
    expect(await screen.findByText(/会话加载失败/)).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByText('暂无会话')).toBeInTheDocument()
    expect(api.callsTo('GET', LIST).length).toBeGreaterThanOrEqual(2)
  })

  it('接待 takes a queued conversation and moves it to 我接待中 with a reply box', async () => {
    const opened = stubEventSource()
    let taken = false
    const api = stubStudioApi({
      [`GET ${LIST}`]: (call: StudioCall) =>
        listsAnswer(taken ? { mine: [mineActive()] } : { waiting: [conversation()] })(call),
      [`GET ${ONE}`]: () => ({
        conversation: taken ? mineActive() : conversation(),
        items: [
          message(1),
          message(2, { sender: 'system', senderName: '系统', text: '已为您转接人工客服，请稍候。' }),
        ],
      }),
      [`POST ${ONE}/take`]: () => {
        taken = true
        return {
          conversation: mineActive(),
          items: [
            message(1),
            message(2, { sender: 'system', senderName: '系统', text: '已为您转接人工客服，请稍候。' }),
            message(3, { sender: 'system', senderName: '系统', text: '客服小国为您服务。' }),
          ],
        }
      },
    })
    const { router } = renderStudio('/desk', AGENT)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: '会话 138****0001' }))
    await user.click(await screen.findByRole('button', { name: '接待' }))
    expect(await screen.findByRole('textbox', { name: '回复内容' })).toBeInTheDocument()
    expect(screen.getByText('客服小国为您服务。')).toBeInTheDocument()
    expect(api.callsTo('POST', `${ONE}/take`)).toHaveLength(1)
    await waitFor(() => expect(router.state.location.search).toBe(`?queue=mine&c=${CONVERSATION_ID}`))
    await waitFor(() => expect(document.querySelector('.ant-tabs-tab-active')).toHaveTextContent('我接待中'))
    expect(await screen.findByRole('button', { name: '会话 138****0001' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    // The stream follows the open conversation from its newest message.
    await waitFor(() => expect(lastStream(opened).url).toContain(`conversation=${CONVERSATION_ID}`))
    expect(screen.getByRole('button', { name: '转接' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '结束会话' })).toBeInTheDocument()
  })

  it('a 409 on 接待 says 已被其他客服接待 and refreshes', async () => {
    stubEventSource()
    const api = stubStudioApi({
      [`GET ${LIST}`]: listsAnswer({ waiting: [conversation()] }),
      [`GET ${ONE}`]: { conversation: conversation(), items: [message(1)] },
      [`POST ${ONE}/take`]: studioError(409, 'CONVERSATION_TAKEN', '该会话已被其他客服接待或已结束'),
    })
    renderStudio(deskAt(CONVERSATION_ID), AGENT)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: '接待' }))
    expect(await screen.findByText('已被其他客服接待')).toBeInTheDocument()
    const lists = api.callsTo('GET', LIST).length
    await waitFor(() => expect(api.callsTo('GET', ONE).length).toBeGreaterThanOrEqual(2))
    expect(api.callsTo('GET', ONE).at(-1)?.query.get('after')).toBe('1')
    expect(lists).toBeGreaterThanOrEqual(2)
    expect(screen.queryByRole('textbox', { name: '回复内容' })).not.toBeInTheDocument()
  })

  it('a message event is added once by its number, and a reconnect fills the gap', async () => {
    const opened = stubEventSource()
    const api = stubStudioApi({
      [`GET ${LIST}`]: listsAnswer({ mine: [mineActive()] }),
      [`GET ${ONE}`]: (call: StudioCall) => ({
        conversation: mineActive(),
        items:
          call.query.get('after') === '3'
            ? [message(4, { text: '断线期间的消息' })]
            : [message(1), message(2)],
      }),
    })
    renderStudio(deskAt(CONVERSATION_ID, 'mine'), AGENT)
    expect(await screen.findByText('第 2 条消息')).toBeInTheDocument()
    await waitFor(() => expect(lastStream(opened).url).toContain('after=2'))
    const stream = lastStream(opened)
    act(() => {
      stream.emit('open')
      stream.emit('message', message(2), 2)
      stream.emit('message', message(3, { sender: 'agent', senderName: '客服小国', text: '您好' }), 3)
      stream.emit('message', message(3, { sender: 'agent', senderName: '客服小国', text: '您好' }), 3)
    })
    expect(await screen.findByText('您好')).toBeInTheDocument()
    expect(screen.getAllByText('第 2 条消息')).toHaveLength(1)
    expect(shownSeqs()).toEqual([1, 2, 3])

    act(() => stream.emit('error'))
    expect(await screen.findByText('连接中断，正在重连…')).toBeInTheDocument()
    act(() => stream.emit('open'))
    expect(await screen.findByText('断线期间的消息')).toBeInTheDocument()
    expect(screen.queryByText('连接中断，正在重连…')).not.toBeInTheDocument()
    expect(shownSeqs()).toEqual([1, 2, 3, 4])
    expect(api.callsTo('GET', ONE).at(-1)?.query.get('after')).toBe('3')
  })

  it('a changed event revalidates the lists', async () => {
    const opened = stubEventSource()
    let waiting = [conversation()]
    const api = stubStudioApi({ [`GET ${LIST}`]: (call: StudioCall) => listsAnswer({ waiting })(call) })
    renderStudio('/desk', AGENT)
    await screen.findByRole('button', { name: '会话 138****0001' })
    waiting = [...waiting, conversation({ id: 'c2', customerPhone: '139****0002' })]
    const before = api.callsTo('GET', LIST).length
    act(() => {
      lastStream(opened).emit('changed', { conversationId: 'c2' })
      lastStream(opened).emit('changed', { conversationId: CONVERSATION_ID })
    })
    expect(await screen.findByRole('button', { name: '会话 139****0002' })).toBeInTheDocument()
    // One burst, one refresh (of the lists in use).
    expect(api.callsTo('GET', LIST).length - before).toBeLessThanOrEqual(2)
  })

  it('快捷回复 inserts its text into the reply box', async () => {
    stubEventSource()
    stubStudioApi({
      [`GET ${LIST}`]: listsAnswer({ mine: [mineActive()] }),
      [`GET ${ONE}`]: { conversation: mineActive(), items: [message(1)] },
    })
    renderStudio(deskAt(CONVERSATION_ID, 'mine'), AGENT)
    const box = await screen.findByRole('textbox', { name: '回复内容' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /快捷回复/ }))
    await user.click(await screen.findByText(QUICK_REPLIES[1]))
    expect(box).toHaveValue(QUICK_REPLIES[1])
  })

  it('a double click sends once, with a client id; Enter sends and Shift+Enter starts a new line', async () => {
    stubEventSource()
    const sent: Message[] = []
    let release: () => void = () => {}
    const api = stubStudioApi({
      [`GET ${LIST}`]: listsAnswer({ mine: [mineActive()] }),
      [`GET ${ONE}`]: { conversation: mineActive(), items: [message(1)] },
      [`POST ${ONE}/messages`]: async (call: StudioCall) => {
        const body = call.body as { clientId: string; text: string }
        await new Promise<void>((resolve) => (release = resolve))
        const reply = message(2 + sent.length, { sender: 'agent', senderName: '客服小国', text: body.text })
        sent.push(reply)
        return { conversation: mineActive(), items: [reply] }
      },
    })
    renderStudio(deskAt(CONVERSATION_ID, 'mine'), AGENT)
    const box = await screen.findByRole('textbox', { name: '回复内容' })
    const user = userEvent.setup()
    await user.type(box, '请稍等')
    await user.dblClick(screen.getByRole('button', { name: '发送' }))
    await waitFor(() => expect(api.callsTo('POST', `${ONE}/messages`)).toHaveLength(1))
    expect(screen.getByRole('button', { name: /发送/ })).toBeDisabled()
    await act(async () => release())
    expect(await screen.findByText('请稍等', { selector: '.desk-msg-text' })).toBeInTheDocument()
    expect(box).toHaveValue('')
    const first = api.callsTo('POST', `${ONE}/messages`)[0].body as { clientId: string; text: string }
    expect(first.text).toBe('请稍等')
    expect(first.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/)

    await user.type(box, '第一行{Shift>}{Enter}{/Shift}第二行')
    expect(box).toHaveValue('第一行\n第二行')
    await user.type(box, '{Enter}')
    await waitFor(() => expect(api.callsTo('POST', `${ONE}/messages`)).toHaveLength(2))
    await act(async () => release())
    const second = api.callsTo('POST', `${ONE}/messages`)[1].body as { clientId: string; text: string }
    expect(second.text).toBe('第一行\n第二行')
    expect(second.clientId).not.toBe(first.clientId)
    await waitFor(() => expect(box).toHaveValue(''))
  })

  it('查看用户订单与保单 loads the customer only on the click', async () => {
    stubEventSource()
    const api = stubStudioApi({
      [`GET ${LIST}`]: listsAnswer({ mine: [mineActive()] }),
      [`GET ${ONE}`]: { conversation: mineActive(), items: [message(1)] },
      [`GET ${ONE}/customer`]: {
        phone: '138****0001',
        realName: '张*',
        orders: [
          {
            orderNo: 'OD2026112500001',
            productName: '百万医疗险',
            status: '已支付',
            premiumFen: 29900,
            createdAt: '2026-11-25T02:00:00.000Z',
          },
        ],
        policies: [],
      },
    })
    renderStudio(deskAt(CONVERSATION_ID, 'mine'), AGENT)
    const button = await screen.findByRole('button', { name: '查看用户订单与保单' })
    const side = screen.getByRole('complementary', { name: '用户与咨询内容' })
    expect(within(side).getByText('百万医疗险')).toBeInTheDocument()
    expect(api.callsTo('GET', `${ONE}/customer`)).toHaveLength(0)
    await userEvent.setup().click(button)
    expect(await within(side).findByText('OD2026112500001')).toBeInTheDocument()
    expect(within(side).getByText('299.00 元')).toBeInTheDocument()
    expect(within(side).getByText('暂无保单')).toBeInTheDocument()
    expect(api.callsTo('GET', `${ONE}/customer`)).toHaveLength(1)
  })

  it('转接 lists the other agents with their counts and sends the choice', async () => {
    stubEventSource()
    const api = stubStudioApi({
      [`GET ${LIST}`]: listsAnswer({ mine: [mineActive()] }),
      [`GET ${ONE}`]: { conversation: mineActive(), items: [message(1)] },
      'GET /api/studio/desk/agents': {
        items: [
          { id: AGENT.id, displayName: '小国', role: 'agent', active: 1 },
          { id: 9, displayName: '小李', role: 'agent', active: 3 },
        ],
      },
      [`POST ${ONE}/transfer`]: {
        conversation: mineActive({ agentId: 9, agentName: '小李' }),
        items: [message(2, { sender: 'system', senderName: '系统', text: '已为您转接客服小李。' })],
      },
    })
    renderStudio(deskAt(CONVERSATION_ID, 'mine'), AGENT)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: '转接' }))
    const choice = await screen.findByRole('radio', { name: /小李/ })
    expect(screen.getByText('（接待中 3 个）')).toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: /小国/ })).not.toBeInTheDocument()
    await user.click(choice)
    await user.type(screen.getByRole('textbox', { name: '转接说明' }), '咨询理赔')
    await user.click(screen.getByRole('button', { name: '确认转接' }))
    await waitFor(() => expect(api.callsTo('POST', `${ONE}/transfer`)).toHaveLength(1))
    expect(api.callsTo('POST', `${ONE}/transfer`)[0].body).toEqual({ toStaffId: 9, note: '咨询理赔' })
    expect(await screen.findByText('已为您转接客服小李。')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: '回复内容' })).not.toBeInTheDocument()
  })

  it('an editor is told 无权限 at the desk', async () => {
    stubEventSource()
    stubStudioApi({})
    const { EDITOR } = await import('../studioHarness')
    renderStudio('/desk', EDITOR)
    expect(await screen.findByText('客服工作台只对客服和管理员开放。')).toBeInTheDocument()
  })
})
