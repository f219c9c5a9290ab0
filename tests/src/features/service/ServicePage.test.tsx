import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import ServicePage from '../../../../src/features/service/ServicePage'
import type { Conversation, Message } from '../../../../src/types/generated/api/service'
import type { FaqList } from '../../../../src/types/generated/api/help'
import { apiError, renderScreen, stubApi, type ApiAnswers } from '../../harness'
import { me } from '../member/fixtures'

// /service against the API stub and a fake EventSource: messages by number (once each, in order, whatever the
// order and repeats they come in), one send per tap, 转人工's queue position, the rating after an agent's
// service, and a visitor's FAQ answers with 转人工 through login.

/** A minimal EventSource: the test pushes events into the last one opened. */
class FakeEventSource {
  static last: FakeEventSource | null = null
  static opened: string[] = []
  readyState = 1
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()
  constructor(readonly url: string) {
    FakeEventSource.last = this
    FakeEventSource.opened.push(url)
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.readyState = 2
  }
  emit(type: string, data?: unknown) {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data ?? null) })
    act(() => this.listeners.get(type)?.forEach((l) => l(event)))
  }
}

const conversation = (extra: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  status: 'bot',
  context: [],
  agentName: null,
  position: null,
  withinHours: true,
  hours: '每天 9:00–21:00',
  lastSeq: 1,
  rating: null,
  createdAt: '2026-11-25T12:00:00.000+08:00',
  closedAt: null,
  ...extra,
})

const message = (seq: number, extra: Partial<Message> = {}): Message => ({
  seq,
  sender: 'bot',
  senderName: '智能助手',
  text: `消息${seq}`,
  imageUrl: null,
  faqs: [],
  createdAt: '2026-11-25T12:00:00.000+08:00',
  ...extra,
})

const disclosure = {
  platform: {
    platformName: '国恒保险商城',
    name: '国恒保险经纪有限公司（演示）',
    licenceNo: '1',
    creditCode: '1',
    registeredAddress: '上海市',
    hotline: '4000-000-800',
    serviceHours: '每天 9:00–21:00',
    complaintPhone: '4000-000-801',
    complaintEmail: 'c@example.com',
    complaintNote: '',
    regulatorHotline: '12378',
    onlineServicePath: '/service',
  },
  insurer: null,
}

const loggedIn = (answers: ApiAnswers = {}) =>
  stubApi({
    'GET /api/me': me(),
    'GET /api/disclosure': disclosure,
    'POST /api/service/conversations': conversation(),
    'GET /api/service/conversations/c1/messages': { conversation: conversation(), items: [message(1)] },
    ...answers,
  })

const texts = () => screen.getAllByTestId('service-line').map((li) => li.textContent)

beforeEach(() => {
  FakeEventSource.last = null
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => vi.unstubAllGlobals())

describe('/service logged in', () => {
  it('opens with the context, then shows the messages in number order, each once', async () => {
    const api = loggedIn()
    renderScreen(ServicePage, '/service?policyId=pol-1')
    await screen.findByText('消息1')
    expect(api.callsTo('POST', '/api/service/conversations')[0].body).toEqual({
      context: { policyId: 'pol-1' },
    })
    await waitFor(() =>
      expect(FakeEventSource.last?.url).toBe('/api/service/conversations/c1/stream?after=1'),
    )
    const stream = FakeEventSource.last!
    stream.emit('message', message(3))
    stream.emit('message', message(2))
    stream.emit('message', message(3))
    stream.emit('message', message(1))
    expect(texts()).toEqual(['智能助手消息1', '智能助手消息2', '智能助手消息3'])
  })

  it('shows the reconnecting bar and fills the gap when the stream is back', async () => {
    const api = loggedIn()
    renderScreen(ServicePage, '/service')
    await screen.findByText('消息1')
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull())
    const stream = FakeEventSource.last!
    stream.emit('error')
    expect(screen.getByText('连接中断，正在重连…')).toBeInTheDocument()
    stream.emit('open')
    await waitFor(() => expect(screen.queryByText('连接中断，正在重连…')).not.toBeInTheDocument())
    expect(api.requested).toContain('/api/service/conversations/c1/messages?after=1')
  })

  it('sends a message once however fast it is tapped, and shows the answer with its FAQ links', async () => {
    let release: () => void = () => {}
    const api = loggedIn({
      'POST /api/service/conversations/c1/messages': async () => {
        await new Promise<void>((resolve) => (release = resolve))
        return {
          conversation: conversation({ lastSeq: 3 }),
          items: [
            message(2, { sender: 'customer', senderName: '我', text: '犹豫期多久' }),
            message(3, {
              text: '为您找到以下问题，点击查看答案：',
              faqs: [{ id: 'cooling-off', question: '犹豫期是多久？' }],
            }),
          ],
        }
      },
    })
    const user = userEvent.setup()
    renderScreen(ServicePage, '/service')
    await screen.findByText('消息1')
    const send = screen.getByRole('button', { name: '发送' })
    expect(send).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: '输入消息' }), '犹豫期多久')
    await user.dblClick(send)
    await user.click(send)
    release()
    expect(await screen.findByRole('link', { name: '犹豫期是多久？' })).toHaveAttribute(
      'href',
      '/problems?id=cooling-off',
    )
    const sent = api.callsTo('POST', '/api/service/conversations/c1/messages')
    expect(sent).toHaveLength(1)
    expect(sent[0].body).toEqual({ clientId: expect.stringMatching(/^[0-9a-f]{32}$/), text: '犹豫期多久' })
    expect(screen.getByRole('textbox', { name: '输入消息' })).toHaveValue('')
  })

  it('keeps the client id of a failed send for its retry', async () => {
    let fail = true
    const api = loggedIn({
      'POST /api/service/conversations/c1/messages': () =>
        fail
          ? apiError(503, 'UNAVAILABLE', '服务繁忙')
          : { conversation: conversation(), items: [message(2, { sender: 'customer', text: '你好' })] },
    })
    const user = userEvent.setup()
    renderScreen(ServicePage, '/service')
    await screen.findByText('消息1')
    await user.type(screen.getByRole('textbox', { name: '输入消息' }), '你好')
    await user.click(screen.getByRole('button', { name: '发送' }))
    await waitFor(() => expect(screen.getByRole('button', { name: '发送' })).toBeEnabled())
    fail = false
    await user.click(screen.getByRole('button', { name: '发送' }))
    await screen.findByText('你好')
    const [first, second] = api.callsTo('POST', '/api/service/conversations/c1/messages')
    expect((second.body as { clientId: string }).clientId).toBe((first.body as { clientId: string }).clientId)
  })

  it('shows the counter near the 500-character limit', async () => {
    loggedIn()
    renderScreen(ServicePage, '/service')
    await screen.findByText('消息1')
    const input = screen.getByRole('textbox', { name: '输入消息' })
    await userEvent.click(input)
    await userEvent.paste('字'.repeat(460))
    expect(screen.getByTestId('service-count')).toHaveTextContent('460/500')
  })

  it('转人工 shows the queue position, then the agent', async () => {
    const api = loggedIn({
      'POST /api/service/conversations/c1/handoff': conversation({ status: 'queued', position: 2 }),
    })
    const user = userEvent.setup()
    renderScreen(ServicePage, '/service')
    await screen.findByText('消息1')
    await user.click(screen.getByRole('button', { name: '转人工' }))
    expect(await screen.findByText('正在为您转接人工客服，前面还有 2 位')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/service/conversations/c1/handoff')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: '转人工' })).not.toBeInTheDocument()
    FakeEventSource.last!.emit('conversation', conversation({ status: 'queued', position: 0 }))
    expect(screen.getByTestId('service-state')).toHaveTextContent('正在为您转接人工客服，下一位就是您')
    FakeEventSource.last!.emit('conversation', conversation({ status: 'active', agentName: '小国（1001）' }))
    expect(screen.getByTestId('service-state')).toHaveTextContent('客服小国（1001）为您服务')
  })

  it('outside service hours shows the 留言 notice', async () => {
    loggedIn({
      'POST /api/service/conversations/c1/handoff': conversation({ status: 'queued', withinHours: false }),
    })
    const user = userEvent.setup()
    renderScreen(ServicePage, '/service')
    await screen.findByText('消息1')
    await user.click(screen.getByRole('button', { name: '转人工' }))
    expect(await screen.findByTestId('service-state')).toHaveTextContent(
      '现在不是人工服务时间（每天 9:00–21:00），请留言',
    )
  })

  it('a closed conversation an agent served asks for a rating, then thanks', async () => {
    const closed = conversation({
      status: 'closed',
      agentName: '小国（1001）',
      closedAt: '2026-11-25T12:30:00.000+08:00',
    })
    const api = loggedIn({
      'POST /api/service/conversations': closed,
      'GET /api/service/conversations/c1/messages': {
        conversation: closed,
        items: [
          message(1),
          message(2, {
            sender: 'system',
            senderName: '系统',
            text: '本次服务已结束，欢迎为客服的服务评价。',
          }),
        ],
      },
      'POST /api/service/conversations/c1/rating': { ...closed, rating: 4 },
    })
    const user = userEvent.setup()
    renderScreen(ServicePage, '/service')
    expect(await screen.findByTestId('service-state')).toHaveTextContent('本次服务已结束')
    const rating = await screen.findByTestId('service-rating')
    expect(screen.queryByRole('textbox', { name: '输入消息' })).not.toBeInTheDocument()
    expect(within(rating).getByRole('button', { name: '提交评价' })).toBeDisabled()
    await user.click(within(rating).getByRole('radio', { name: '4 星' }))
    await user.type(within(rating).getByRole('textbox', { name: '评价内容（选填）' }), '很耐心')
    await user.click(within(rating).getByRole('button', { name: '提交评价' }))
    expect(await screen.findByText('感谢您的评价')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/service/conversations/c1/rating')[0].body).toEqual({
      score: 4,
      comment: '很耐心',
    })
    expect(screen.getByRole('button', { name: '重新咨询' })).toBeInTheDocument()
  })

  it('a closed conversation the assistant alone served offers 重新咨询 and no rating', async () => {
    const closed = conversation({ status: 'closed' })
    loggedIn({
      'POST /api/service/conversations': closed,
      'GET /api/service/conversations/c1/messages': { conversation: closed, items: [message(1)] },
    })
    renderScreen(ServicePage, '/service')
    expect(await screen.findByRole('button', { name: '重新咨询' })).toBeInTheDocument()
    expect(screen.queryByTestId('service-rating')).not.toBeInTheDocument()
    expect(FakeEventSource.last).toBeNull()
  })

  it('sends the question typed before login with the context, once', async () => {
    const api = loggedIn()
    renderScreen(ServicePage, '/service?productId=p-med&question=%E7%8A%B9%E8%B1%AB%E6%9C%9F')
    await screen.findByText('消息1')
    const opens = api.callsTo('POST', '/api/service/conversations')
    expect(opens).toHaveLength(1)
    expect(opens[0].body).toEqual({ context: { productId: 'p-med' }, question: '犹豫期' })
  })

  it('shows an error with 重试 when opening fails', async () => {
    let fail = true
    loggedIn({
      'POST /api/service/conversations': () =>
        fail ? apiError(500, 'INTERNAL', '服务器开小差了') : conversation(),
    })
    renderScreen(ServicePage, '/service')
    const retry = await screen.findByRole('button', { name: '重试' })
    fail = false
    await userEvent.click(retry)
    expect(await screen.findByText('消息1')).toBeInTheDocument()
  })

  it('closes the stream on unmount', async () => {
    loggedIn()
    const router = renderScreen(ServicePage, '/service', '/service', ['/elsewhere'])
    await screen.findByText('消息1')
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull())
    const stream = FakeEventSource.last!
    await act(() => router.navigate('/elsewhere'))
    expect(stream.readyState).toBe(2)
  })
})

describe('/service as a visitor', () => {
  const faq = (items: { id: string; question: string }[]): FaqList => ({
    version: 'v1',
    categories: [],
    items: items.map((i) => ({ ...i, category: 'policy' as const })),
  })

  it('answers from the FAQ with up to 3 links, and 转人工 goes to login with the question', async () => {
    const api = stubApi({
      'GET /api/me': apiError(401, 'UNAUTHENTICATED', '请先登录'),
      'GET /api/disclosure': disclosure,
      'GET /api/help/faq': faq([
        { id: 'a', question: '犹豫期是多久？' },
        { id: 'b', question: '犹豫期内退保退多少？' },
        { id: 'c', question: '如何退保？' },
        { id: 'd', question: '第四个问题' },
      ]),
    })
    const user = userEvent.setup()
    renderScreen(ServicePage, '/service?productId=p-med')
    await user.type(await screen.findByRole('textbox', { name: '输入消息' }), '犹豫期')
    await user.click(screen.getByRole('button', { name: '发送' }))
    expect(await screen.findByRole('link', { name: '犹豫期是多久？' })).toHaveAttribute(
      'href',
      '/problems?id=a',
    )
    expect(screen.getByRole('link', { name: '如何退保？' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: '第四个问题' })).not.toBeInTheDocument()
    expect(api.requested).toContain('/api/help/faq?q=%E7%8A%B9%E8%B1%AB%E6%9C%9F')
    expect(api.callsTo('POST', '/api/service/conversations')).toHaveLength(0)
    expect(screen.getByRole('link', { name: '拨打客服热线 4000-000-800' })).toHaveAttribute(
      'href',
      'tel:4000000800',
    )

    await user.click(screen.getByRole('button', { name: '转人工' }))
    const location = await screen.findByTestId('location')
    const url = new URL(location.textContent ?? '', 'http://x')
    expect(url.pathname).toBe('/Login')
    expect(url.searchParams.get('redirect')).toBe(
      '/service?productId=p-med&question=%E7%8A%B9%E8%B1%AB%E6%9C%9F',
    )
  })

  it('says when the FAQ has no answer', async () => {
    stubApi({
      'GET /api/me': apiError(401, 'UNAUTHENTICATED', '请先登录'),
      'GET /api/disclosure': disclosure,
      'GET /api/help/faq': faq([]),
    })
    const user = userEvent.setup()
    renderScreen(ServicePage, '/service')
    await user.type(await screen.findByRole('textbox', { name: '输入消息' }), '火星保险')
    await user.click(screen.getByRole('button', { name: '发送' }))
    expect(await screen.findByText(/抱歉，没有找到相关答案/)).toBeInTheDocument()
  })
})
