import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { currentPageConfig } from '../../../../src/page-config/migrations'
import { ConfigPage } from '../../../../src/page-runtime/ConfigPage'
import { blockTrackId } from '../../../../src/page-config/trackId'
import { PageHostContext } from '../../../../src/page-runtime/pageHost'
import { resetClockOffset } from '../../../../src/page-runtime/serverClock'
import { trackFunnel } from '../../../../src/lib/analytics'
import { PENDING_KEY } from '../../../../src/lib/analytics/notes'
import { TOUCH_KEY } from '../../../../src/lib/analytics/touch'
import type { AnalyticsBatch } from '../../../../src/types/generated/api/analytics'
import {
  countingOn,
  installIntersectionObserver,
  resetVisibility,
  setNavigator,
  setVisibility,
} from './support'

// A config page as a visitor's browser counts it: its view once shown, its blocks' clicks (one listener on the
// page) and impressions (once the tracker has loaded, after the page), sent with a beacon as the page hides; the blocks' sections carry the ids the events and the studio's heat overlay use. A preview counts nothing.
// (Runs in web-isolated: the tracker is one per page, as in a browser.)

const config = currentPageConfig({
  schemaVersion: 3,
  title: '冬季保障节',
  blocks: [
    { type: 'title', id: 'headline', text: '冬季保障节' },
    { type: 'title', text: '滑雪意外险 9.9 元起' },
    { type: 'title', text: '活动规则' },
  ],
})

let io: ReturnType<typeof installIntersectionObserver>
const beacons: AnalyticsBatch[] = []
let restore: () => void = () => {}

beforeEach(() => {
  countingOn()
  resetClockOffset()
  io = installIntersectionObserver()
  beacons.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path === '/api/time')
        return Response.json({
          now: '2026-12-01T12:00:00+08:00',
          epochMs: Date.parse('2026-12-01T12:00:00+08:00'),
        })
      return Response.json({}, { status: 404 })
    }),
  )
  const beacon = vi.fn((_url: string, body: Blob) => {
    void body.text().then((text) => beacons.push(JSON.parse(text) as AnalyticsBatch))
    return true
  })
  restore = setNavigator('sendBeacon', beacon)
})
afterEach(() => {
  restore()
  resetVisibility()
})

/** A scroll and a tap on a block, then the page hides: nothing watched, sent or kept. */
async function expectNothingCounted() {
  fireEvent.scroll(document)
  await userEvent.setup().click(screen.getByText('活动规则'))
  await new Promise((resolve) => setTimeout(resolve, 400))
  setVisibility('hidden')
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(io.observers).toHaveLength(0)
  expect(beacons).toEqual([])
  expect(localStorage.getItem(TOUCH_KEY)).toBeNull()
}

function renderPage(props: Partial<Parameters<typeof ConfigPage>[0]>) {
  return render(
    <PageHostContext.Provider
      value={{ pathname: '/activity/winter', search: '', params: {}, navigate: vi.fn() }}
    >
      <ConfigPage config={config} {...props} />
    </PageHostContext.Provider>,
  )
}

describe('a config page in the browser', () => {
  it('a preview counts nothing; its top-level sections still carry their analytics ids', async () => {
    renderPage({ analytics: { pageId: 'winter', pageVersion: 4 }, overrides: { preview: true } })
    await screen.findByText('活动规则')
    const ids = [...document.querySelectorAll('section[data-track-id]')].map((s) =>
      s.getAttribute('data-track-id'),
    )
    expect(ids).toEqual(['headline', 'title-1', 'title-2'])
    // The runtime writes blockTrackId's rule out (page-config/trackId.ts): the same ids the server and studio use.
    expect(ids).toEqual(config.blocks.map(blockTrackId))
    await expectNothingCounted()
  })

  it('counts nothing for a visitor who turned it off', async () => {
    document.cookie = 'analytics_off=1; path=/'
    renderPage({ analytics: { pageId: 'winter', pageVersion: 4 } })
    await screen.findByText('活动规则')
    await expectNothingCounted()
  })

  it('sends its view, a block click and a block impression in a beacon when the page hides', async () => {
    const answer = { id: 'winter', version: 4, experiment: { id: 'winter-ab', variant: 'B' } }
    renderPage({
      analytics: { pageId: answer.id, pageVersion: answer.version, experiment: answer.experiment },
    })
    await screen.findByText('活动规则')
    // The tracker is not loaded with the page: it comes at the first scroll (or tap, or a few seconds after the
    // page's load), then watches the blocks.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(io.observers).toHaveLength(0)
    fireEvent.scroll(document)
    await waitFor(() => expect(io.observers).toHaveLength(1))
    expect(io.observers[0].targets.size).toBe(3)

    await userEvent.setup().click(screen.getByText('滑雪意外险 9.9 元起'))
    io.scroll(document.querySelector('[data-track-id="headline"]') as Element, 1)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(beacons).toEqual([])
    setVisibility('hidden')
    await waitFor(() => expect(beacons).toHaveLength(1))

    const [batch] = beacons
    expect(Date.parse(batch.sentAt)).not.toBeNaN()
    const common = {
      pageId: 'winter',
      pageVersion: 4,
      experimentId: 'winter-ab',
      variant: 'B',
      source: 'direct',
    }
    expect(batch.events).toEqual([
      expect.objectContaining({ kind: 'page_view', phase: 'live', ...common }),
      expect.objectContaining({ kind: 'block_click', blockId: 'title-1', ...common }),
      expect.objectContaining({ kind: 'block_impression', blockId: 'headline', ...common }),
    ])
    expect(new Set(batch.events.map((e) => e.session)).size).toBe(1)
    expect(JSON.parse(localStorage.getItem(TOUCH_KEY) ?? 'null')).toMatchObject({
      pageId: 'winter',
      blockId: 'title-1',
      experimentId: 'winter-ab',
      variant: 'B',
    })
  })

  it('a page hidden before its tracker came keeps its notes in the tab; the next page of the tab sends them', async () => {
    // A new page: nothing noted yet, no tracker handed over.
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('analytics.front')]
    trackFunnel('product', 'p-a')
    setVisibility('hidden')
    expect(JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '[]')).toMatchObject([
      { kind: 'funnel', step: 'product', productId: 'p-a' },
    ])
    // This page lived on (a tab switch): its tracker came and sent them at once.
    await waitFor(() => expect(beacons.flatMap((b) => b.events.map((e) => e.productId))).toEqual(['p-a']))
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull()

    // A page that went away before its tracker came: the tab's next page sends what it kept, then its own.
    resetVisibility()
    sessionStorage.setItem(
      PENDING_KEY,
      JSON.stringify([{ kind: 'funnel', at: Date.now(), step: 'info', productId: 'p-b' }]),
    )
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('analytics.front')]
    trackFunnel('pay', 'p-b')
    fireEvent.scroll(document)
    await new Promise((resolve) => setTimeout(resolve, 100))
    setVisibility('hidden')
    await waitFor(() => expect(beacons).toHaveLength(2))
    expect(beacons[1].events.map((e) => [e.step, e.productId])).toEqual([
      ['info', 'p-b'],
      ['pay', 'p-b'],
    ])
  })

  it('shown again at once (the router taking over) is the same view; shown again later, a new one', async () => {
    const analytics = { pageId: 'spring', pageVersion: 5 }
    const shown = async () => {
      const page = renderPage({ analytics })
      await screen.findByText('活动规则')
      return page
    }
    ;(await shown()).unmount()
    ;(await shown()).unmount()
    await new Promise((resolve) => setTimeout(resolve, 2100))
    await shown()
    setVisibility('hidden')
    await waitFor(() => expect(beacons.length).toBeGreaterThan(0))
    const views = beacons
      .flatMap((b) => b.events)
      .filter((e) => e.kind === 'page_view' && e.pageId === 'spring')
    expect(views).toHaveLength(2)
  })

  it('blocks in view from the start count at the first scroll, before the tracker came, once a second has passed', async () => {
    // A new page: no tracker handed over yet.
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('analytics.front')]
    renderPage({ analytics: { route: '/manualactivity/glance' } })
    await screen.findByText('活动规则')
    // The screen (jsdom's window is 768 px high): the headline and the next title in view, the last below it.
    const tops: Record<string, number> = { headline: 0, 'title-1': 300, 'title-2': 900 }
    for (const section of document.querySelectorAll<HTMLElement>('section[data-track-id]')) {
      const top = tops[section.dataset.trackId ?? '']
      section.getBoundingClientRect = () => ({ top, bottom: top + 200, height: 200 }) as DOMRect
    }
    await new Promise((resolve) => setTimeout(resolve, 1100))
    fireEvent.scroll(document)
    await waitFor(() => expect(io.observers.length).toBeGreaterThan(0))
    setVisibility('hidden')
    await waitFor(() => expect(beacons.length).toBeGreaterThan(0))
    const seen = beacons
      .flatMap((b) => b.events)
      .filter((e) => e.kind === 'block_impression' && e.pageId === 'manualactivity_glance')
      .map((e) => e.blockId)
    expect(seen).toEqual(['headline', 'title-1'])
  })
})
