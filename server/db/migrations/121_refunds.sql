-- A captured payment that an order cannot keep (closed or cancelled order, a second payment of a paid
-- order) and a cooling-off surrender become refunds. REFUNDED marks a captured payment that is (being)
-- refunded; at most one payment per order is SUCCEEDED, i.e. captured and kept.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED', 'EXPIRED', 'REFUNDED'));
CREATE UNIQUE INDEX payments_one_kept_per_order ON payments (order_id) WHERE status = 'SUCCEEDED';

-- Refunds are whole: one per payment. The id is the provider's out_refund_no, so a resubmission is a no-op.
CREATE TABLE refunds (
  id text PRIMARY KEY,
  payment_id text NOT NULL UNIQUE REFERENCES payments (id) ON DELETE CASCADE,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  amount_fen integer NOT NULL CHECK (amount_fen > 0),
  reason text NOT NULL CHECK (reason IN ('ORDER_CLOSED', 'ALREADY_PAID', 'SURRENDER')),
  -- PENDING: recorded, not yet accepted by the provider; PROCESSING: accepted; then SUCCEEDED or FAILED.
  status text NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED')),
  provider_refund_id text,
  failure text,
  created_at timestamptz NOT NULL,
  submitted_at timestamptz,
  settled_at timestamptz
);
CREATE INDEX refunds_order ON refunds (order_id);
CREATE INDEX refunds_open ON refunds (status, created_at) WHERE status IN ('PENDING', 'PROCESSING');

-- Callbacks of refunds are recorded beside those of payments (one event id, one effect).
ALTER TABLE payment_callbacks ADD COLUMN refund_id text REFERENCES refunds (id) ON DELETE CASCADE;

-- The sandbox provider's own books (demo mode): what it believes was paid and refunded, so that
-- reconciliation compares two independent records, as with a real provider.
CREATE TABLE sandbox_payments (
  id text PRIMARY KEY,
  amount_fen integer NOT NULL,
  state text NOT NULL CHECK (state IN ('NOTPAY', 'SUCCESS', 'REFUND', 'CLOSED', 'PAYERROR')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  paid_at timestamptz
);
CREATE TABLE sandbox_refunds (
  id text PRIMARY KEY,
  payment_id text NOT NULL REFERENCES sandbox_payments (id),
  amount_fen integer NOT NULL,
  status text NOT NULL CHECK (status IN ('PROCESSING', 'SUCCESS', 'ABNORMAL')),
  created_at timestamptz NOT NULL,
  settled_at timestamptz
);
