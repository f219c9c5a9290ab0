-- Reminders and expiries the daily jobs have handled, so each is done once whatever runs at the same time:
-- points of an earning year warned 30 days before they expire and then expired (kind), and a policy's
-- reminders 30, 7 and 1 days before its cover ends.
CREATE TABLE point_expiries (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency IN ('point', 'bean')),
  year integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('warned', 'expired')),
  amount integer NOT NULL CHECK (amount >= 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, currency, year, kind)
);

CREATE TABLE policy_expiry_notices (
  policy_id text NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  days_before integer NOT NULL CHECK (days_before IN (1, 7, 30)),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (policy_id, days_before)
);
CREATE INDEX point_ledger_earnings ON point_ledger (user_id, currency, created_at) WHERE amount > 0;
