-- Points (积分) and beans (金豆): two currencies of one append-only ledger. A user's balances live in
-- point_accounts, changed only together with a ledger row in the same transaction; the balances can never go
-- below zero (CHECK), whatever runs at the same time.
CREATE TABLE point_accounts (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency IN ('point', 'bean')),
  usable integer NOT NULL DEFAULT 0 CHECK (usable >= 0),
  frozen integer NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  PRIMARY KEY (user_id, currency)
);

-- Every change of a balance, never updated or deleted: what it was (kind), by how much (signed), the balances
-- after it, and what it is about (the sign-in day, the policy, the exchange).
CREATE TABLE point_ledger (
  id text PRIMARY KEY,
  -- The order rows were written in (several can share a millisecond): the ledger's order and its cursor.
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency IN ('point', 'bean')),
  kind text NOT NULL,
  amount integer NOT NULL CHECK (amount <> 0),
  usable_after integer NOT NULL,
  frozen_after integer NOT NULL,
  reference text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX point_ledger_user ON point_ledger (user_id, currency, seq DESC);

-- One sign-in per user and calendar day (Asia/Shanghai): the primary key is the rule.
CREATE TABLE sign_ins (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  streak integer NOT NULL CHECK (streak >= 1),
  reward integer NOT NULL CHECK (reward >= 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, day)
);
