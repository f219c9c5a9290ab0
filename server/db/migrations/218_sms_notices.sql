-- Text messages a user is sent about something that happened (a policy issued, with its e-policy link). A row is
-- written in the transaction of what it tells, so it exists exactly when that happened, and is sent after the
-- commit by the sender (messages/smsNotices.ts), retried with a growing wait until it is sent or given up.
-- One notice per kind and reference: the same policy is never texted twice for its issue.
CREATE TABLE sms_notices (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  phone text NOT NULL,
  kind text NOT NULL,
  reference text NOT NULL,
  -- What a gateway template fills in (product, policy number, link); `message` is the whole text.
  params jsonb NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  sent_at timestamptz,
  gave_up_at timestamptz,
  last_error text,
  UNIQUE (kind, reference)
);
CREATE INDEX sms_notices_due ON sms_notices (next_attempt_at) WHERE sent_at IS NULL AND gave_up_at IS NULL;
