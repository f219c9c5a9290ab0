import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import FeedbackPage from '../../../../src/features/feedback/FeedbackPage'
import FeedbackListPage from '../../../../src/features/feedback/FeedbackListPage'
import type { Feedback } from '../../../../src/types/generated/api/feedback'
import { apiError, renderScreen, stubApi } from '../../harness'
import { me } from '../member/fixtures'

// /feedBack against the API stub: the type, the 10–500 characters with their counter and the phone are checked
// before anything is sent; a valid form is sent once with an Idempotency-Key; a logged-out visitor is offered
// login. /feedsback shows the status and the replies.

const filed = (extra: Partial<Feedback> = {}): Feedback => ({
  id: 'f1',
  type: 'bug',
  content: '支付完成后订单页一直显示待支付。',
  photos: [],
  contactPhone: null,
  status: 'PENDING',
  createdAt: '2026-11-25T10:00:00.000+08:00',
  replies: [],
  ...extra,
})

describe('/feedBack', () => {
  it('checks the type, the text length and the phone before sending, and shows the counter', async () => {
    const api = stubApi({ 'GET /api/me': me(), 'POST /api/feedback': filed() })
    const user = userEvent.setup()
    renderScreen(FeedbackPage, '/feedBack')
    const text = await screen.findByRole('textbox', { name: '问题描述' })
    expect(screen.getByTestId('feedback-count')).toHaveTextContent('0/500')

    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(screen.getByText('请选择反馈类型')).toBeInTheDocument()
    expect(screen.getByText('请至少填写 10 个字')).toBeInTheDocument()

    await user.click(screen.getByText('功能异常'))
    await user.type(text, '页面打不开')
    expect(screen.getByTestId('feedback-count')).toHaveTextContent('5/500')
    await user.type(screen.getByRole('textbox', { name: '联系电话' }), '1234567')
    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(screen.queryByText('请选择反馈类型')).not.toBeInTheDocument()
    expect(screen.getByText('请至少填写 10 个字')).toBeInTheDocument()
    expect(screen.getByText('请输入正确的11位手机号')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/feedback')).toHaveLength(0)

    await user.type(text, '，点击支付后一直转圈')
    await user.clear(screen.getByRole('textbox', { name: '联系电话' }))
    await user.type(screen.getByRole('textbox', { name: '联系电话' }), '13800138000')
    await user.click(screen.getByRole('button', { name: '提交' }))
    const [sent] = api.callsTo('POST', '/api/feedback')
    expect(sent.body).toEqual({
      type: 'bug',
      content: '页面打不开，点击支付后一直转圈',
      photos: [],
      contactPhone: '13800138000',
    })
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
  })

  it("shows the server's refusal and keeps the form", async () => {
    stubApi({
      'GET /api/me': me(),
      'POST /api/feedback': apiError(400, 'INVALID_INPUT', '图片不存在或已被使用，请重新上传'),
    })
    const user = userEvent.setup()
    renderScreen(FeedbackPage, '/feedBack')
    await user.click(await screen.findByText('产品建议'))
    await user.type(screen.getByRole('textbox', { name: '问题描述' }), '希望增加夜间模式，晚上看保单更舒服。')
    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(await screen.findByText('图片不存在或已被使用，请重新上传')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: '问题描述' })).toHaveValue(
      '希望增加夜间模式，晚上看保单更舒服。',
    )
    expect(screen.getByRole('button', { name: '提交' })).toBeEnabled()
  })

  it('offers login to a logged-out visitor', async () => {
    stubApi({ 'GET /api/me': apiError(401, 'UNAUTHENTICATED', '请先登录') })
    renderScreen(FeedbackPage, '/feedBack')
    expect(await screen.findByTestId('feedback-login')).toHaveTextContent('登录后即可提交意见反馈')
    expect(screen.getByRole('button', { name: '去登录' })).toBeInTheDocument()
  })
})

describe('/feedsback', () => {
  it('lists my feedback with its status and the replies', async () => {
    stubApi({
      'GET /api/feedback': {
        items: [
          filed({
            id: 'f2',
            type: 'suggestion',
            content: '希望增加夜间模式。',
            status: 'REPLIED',
            replies: [{ author: '客服', body: '感谢您的反馈', createdAt: '2026-11-25T10:01:00.000+08:00' }],
          }),
          filed(),
        ],
        nextCursor: null,
      },
    })
    renderScreen(FeedbackListPage, '/feedsback')
    const items = await screen.findAllByTestId('feedback-item')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('产品建议')
    expect(items[0]).toHaveTextContent('已回复')
    expect(items[0]).toHaveTextContent('客服回复')
    expect(items[0]).toHaveTextContent('感谢您的反馈')
    expect(items[1]).toHaveTextContent('待处理')
  })

  it('says when there is none yet', async () => {
    stubApi({ 'GET /api/feedback': { items: [], nextCursor: null } })
    renderScreen(FeedbackListPage, '/feedsback')
    expect(await screen.findByText('暂无反馈')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '去反馈' })).toBeInTheDocument()
  })
})
