import type { Timestamp } from '../db/columns'

// Tables of the cross-cutting parts (sessions, rate limits, idempotency); the SQL in db/migrations/ is the truth.

export interface SessionsTable {
  id_hash: string
  user_id: string
  created_at: Timestamp
  expires_at: Timestamp
  last_seen_at: Timestamp
}

export interface RateLimitHitsTable {
  bucket: string
  window_start: Timestamp
  hits: number
}

export interface IdempotencyKeysTable {
  user_id: string
  key: string
  request_hash: string
  status_code: number | null
  response: string | null
  created_at: Timestamp
}

export interface PlatformTables {
  sessions: SessionsTable
  rate_limit_hits: RateLimitHitsTable
  idempotency_keys: IdempotencyKeysTable
}
