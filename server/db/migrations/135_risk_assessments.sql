-- Investor risk assessments: one row per questionnaire a user completed, never changed; the user's current
-- assessment is the newest (highest seq). Valid until expires_at (exclusive), one year after assessed_at.
CREATE TABLE risk_assessments (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- [{"questionId": "age", "optionId": "B"}, …] as submitted, in the questionnaire's order.
  answers jsonb NOT NULL,
  score integer NOT NULL CHECK (score BETWEEN 0 AND 1000),
  level text NOT NULL CHECK (level IN ('C1', 'C2', 'C3', 'C4', 'C5')),
  assessed_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CHECK (expires_at > assessed_at)
);
CREATE INDEX risk_assessments_user ON risk_assessments (user_id, seq DESC);
