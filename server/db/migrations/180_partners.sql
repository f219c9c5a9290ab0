-- Partner insurers selling through their own API (server/modules/partners): the partner underwrites and
-- issues, we take the application and the payment. Products sold this way, quotes, the partner side of an
-- order (its issuing state and retries), the partner's callbacks (one effect per event id) and a log of every
-- call for support (certificate numbers masked, no secrets).

ALTER TABLE products ADD COLUMN channel text NOT NULL DEFAULT 'direct' CHECK (channel IN ('direct', 'partner'));

CREATE TABLE partner_products (
  product_id text PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  partner text NOT NULL CHECK (partner IN ('huating')),
  flow text NOT NULL CHECK (flow IN ('huatai', 'huatairegression', 'huataitravel', 'airAccident')),
  partner_product_type text NOT NULL,
  occupation_required boolean NOT NULL,
  holder_occupation_required boolean NOT NULL,
  refused_occupation_classes jsonb NOT NULL DEFAULT '[]'
);

ALTER TABLE orders DROP CONSTRAINT orders_source_check;
ALTER TABLE orders ADD CONSTRAINT orders_source_check
  CHECK (source IN ('mall', 'partner-api', 'partner:huating'));
ALTER TABLE policies DROP CONSTRAINT policies_source_check;
ALTER TABLE policies ADD CONSTRAINT policies_source_check
  CHECK (source IN ('mall', 'partner-api', 'partner:huating'));
ALTER TABLE policies ADD COLUMN partner_policy_no text;
CREATE UNIQUE INDEX policies_partner_policy_no ON policies (source, partner_policy_no)
  WHERE partner_policy_no IS NOT NULL;

-- A priced application, checked and kept for 30 minutes; the application (underwriting) takes it once.
CREATE TABLE partner_quotes (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES products (id),
  partner text NOT NULL,
  holder jsonb NOT NULL,
  insured jsonb NOT NULL,
  flight jsonb,
  charge_period_type text NOT NULL,
  premium_fen integer NOT NULL CHECK (premium_fen >= 0),
  partner_quote_no text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Taken by one application at a time (a guarded update); given back when the partner could not be reached.
  used_at timestamptz
);
CREATE INDEX partner_quotes_user ON partner_quotes (user_id, created_at DESC);

-- The partner side of one of our orders. issue_request_id is sent with every issue call for this order, so
-- the partner treats retries as one request. attempts / next_attempt_at drive the retry job.
CREATE TABLE partner_orders (
  order_id text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  partner text NOT NULL,
  quote_id text NOT NULL UNIQUE REFERENCES partner_quotes (id),
  underwriting_no text NOT NULL,
  underwrite_request_id text NOT NULL,
  issue_request_id text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('UNDERWRITTEN', 'ISSUING', 'ISSUED', 'ISSUE_FAILED')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  -- When the partner accepted the issue request: from then on we ask (query) instead of failing the order.
  accepted_at timestamptz,
  last_error text,
  partner_policy_no text,
  policy_id text REFERENCES policies (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (partner, underwriting_no)
);
CREATE INDEX partner_orders_due ON partner_orders (next_attempt_at) WHERE status = 'ISSUING';

-- Verified partner callbacks: the partner's event id makes a replay a no-op.
CREATE TABLE partner_callbacks (
  partner text NOT NULL,
  event_id text NOT NULL,
  order_id text REFERENCES orders (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (partner, event_id)
);

-- Every call to a partner, for support: what was asked and answered (certificate numbers masked, phone numbers
-- masked, never a secret or a signature), how it ended and how long it took.
CREATE TABLE partner_calls (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  partner text NOT NULL,
  operation text NOT NULL CHECK (operation IN ('quote', 'underwrite', 'issue', 'query', 'surrender')),
  request_id text NOT NULL,
  order_id text,
  attempt integer NOT NULL DEFAULT 1,
  request jsonb NOT NULL,
  response jsonb,
  http_status integer,
  outcome text NOT NULL CHECK (outcome IN ('ok', 'rejected', 'timeout', 'unreachable', 'malformed', 'error')),
  error_code text,
  duration_ms integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX partner_calls_order ON partner_calls (order_id, id);
CREATE INDEX partner_calls_created ON partner_calls (created_at);

-- A paid partner order the partner could not issue is refunded whole.
ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check
  CHECK (reason IN ('ORDER_CLOSED', 'ALREADY_PAID', 'SURRENDER', 'ISSUE_FAILED'));
