import { userStore } from '../../state/user'
import type { TrailEvent, TrailOpen } from '../../types/generated/api/trail'
import { createTrailQueue } from './queue'
import { forgetTrail, storeTrail, storedTrail } from './storage'

// The sender of the sales trail's browser events (api.ts notes them and holds the two requests; this loads when
// the first batch is due or a step of the server needs the trail): opening the trail, keeping its id for the
// tab, the queue. One per page, whichever screen's chunk loaded it.

export interface TrailRequests {
  /** Opens (or reuses) the user's trail of a product; null when it could not. */
  open(body: TrailOpen): Promise<string | null>
  /** Sends a batch; the answer's status, 0 when the network failed. */
  send(trailId: string, events: TrailEvent[], keepalive: boolean): Promise<number>
}

function create(requests: TrailRequests) {
  const queue = createTrailQueue(async (trailId, events, keepalive) => {
    const status = await requests.send(trailId, events, keepalive)
    if (status >= 200 && status < 300) return 'sent'
    // Not (or no longer) this user's trail: the next screen opens another.
    if (status === 404 || status === 401) forgetTrail(trailId)
    return status >= 400 && status < 500 && status !== 408 && status !== 429 ? 'drop' : 'retry'
  })
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

  const opening = new Map<string, Promise<string | null>>()

  /**
   * The logged-in user's trail for the product: the one this tab kept, else one the server opens (or reuses);
   * null when logged out or when it could not open.
   */
  function openTrail(productId: string, productVersion?: number): Promise<string | null> {
    const userId = userStore.state.id
    if (!userId) return Promise.resolve(null)
    const kept = storedTrail(userId, productId)
    if (kept) return Promise.resolve(kept)
    const key = `${userId}:${productId}`
    let pending = opening.get(key)
    if (!pending) {
      const body: TrailOpen =
        productVersion && productVersion >= 1 ? { productId, productVersion } : { productId }
      pending = requests.open(body).then((id) => {
        opening.delete(key)
        if (id) storeTrail(userId, productId, id)
        return id
      })
      opening.set(key, pending)
    }
    return pending
  }

  /** The trail already open (or opening) for the product, to name in what the server records; never opens one. */
  function currentTrailId(productId: string): Promise<string | null> {
    const userId = userStore.state.id
    if (!userId) return Promise.resolve(null)
    return opening.get(`${userId}:${productId}`) ?? Promise.resolve(storedTrail(userId, productId))
  }

  /** Queues an event on the product's trail once it is open (dropped if it cannot open). */
  async function record(
    productId: string,
    productVersion: number | undefined,
    event: TrailEvent,
    hiding: boolean,
  ): Promise<void> {
    const id = await openTrail(productId, productVersion)
    if (!id) return
    listen()
    queue.add(id, event)
    if (hiding) await queue.flush(true)
  }

  return {
    openTrail,
    currentTrailId,
    record,
    /** Sends what waits now; `keepalive` when the page is going away. */
    flush: (keepalive = false) => queue.flush(keepalive),
  }
}

export type Sender = ReturnType<typeof create>

let sender: Sender | null = null
/** The page's one sender (each screen chunk has its own copy of api.ts; they share this). */
export const senderWith = (requests: TrailRequests): Sender => (sender ??= create(requests))
