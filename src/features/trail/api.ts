import { useCallback, useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { userStore } from '../../state/user'
import type { TrailEvent, TrailEvents, TrailOpen, TrailOpened } from '../../types/generated/api/trail'
import { screenAt, trailEvent, type EventFields } from './event'
import { createTrailQueue, type SendOutcome } from './queue'
import { startSpan } from './span'
import { forgetTrail, storeTrail, storedTrail } from './storage'

// 可回溯: what the buyer's browser saw on the way to a sale (screens, documents read), recorded on the server
// in the sale's trail. Nothing is recorded for a visitor who is not logged in, nor when no trail could open.

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

async function sendEvents(trailId: string, events: TrailEvent[], keepalive: boolean): Promise<SendOutcome> {
  // sentAt: the server works out how far this clock is from its own, so the timeline reads in order.
  const body = { events, sentAt: new Date().toISOString() } as TrailEvents
  const url = `${trailsPath}/${encodeURIComponent(trailId)}/events`
  const { status, ok } = await postJson(url, body, { keepalive })
  if (ok) return 'sent'
  // Not (or no longer) this user's trail: the next screen opens another.
  if (status === 404 || status === 401) forgetTrail(trailId)
  return status >= 400 && status < 500 && status !== 408 && status !== 429 ? 'drop' : 'retry'
}

const queue = createTrailQueue(sendEvents)
let listening = false
function listen() {
  if (listening || typeof document === 'undefined') return
  listening = true
  const flushNow = () => void queue.flush(true)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushNow()
  })
  window.addEventListener('pagehide', flushNow)
}

/** Sends what waits now (e.g. before a step the server records itself, so the order reads right). */
export const flushTrail = () => queue.flush()

const opening = new Map<string, Promise<string | null>>()

/**
 * The logged-in user's trail for the product: the one this tab kept, else one the server opens (or reuses);
 * null when logged out or when it could not open.
 */
export function openTrail(productId: string, productVersion?: number): Promise<string | null> {
  const userId = userStore.state.id
  if (!userId) return Promise.resolve(null)
  const kept = storedTrail(userId, productId)
  if (kept) return Promise.resolve(kept)
  const key = `${userId}:${productId}`
  let pending = opening.get(key)
  if (!pending) {
    const body: TrailOpen =
      productVersion && productVersion >= 1 ? { productId, productVersion } : { productId }
    pending = requestTrail(body).then((id) => {
      opening.delete(key)
      if (id) storeTrail(userId, productId, id)
      return id
    })
    opening.set(key, pending)
  }
  return pending
}

/** The trail already open (or opening) for the product, to name in what the server records; never opens one. */
export function currentTrailId(productId: string): Promise<string | null> {
  const userId = userStore.state.id
  if (!userId) return Promise.resolve(null)
  return opening.get(`${userId}:${productId}`) ?? Promise.resolve(storedTrail(userId, productId))
}

/** Records on the product's trail (events wait for it to open; dropped if it does not). */
function recorder(productId: string, productVersion: number | undefined) {
  let trailId: string | null | undefined
  const opened = openTrail(productId, productVersion).then((id) => (trailId = id))
  return (type: TrailEvent['type'], screen: string, fields: EventFields, hiding = false) => {
    // Made now, for its time; queued at once when the trail is known, so a page going away still sends it.
    const event = trailEvent(type, screen, fields)
    const add = (id: string | null) => {
      if (!id) return
      listen()
      queue.add(id, event)
      if (hiding) void queue.flush(true)
    }
    if (trailId !== undefined) add(trailId)
    else void opened.then(add)
  }
}

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
