import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { closeDraft } from '../../../../src/features/purchase/draft'
import SpecialNotifyPage from '../../../../src/features/purchase/SpecialNotifyPage'
import { flushTrail } from '../../../../src/features/trail/api'
import { userStore } from '../../../../src/state/user'
import type { OrderApplication } from '../../../../src/types/generated/api/order'
import type { TrailEvent, TrailEvents } from '../../../../src/types/generated/api/trail'
import { renderScreen, stubApi, tappable, type ApiStub } from '../../harness'
import { installIntersectionObserver, scrollIntoView } from '../trail/intersection'
import { application, product } from './fixtures'

// /specialNotify on the sales trail (可回溯): the screen and each document read, to its end or not, reach the
// trail the buyer's product opened; the application names that trail.

const TRAIL = 'trail-notify'
let current: OrderApplication
let api: ApiStub
const received = (): TrailEvent[] =>
  api.callsTo('POST', `/api/sales-trails/${TRAIL}/events`).flatMap((c) => (c.body as TrailEvents).events)
const docEvents = () => received().filter((e) => e.type.startsWith('document_'))

beforeEach(() => {
  closeDraft()
  sessionStorage.clear()
  installIntersectionObserver()
  userStore.update({ id: `u-notify-${Math.random().toString(36).slice(2)}` })
  current = application({
    documents: application().documents.map((d, i) => ({ ...d, version: i + 3 })),
  })
  api = stubApi({
    'GET /api/products/p-med': { ...product, pageVersion: 5 },
    'POST /api/sales-trails': { id: TRAIL },
    'POST /api/sales-trails/:id/events': null,
    'POST /api/applications': () => current,
    'GET /api/applications/app-1': () => current,
    'POST /api/applications/app-1/documents/:doc': () => current,
    'POST /api/applications/app-1/documents': () => current,
  })
})
afterEach(async () => {
  cleanup()
  await flushTrail()
  userStore.reset()
  closeDraft()
})

const entry = '/specialNotify?productId=p-med&plan=standard&coveragePeriod=1y&paymentPeriod=single'

async function read(user: ReturnType<typeof userEvent.setup>, title: string, text: string) {
  await user.click(screen.getByText(`《${title}》`))
  const dialog = await screen.findByRole('dialog', { name: title })
  await within(dialog).findByText(text)
  return dialog
}

describe('/specialNotify on the sales trail', () => {
  it('records each document opened and closed, and read to its end only once its end was in view', async () => {
    const user = userEvent.setup()
    renderScreen(SpecialNotifyPage, `${entry}&applicationId=app-1`)
    await screen.findByText('《投保须知》')
    await waitFor(() => expect(api.callsTo('POST', '/api/sales-trails')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/sales-trails')[0].body).toEqual({
      productId: 'p-med',
      productVersion: 5,
    })

    // 投保须知 opened and closed without reaching its end.
    let dialog = await read(user, '投保须知', '投保须知正文')
    await user.click(await tappable(within(dialog).getByRole('button', { name: '读完了，返回' })))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '投保须知' })).toBeNull())

    // The clause: nothing says it was read to the end before its end is in view.
    dialog = await read(user, '医疗险条款', '第一条 保险责任')
    await waitFor(async () => {
      await flushTrail()
      expect(docEvents()).toHaveLength(3)
    })
    expect(docEvents().some((e) => e.type === 'document_end')).toBe(false)
    scrollIntoView(dialog.querySelector('.document-sheet-end') as Element)
    await user.click(await tappable(within(dialog).getByRole('button', { name: '读完了，返回' })))
    await waitFor(async () => {
      await flushTrail()
      expect(docEvents()).toHaveLength(5)
    })

    const [noticeOpen, noticeClose, clauseOpen, clauseEnd, clauseClose] = docEvents()
    const noticeVersion = current.documents.find((d) => d.id === 'notice')?.version
    const clauseVersion = current.documents.find((d) => d.id === 'clause:main')?.version
    expect(noticeOpen).toMatchObject({
      type: 'document_open',
      documentId: 'notice',
      documentVersion: noticeVersion,
    })
    expect(noticeClose).toMatchObject({ type: 'document_close', documentId: 'notice', scrolledToEnd: false })
    expect(clauseOpen).toMatchObject({ type: 'document_open', documentId: 'clause:main' })
    expect(clauseEnd).toMatchObject({
      type: 'document_end',
      documentId: 'clause:main',
      documentVersion: clauseVersion,
    })
    expect(clauseClose).toMatchObject({
      type: 'document_close',
      documentId: 'clause:main',
      scrolledToEnd: true,
    })
    // How long it was open, as the two events' own times say (within the few ms between them).
    const openFor = Date.parse(clauseClose.at) - Date.parse(clauseOpen.at)
    expect(Math.abs((clauseClose.durationMs ?? -100) - openFor)).toBeLessThan(50)
    // Every event says where it happened.
    for (const e of received()) expect(e.screen).toBe(`${entry}&applicationId=app-1`)
    expect(received()[0]).toMatchObject({ type: 'screen_enter', title: '投保须知', productVersion: 5 })
  })

  it('creates the application naming the trail, after an agreement with every document named', async () => {
    const user = userEvent.setup()
    const router = renderScreen(SpecialNotifyPage, entry)
    await screen.findByText('《投保须知》')
    await waitFor(() => expect(api.callsTo('POST', '/api/sales-trails')).toHaveLength(1))
    const agree = screen.getByRole('checkbox', { name: /^我已阅读并同意/ })
    // The versioned sentence with its place filled: the documents by name, no {placeholder} left.
    const label = agree.closest('label') ?? agree
    for (const d of current.documents) expect(label).toHaveTextContent(`《${d.title}》`)
    expect(label.textContent).not.toMatch(/[{}]/)
    await user.click(agree)
    await user.click(screen.getByRole('button', { name: '同意并继续' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/infoFill'))
    const [created] = api.callsTo('POST', '/api/applications')
    expect(created.body).toMatchObject({ productId: 'p-med', trailId: TRAIL })
  })

  it('names no trail when the buyer is not known to be logged in here', async () => {
    userStore.reset()
    const user = userEvent.setup()
    renderScreen(SpecialNotifyPage, entry)
    await screen.findByText('《投保须知》')
    await user.click(screen.getByRole('checkbox', { name: /^我已阅读并同意/ }))
    await user.click(screen.getByRole('button', { name: '同意并继续' }))
    await waitFor(() => expect(api.callsTo('POST', '/api/applications')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/applications')[0].body).not.toHaveProperty('trailId')
    expect(api.callsTo('POST', '/api/sales-trails')).toHaveLength(0)
  })
})
