-- Purchase: applications with the gates passed (recorded-sales notice, documents opened and confirmed,
-- health notification), orders, payments with their provider callbacks, and issued policies.
CREATE TABLE applications (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES products (id),
  plan_code text NOT NULL,
  coverage_period text NOT NULL,
  payment_period text NOT NULL,
  recording_notice_at timestamptz NOT NULL,
  order_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX applications_user ON applications (user_id);

-- One row per document (投保须知 or a clause) of the application; confirmed only after opened.
CREATE TABLE application_documents (
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  document_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('notice', 'clause')),
  title text NOT NULL,
  sort integer NOT NULL,
  opened_at timestamptz,
  confirmed_at timestamptz,
  PRIMARY KEY (application_id, document_id),
  CHECK (confirmed_at IS NULL OR opened_at IS NOT NULL)
);

-- Every health notification made, the latest one counts; answers kept as given.
CREATE TABLE health_declarations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  insured_relation text NOT NULL,
  answers jsonb NOT NULL,
  passed boolean NOT NULL,
  answered_at timestamptz NOT NULL
);
CREATE INDEX health_declarations_application ON health_declarations (application_id, id);

CREATE TABLE orders (
  id text PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  application_id text UNIQUE REFERENCES applications (id),
  product_id text NOT NULL REFERENCES products (id),
  product_name text NOT NULL,
  insurer_name text NOT NULL,
  plan_code text NOT NULL,
  plan_name text NOT NULL,
  coverage_period text NOT NULL,
  payment_period text NOT NULL,
  premium_fen integer NOT NULL CHECK (premium_fen >= 0),
  displayed_premium_fen integer,
  status text NOT NULL CHECK (status IN ('PENDING_PAYMENT', 'PAID', 'ISSUED', 'CLOSED', 'PAY_FAILED', 'SURRENDERED')),
  holder jsonb NOT NULL,
  insured jsonb NOT NULL,
  address jsonb,
  consents jsonb NOT NULL,
  health jsonb NOT NULL,
  cooling_off_days integer NOT NULL,
  source text NOT NULL DEFAULT 'mall' CHECK (source IN ('mall', 'partner-api')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  closed_at timestamptz
);
CREATE INDEX orders_user ON orders (user_id, created_at DESC);

CREATE TABLE payments (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  provider text NOT NULL,
  channel text NOT NULL,
  amount_fen integer NOT NULL,
  status text NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED', 'EXPIRED')),
  qr_content text NOT NULL,
  pay_url text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX payments_order ON payments (order_id);

-- Verified provider callbacks; the event id makes a replay a no-op.
CREATE TABLE payment_callbacks (
  event_id text PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  outcome text NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL
);

CREATE TABLE policies (
  id text PRIMARY KEY,
  policy_no text NOT NULL UNIQUE,
  order_id text UNIQUE REFERENCES orders (id),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL DEFAULT 'mall' CHECK (source IN ('mall', 'partner-api')),
  product_id text NOT NULL REFERENCES products (id),
  product_name text NOT NULL,
  insurer_name text NOT NULL,
  plan_name text NOT NULL,
  coverage_period text NOT NULL,
  payment_period text NOT NULL,
  premium_fen integer NOT NULL,
  holder jsonb NOT NULL,
  insured jsonb NOT NULL,
  coverages jsonb NOT NULL,
  clauses jsonb NOT NULL,
  issued_at timestamptz NOT NULL,
  effective_at timestamptz NOT NULL,
  expires_at timestamptz,
  cooling_off_ends_at timestamptz NOT NULL,
  surrendered_at timestamptz,
  refund_fen integer
);
CREATE INDEX policies_user ON policies (user_id, issued_at DESC);
CREATE INDEX policies_insured_cert ON policies ((insured ->> 'certNo'));

-- Policy numbers are GH + issue day + the last 8 digits of this sequence: unique without retries.
CREATE SEQUENCE policy_serial;
