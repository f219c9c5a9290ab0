-- A surrender at the partner insurer, recorded before it is asked for and retried until the partner answers
-- (issue 29): the user's cooling-off surrender of a partner policy (SURRENDER, refunded to the customer when it
-- is done) or the void of a policy the partner issued after we had refunded its order (VOID, no refund).
-- One per partner policy: a double tap, two tabs or two sweepers make one request; the request id is the same
-- for every attempt (the partner is idempotent by it).
CREATE TABLE partner_surrenders (
  request_id text PRIMARY KEY,
  partner text NOT NULL,
  partner_policy_no text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('SURRENDER', 'VOID')),
  policy_id text REFERENCES policies (id),
  order_id text REFERENCES orders (id),
  reason text,
  status text NOT NULL CHECK (status IN ('REQUESTED', 'DONE', 'REJECTED')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  last_error text,
  -- What the partner says it refunds (its books); ours is the kept payment, refunded once.
  partner_refund_fen integer,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  done_at timestamptz,
  -- The one arbiter of every insert (a second unique key could fail a racing insert instead of being its
  -- conflict): one request per partner policy, so one per policy.
  UNIQUE (partner, partner_policy_no),
  CHECK (kind = 'VOID' OR policy_id IS NOT NULL)
);

CREATE INDEX partner_surrenders_policy ON partner_surrenders (policy_id);
CREATE INDEX partner_surrenders_due ON partner_surrenders (next_attempt_at) WHERE status = 'REQUESTED';
