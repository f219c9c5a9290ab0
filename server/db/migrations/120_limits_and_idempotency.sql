-- Counters of rate limits, one row per bucket and fixed window; a hit is one conditional upsert, so the
-- limit holds across requests and server processes (DESIGN.md §7, §10). Old windows are purged by the sweep.
CREATE TABLE rate_limit_hits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits > 0),
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_start);

-- The per-IP SMS limit now counts in rate_limit_hits.
DROP TABLE sms_send_log;

-- Writes that move money take an Idempotency-Key: the first response is kept and replayed for the same
-- key and request; status_code is null while the first request is still running.
CREATE TABLE idempotency_keys (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  response text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
