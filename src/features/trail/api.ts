import { useCallback, useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { userStore } from '../../state/user'
import type { TrailEvent, TrailEvents, TrailOpen, TrailOpened } from '../../types/generated/api/trail'
import { screenAt, trailEvent, type EventFields } from './event'
import type { Sender, TrailRequests } from './sender'
import { startSpan } from './span'

// 可回溯: what the buyer's browser saw on the way to a sale (screens, documents read), recorded on the server
// in the sale's trail. Nothing is recorded for a visitor who is not logged in, nor when no trail could open.
// The screens only note events here; the sender (sender.ts: opening the trail, keeping its id, the queue) loads
// when the first batch is due or a step of the server needs the trail, so that it never competes with showing
// the screen. A page hidden before then keeps its events in the tab for the next load.

const trailsPath = '/api/sales-trails'
const OPEN_TIMEOUT_MS = 5000

// Not the app's request layer: its 401 sends to login, and these calls are background bookkeeping that must
// never move the buyer (a failure only means fewer records). Same headers and credentials as its POSTs.
const postJson = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    ...init,
  })

async function requestTrail(body: TrailOpen): Promise<string | null> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), OPEN_TIMEOUT_MS)
  try {
    const response = await postJson(trailsPath, body, { signal: controller.signal })
    if (!response.ok) return null
    const { id } = (await response.json()) as TrailOpened
    return typeof id === 'string' && id ? id : null
  } catch {
    return null
  } finally {
    clearTimeout(timer)
  }
}

const requests: TrailRequests = {
  open: requestTrail,
  async send(trailId, events, keepalive) {
    // sentAt: the server works out how far this clock is from its own, so the timeline reads in order.
    const body = { events, sentAt: new Date().toISOString() } as TrailEvents
    try {
      return (await postJson(`${trailsPath}/${encodeURIComponent(trailId)}/events`, body, { keepalive }))
        .status
    } catch {
      return 0
    }
  },
}

/** The first batch goes this long after the first event (the queue's own wait). */
const SEND_AFTER_MS = 3000
const KEPT = 'salesTrail:pending'

interface Noted {
  productId: string
  productVersion?: number
  event: TrailEvent
}

let pending: Noted[] = []
let loaded: Sender | null = null
let loading: Promise<Sender> | null = null
let timer: ReturnType<typeof setTimeout> | undefined

function loadSender(): Promise<Sender> {
  loading ??= import('./sender').then(({ senderWith }) => (loaded = senderWith(requests)))
  return loading
}

/** Hands what is noted to the sender (loading it first). */
async function deliver(): Promise<Sender> {
  clearTimeout(timer)
  timer = undefined
  const sender = await loadSender()
  const noted = pending
  pending = []
  await Promise.all(noted.map((n) => sender.record(n.productId, n.productVersion, n.event, false)))
  return sender
}

function note(noted: Noted, hiding: boolean) {
  if (loaded) {
    void loaded.record(noted.productId, noted.productVersion, noted.event, hiding)
    return
  }
  pending.push(noted)
  if (hiding) {
    // The sender is not here and the page is going: the tab keeps the events for its next load.
    try {
      sessionStorage.setItem(KEPT, JSON.stringify(pending))
    } catch {
      // Storage off: these few events are lost with the page.
    }
    return
  }
  timer ??= setTimeout(() => void deliver(), SEND_AFTER_MS)
}

// Events a page hid with before its sender loaded (a reload mid-flow): sent with this load's.
try {
  const kept: unknown = JSON.parse(sessionStorage.getItem(KEPT) || 'null')
  sessionStorage.removeItem(KEPT)
  if (Array.isArray(kept) && kept.length) {
    pending = kept as Noted[]
    timer = setTimeout(() => void deliver(), SEND_AFTER_MS)
  }
} catch {
  // Nothing kept.
}

/** Sends what waits now (e.g. before a step the server records itself, so the order reads right). */
export const flushTrail = async () => (await deliver()).flush()

/** The logged-in user's trail of the product: the tab's, else one the server opens (or reuses). */
export const openTrail = async (productId: string, productVersion?: number) =>
  (await loadSender()).openTrail(productId, productVersion)

/** The trail open (or opening) for the product, to name in what the server records; never opens one itself. */
export const currentTrailId = async (productId: string) => (await deliver()).currentTrailId(productId)

/** Notes an event on the product's trail for the logged-in user. */
const recorder =
  (productId: string, productVersion: number | undefined) =>
  (type: TrailEvent['type'], screen: string, fields: EventFields, hiding = false) =>
    note({ productId, productVersion, event: trailEvent(type, screen, fields) }, hiding)

/** The path and query the screen is at, read when an event is made (not a reason to end a span). */
function useScreenRef() {
  const { pathname, search } = useLocation()
  const screen = useRef(screenAt(pathname, search))
  useEffect(() => {
    screen.current = screenAt(pathname, search)
  }, [pathname, search])
  return screen
}

export interface TrailScreen {
  /** Null until the screen knows its product (nothing is recorded before). */
  productId: string | null
  /** The version of the product data the screen shows, when it shows it. */
  productVersion?: number
  /** The screen's title, as the buyer sees it. */
  title: string
}

/** Records entering the screen and leaving it (with how long it was seen) on the product's trail. */
export function useTrailScreen({ productId, productVersion, title }: TrailScreen): void {
  const { id: userId } = useSnapshot(userStore.state)
  const screen = useScreenRef()
  useEffect(() => {
    if (!productId || !userId) return
    const record = recorder(productId, productVersion)
    const fields = { title, productVersion }
    return startSpan(
      () => record('screen_enter', screen.current, fields),
      (durationMs, hiding) => record('screen_leave', screen.current, { ...fields, durationMs }, hiding),
    )
  }, [productId, productVersion, title, userId, screen])
}

export interface TrailDocument {
  /** The document's id on the application ('notice', 'clause:<id>'), or the partner page's. */
  id: string
  /** The version the application was made with, when known. */
  version?: number
}

/**
 * Records a document read in a sheet: opened while `reading` names it, closed (with how long, and whether it
 * was read to the end) when it no longer does. Returns what the sheet calls once its end has been seen.
 */
export function useTrailDocument(productId: string | null, reading: TrailDocument | null): () => void {
  const { id: userId } = useSnapshot(userStore.state)
  const screen = useScreenRef()
  const reachedEnd = useRef<(() => void) | null>(null)
  const documentId = reading?.id
  const documentVersion = reading?.version
  useEffect(() => {
    if (!productId || !userId || !documentId) return
    const record = recorder(productId, undefined)
    const fields = { documentId, documentVersion }
    let atEnd = false
    reachedEnd.current = () => {
      if (atEnd) return
      atEnd = true
      record('document_end', screen.current, fields)
    }
    const stop = startSpan(
      () => record('document_open', screen.current, fields),
      (durationMs, hiding) =>
        record('document_close', screen.current, { ...fields, durationMs, scrolledToEnd: atEnd }, hiding),
    )
    return () => {
      reachedEnd.current = null
      stop()
    }
  }, [productId, userId, documentId, documentVersion, screen])
  return useCallback(() => reachedEnd.current?.(), [])
}
