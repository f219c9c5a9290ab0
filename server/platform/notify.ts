import { EventEmitter } from 'node:events'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import type { DB } from '../db/schema'

// Telling every server process that something changed (在线客服's messages): PostgreSQL LISTEN/NOTIFY between
// processes on one PostgreSQL; an in-process emitter on PGlite (its folder is held by one process). A notification
// is only a nudge: whoever hears it reads the database, so a lost one delays, never loses, what it points at.

export type Listener = (payload: string) => void

export interface Notifier {
  /** Calls `listener` with every payload published on `channel`, by any process. Returns the unsubscribe. */
  subscribe(channel: string, listener: Listener): () => void
  /** Resolves once `channel` is listened to (a stream starts after it, so no nudge falls in between). */
  listening(channel: string): Promise<void>
  /** Tells every process's subscribers of `channel`; call once the change is committed. */
  publish(channel: string, payload: string): Promise<void>
  /** Calls `listener` when notifications may have been missed (the listening connection was lost and is back). */
  onResync(listener: () => void): () => void
  close(): Promise<void>
}

/** PGlite: one process, so the subscribers are this process's. */
export class LocalNotifier implements Notifier {
  private readonly events = new EventEmitter().setMaxListeners(0)
  subscribe(channel: string, listener: Listener): () => void {
    this.events.on(channel, listener)
    return () => void this.events.off(channel, listener)
  }
  async publish(channel: string, payload: string): Promise<void> {
    this.events.emit(channel, payload)
  }
  async listening(): Promise<void> {}
  onResync(): () => void {
    return () => {}
  }
  async close(): Promise<void> {
    this.events.removeAllListeners()
  }
}

const RECONNECT_MS = 1000
const channelName = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`notify: bad channel name ${channel}`)
  return channel
}

/**
 * PostgreSQL: one dedicated connection per process LISTENs on every channel a subscriber asked for, and comes
 * back after a lost connection (then every subscriber is told to re-read: what was published meanwhile is gone).
 * NOTIFY goes through the pool.
 */
export class PostgresNotifier implements Notifier {
  private readonly local = new LocalNotifier()
  private readonly resync = new EventEmitter().setMaxListeners(0)
  private readonly channels = new Set<string>()
  /** Per channel: settles once its LISTEN is in place (or the connection attempt ended). */
  private readonly ready = new Map<string, Promise<void>>()
  private client: pg.Client | null = null
  private connecting: Promise<void> | null = null
  private closed = false
  private everConnected = false
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly url: string,
    private readonly db: Kysely<DB>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  subscribe(channel: string, listener: Listener): () => void {
    const name = channelName(channel)
    const off = this.local.subscribe(name, listener)
    if (!this.channels.has(name)) {
      this.channels.add(name)
      this.ready.set(
        name,
        this.client
          ? this.client.query(`LISTEN ${name}`).then(() => undefined, this.onError)
          : this.connect(),
      )
    }
    return off
  }

  listening(channel: string): Promise<void> {
    return this.ready.get(channel) ?? this.connect()
  }

  async publish(channel: string, payload: string): Promise<void> {
    await sql`SELECT pg_notify(${channelName(channel)}, ${payload})`.execute(this.db)
  }

  onResync(listener: () => void): () => void {
    this.resync.on('resync', listener)
    return () => void this.resync.off('resync', listener)
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url })
      client.on('notification', (message) => {
        void this.local.publish(message.channel, message.payload ?? '')
      })
      client.on('error', (error) => this.lost(client, error))
      client.on('end', () => this.lost(client, null))
      try {
        await client.connect()
        for (const name of this.channels) await client.query(`LISTEN ${name}`)
        if (this.closed) return void (await client.end())
        const reconnected = this.client === null && this.everConnected
        this.client = client
        this.everConnected = true
        if (reconnected) this.resync.emit('resync')
      } catch (error) {
        this.onError(error)
        void client.end().catch(() => {})
        this.retry()
      } finally {
        this.connecting = null
      }
    })()
    return this.connecting
  }

  private lost(client: pg.Client, error: unknown) {
    if (this.client !== client) return
    this.client = null
    if (error) this.onError(error)
    void client.end().catch(() => {})
    this.retry()
  }

  private retry() {
    if (this.closed || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.connect()
    }, RECONNECT_MS)
    this.timer.unref()
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    await this.connecting
    const client = this.client
    this.client = null
    await this.local.close()
    if (client) await client.end().catch(() => {})
  }
}
