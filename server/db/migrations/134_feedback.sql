-- Feedback (意见反馈): what a user wrote, with up to six of their uploaded photos (media ids, attached in the same
-- transaction), and the replies. status: PENDING until the first reply.
CREATE TABLE feedback (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('suggestion', 'purchase', 'policy', 'claim', 'bug', 'other')),
  content text NOT NULL CHECK (char_length(content) BETWEEN 10 AND 500),
  photos jsonb NOT NULL,
  contact_phone text CHECK (contact_phone ~ '^1[3-9][0-9]{9}$'),
  status text NOT NULL CHECK (status IN ('PENDING', 'REPLIED')),
  created_at timestamptz NOT NULL
);
CREATE INDEX feedback_user ON feedback (user_id, seq DESC);
CREATE INDEX feedback_pending ON feedback (created_at) WHERE status = 'PENDING';

CREATE TABLE feedback_replies (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  feedback_id text NOT NULL REFERENCES feedback (id) ON DELETE CASCADE,
  author text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX feedback_replies_feedback ON feedback_replies (feedback_id, id);
