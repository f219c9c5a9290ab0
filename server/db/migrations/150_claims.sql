-- Claims (理赔): one row per claim with its current status; claim_steps is its timeline (every status change with
-- its note, never updated); claim_documents the photos it carries (media rows attached to it). An event date and
-- type of one policy cannot be claimed twice while a claim for it is open: the partial unique index is the rule.
CREATE TABLE claims (
  id text PRIMARY KEY,
  claim_no text NOT NULL UNIQUE,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  policy_id text NOT NULL REFERENCES policies (id),
  type text NOT NULL,
  event_date date NOT NULL,
  place text NOT NULL,
  description text NOT NULL,
  amount_fen integer NOT NULL CHECK (amount_fen > 0),
  payee_name text NOT NULL,
  bank_name text NOT NULL,
  card_no text NOT NULL,
  status text NOT NULL CHECK (status IN ('SUBMITTED', 'UNDER_REVIEW', 'NEED_SUPPLEMENT', 'APPROVED', 'PAID', 'REJECTED', 'WITHDRAWN')),
  -- The document kinds asked for while NEED_SUPPLEMENT: {"kind": least, ...}.
  needed jsonb NOT NULL DEFAULT '{}',
  paid_fen integer CHECK (paid_fen >= 0),
  decision text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX claims_user ON claims (user_id, seq DESC);
CREATE UNIQUE INDEX claims_open_once ON claims (policy_id, type, event_date)
  WHERE status IN ('SUBMITTED', 'UNDER_REVIEW', 'NEED_SUPPLEMENT');
CREATE INDEX claims_in_review ON claims (status, updated_at) WHERE status IN ('SUBMITTED', 'UNDER_REVIEW', 'APPROVED');

CREATE TABLE claim_steps (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id text NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  status text NOT NULL,
  note text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX claim_steps_claim ON claim_steps (claim_id, id);

CREATE TABLE claim_documents (
  claim_id text NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  media_id text NOT NULL UNIQUE REFERENCES media (id),
  kind text NOT NULL,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (claim_id, media_id)
);

CREATE SEQUENCE claim_serial;
