import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import ClaimDetailPage from '../../../../src/features/claims/ClaimDetailPage'
import type { Media } from '../../../../src/types/generated/api/media'
import { apiError, renderScreen, stubApi, tappable } from '../../harness'
import { awaitingDocuments, claim } from './fixtures'

// /claim/claimDetail against the API stub: the status and the timeline; a claim waiting for documents asks for
// each kind, keeps 提交补充材料 disabled until the photos are there and sends them; 撤回申请 after confirming;
// an unknown or missing id is a not-found view.

/** Uploads go up with XMLHttpRequest (for progress): each answers a new media id. */
class FakeXhr {
  static sent = 0
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null }
  status = 0
  responseText = ''
  withCredentials = false
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  open() {}
  setRequestHeader() {}
  abort() {}
  send() {
    const id = `up${++FakeXhr.sent}`
    const media: Media = {
      id,
      url: `/api/media/${id}`,
      purpose: 'claim',
      contentType: 'image/jpeg',
      bytes: 1000,
      width: 10,
      height: 10,
      createdAt: '2026-11-25T10:03:00.000+08:00',
    }
    setTimeout(() => {
      this.status = 200
      this.responseText = JSON.stringify(media)
      this.onload?.()
    }, 0)
  }
}

beforeEach(() => {
  FakeXhr.sent = 0
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  URL.createObjectURL ??= () => 'blob:preview'
  URL.revokeObjectURL ??= () => {}
})
afterEach(() => vi.unstubAllGlobals())

const photo = () => new File(['gif'], 'bill.gif', { type: 'image/gif' })

describe('/claim/claimDetail', () => {
  it('puts the next step and the progress first, and shows a masked name without a star', async () => {
    stubApi({ 'GET /api/claims/c-order': claim({ id: 'c-order' }) })
    renderScreen(ClaimDetailPage, '/claim/claimDetail?id=c-order')
    expect(await screen.findByTestId('claim-next-step')).toHaveTextContent('下一步：审核员正在核对您的材料')
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(headings.indexOf('理赔进度')).toBeGreaterThan(-1)
    expect(headings.indexOf('理赔进度')).toBeLessThan(headings.indexOf('理赔信息'))
    const names = screen.getAllByTestId('masked-name')
    expect(names.length).toBeGreaterThan(0)
    // The hidden character is a dot, never an asterisk beside a label.
    for (const name of names) {
      expect(name.textContent).not.toContain('*')
      expect(name).toHaveTextContent('张•')
    }
  })

  it('shows the status, the details, the documents by kind and every step of the timeline', async () => {
    stubApi({ 'GET /api/claims/c1': claim() })
    renderScreen(ClaimDetailPage, '/claim/claimDetail?id=c1')
    expect(await screen.findByTestId('claim-status')).toHaveTextContent('审核中')
    expect(screen.getByText('审核员正在核对您的材料，请耐心等待')).toBeInTheDocument()
    expect(screen.getByText('GH2026112200001')).toBeInTheDocument()
    expect(screen.getByText('上海市徐汇区')).toBeInTheDocument()
    expect(screen.getByText('**** **** **** 1234')).toBeInTheDocument()
    const documents = screen.getByTestId('claim-documents')
    expect(documents).toHaveTextContent('身份证照片（1 张）')
    expect(documents).toHaveTextContent('医疗发票（2 张）')
    expect(within(documents).getAllByRole('img')).toHaveLength(3)
    const timeline = screen.getByTestId('claim-timeline')
    expect(timeline).toHaveTextContent('已提交')
    expect(timeline).toHaveTextContent('理赔申请已提交')
    expect(timeline).toHaveTextContent('2026-11-25 10:00')
    expect(timeline).toHaveTextContent('理赔审核中，审核员正在核对材料')
    expect(timeline).toHaveTextContent('2026-11-25 10:01')
    expect(screen.queryByTestId('claim-supplement')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: '撤回申请' })).toBeEnabled()
  })

  it('shows the decision and the amount paid of a paid claim, without 撤回申请', async () => {
    stubApi({
      'GET /api/claims/c1': claim({ status: 'PAID', decision: '审核通过（演示理赔员）', paidFen: 300_050 }),
    })
    renderScreen(ClaimDetailPage, '/claim/claimDetail?id=c1')
    const decision = await screen.findByTestId('claim-decision')
    expect(decision).toHaveTextContent('审核通过（演示理赔员）')
    expect(decision).toHaveTextContent('赔付金额¥3000.50')
    expect(screen.queryByRole('button', { name: '撤回申请' })).not.toBeInTheDocument()
  })

  it('asks for the missing documents and sends them once the photos are uploaded', async () => {
    const api = stubApi({
      'GET /api/claims/c1': awaitingDocuments(),
      'POST /api/claims/c1/documents': {
        ...claim(),
        timeline: [
          ...awaitingDocuments().timeline,
          {
            status: 'UNDER_REVIEW',
            note: '已补充材料，理赔重新进入审核',
            at: '2026-11-25T10:04:00.000+08:00',
          },
        ],
      },
      'GET /api/claims': { items: [] },
    })
    const user = userEvent.setup()
    renderScreen(ClaimDetailPage, '/claim/claimDetail?id=c1')
    const card = await screen.findByTestId('claim-supplement')
    expect(screen.getByTestId('claim-status')).toHaveTextContent('待补充材料')
    expect(card).toHaveTextContent('其他材料')
    expect(card).toHaveTextContent('至少 1 张')
    const submit = within(card).getByRole('button', { name: '提交补充材料' })
    expect(submit).toBeDisabled()

    const input = card.querySelector<HTMLInputElement>('input[type="file"]')
    if (!input) throw new Error('no file input')
    await user.upload(input, photo())
    expect(await within(card).findByText(/^1\/\d+ 张/)).toBeInTheDocument()
    expect(submit).toBeEnabled()

    await user.click(submit)
    const [sent] = api.callsTo('POST', '/api/claims/c1/documents')
    expect(sent.body).toEqual({ documents: [{ mediaId: 'up1', kind: 'other' }] })
    expect(await screen.findByText('已补充材料，理赔重新进入审核')).toBeInTheDocument()
    // The toast (the timeline also names the step 已提交).
    await waitFor(() => expect(document.querySelector('.adm-toast-main')).toHaveTextContent('已提交'))
    expect(screen.getByTestId('claim-status')).toHaveTextContent('审核中')
    expect(screen.queryByTestId('claim-supplement')).not.toBeInTheDocument()
  })

  it('withdraws only after the user confirms', async () => {
    // The dialog's buttons take pointer events once its opening animation ends, which jsdom never runs.
    const api = stubApi({
      'GET /api/claims/c1': claim(),
      'POST /api/claims/c1/withdraw': claim({
        status: 'WITHDRAWN',
        timeline: [
          ...claim().timeline,
          { status: 'WITHDRAWN', note: '理赔申请已撤回', at: '2026-11-25T10:05:00.000+08:00' },
        ],
      }),
      'GET /api/claims': { items: [] },
    })
    const user = userEvent.setup()
    renderScreen(ClaimDetailPage, '/claim/claimDetail?id=c1')
    await user.click(await screen.findByRole('button', { name: '撤回申请' }))
    let dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('确定撤回本次理赔申请吗')
    await user.click(await tappable(within(dialog).getByRole('button', { name: '再想想' })))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo('POST', '/api/claims/c1/withdraw')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: '撤回申请' }))
    dialog = await screen.findByRole('dialog')
    await user.click(await tappable(within(dialog).getByRole('button', { name: '撤回申请' })))
    expect(await screen.findByText('您已撤回本次理赔申请')).toBeInTheDocument()
    const sent = api.callsTo('POST', '/api/claims/c1/withdraw')
    expect(sent).toHaveLength(1)
    // The route takes no body (the server refuses one).
    expect(sent[0].body).toBeUndefined()
    const page = screen.getByTestId('claim-detail')
    expect(within(page).getByTestId('claim-status')).toHaveTextContent('已撤回')
    expect(within(page).queryByRole('button', { name: '撤回申请' })).not.toBeInTheDocument()
  })

  it("says a claim that is not the user's (404) or no id at all is not found, with the way back", async () => {
    stubApi({ 'GET /api/claims/nope': apiError(404, 'NOT_FOUND', '理赔不存在') })
    renderScreen(ClaimDetailPage, '/claim/claimDetail?id=nope')
    expect(await screen.findByText('理赔不存在')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '返回我的理赔' })).toBeInTheDocument()
  })

  it('says so when the id is missing', async () => {
    stubApi({})
    renderScreen(ClaimDetailPage, '/claim/claimDetail')
    expect(await screen.findByText('理赔不存在')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '返回我的理赔' })).toBeInTheDocument()
  })
})
