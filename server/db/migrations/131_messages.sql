-- The message center: one row per message to one user, written by the event's own transaction (notify), so a
-- message exists exactly when what it tells happened. read_at: null while unread.
CREATE TABLE messages (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('trade', 'policy', 'activity', 'system')),
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  -- What the message is about: {"kind": "order" | "policy" | "points", "id": ...} or null.
  target jsonb,
  created_at timestamptz NOT NULL,
  read_at timestamptz
);
CREATE INDEX messages_user ON messages (user_id, seq DESC);
CREATE INDEX messages_unread ON messages (user_id, category) WHERE read_at IS NULL;
