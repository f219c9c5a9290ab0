import { cleanup, render, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushTrail, useTrailScreen } from '../../../../src/features/trail/api'
import type { TrailEvent, TrailEvents } from '../../../../src/types/generated/api/trail'
import { userStore } from '../../../../src/state/user'
import { stubApi, type ApiStub } from '../../harness'

// A screen of the purchase flow as the trail's server sees it: opened for the logged-in buyer's product, one
// event on entering and one on leaving with how long the screen was seen.

function Screen({ productId }: { productId: string }) {
  useTrailScreen({ productId, productVersion: 7, title: '投保须知' })
  return <p>投保须知</p>
}

const at = '/specialNotify?productId=p-trail&plan=standard'
const mount = (productId = 'p-trail') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Screen productId={productId} />
    </MemoryRouter>,
  )

let api: ApiStub
const received = () =>
  api.callsTo('POST', '/api/sales-trails/trail-9/events').flatMap((c) => (c.body as TrailEvents).events)
/** The events once `count` reached the server (they wait for the trail to open, then go in a batch). */
async function receivedOnce(count: number): Promise<TrailEvent[]> {
  await waitFor(async () => {
    await flushTrail()
    expect(received()).toHaveLength(count)
  })
  return received()
}

beforeEach(() => {
  sessionStorage.clear()
  api = stubApi({
    'POST /api/sales-trails': { id: 'trail-9' },
    'POST /api/sales-trails/:id/events': null,
  })
})
afterEach(async () => {
  // Left screens record their leaving: sent now, not into the next test.
  cleanup()
  await flushTrail()
  userStore.reset()
  vi.useRealTimers()
})

describe('useTrailScreen', () => {
  it('records entering and leaving the screen, with how long it was seen', async () => {
    userStore.update({ id: 'u-screen-1' })
    vi.useFakeTimers({ toFake: ['Date'] })
    const opened = Date.now()
    const view = mount()
    await waitFor(() => expect(api.callsTo('POST', '/api/sales-trails')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/sales-trails')[0].body).toEqual({
      productId: 'p-trail',
      productVersion: 7,
    })
    vi.setSystemTime(opened + 4200)
    view.unmount()

    const events = await receivedOnce(2)
    expect(events.map((e) => e.type)).toEqual(['screen_enter', 'screen_leave'])
    for (const e of events) expect(e).toMatchObject({ screen: at, title: '投保须知', productVersion: 7 })
    expect(events[1].durationMs).toBe(4200)
    expect(Date.parse(events[1].at) - Date.parse(events[0].at)).toBe(4200)
    expect(new Set(events.map((e) => e.eventId)).size).toBe(2)
  })

  it('goes on with the same trail on the next screen of the product (and after a reload)', async () => {
    userStore.update({ id: 'u-screen-2' })
    mount().unmount()
    await waitFor(() => expect(api.callsTo('POST', '/api/sales-trails')).toHaveLength(1))
    mount().unmount()
    const events = await receivedOnce(4)
    expect(api.callsTo('POST', '/api/sales-trails')).toHaveLength(1)
    expect(events.map((e) => e.type)).toEqual([
      'screen_enter',
      'screen_leave',
      'screen_enter',
      'screen_leave',
    ])
    // The tab keeps the trail it records: a reload finds it there.
    expect(Object.values(sessionStorage).some((v) => String(v).includes('trail-9'))).toBe(true)
  })

  it('records nothing for a visitor who is not logged in', async () => {
    mount()
    await flushTrail()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.calls).toHaveLength(0)
  })

  it('records nothing when no trail can open', async () => {
    userStore.update({ id: 'u-screen-3' })
    api = stubApi({})
    mount().unmount()
    await waitFor(() => expect(api.calls).toHaveLength(1))
    await flushTrail()
    expect(api.requested).toEqual(['/api/sales-trails'])
  })
})
