-- 在线客服 (server/modules/service): a customer's conversations and their messages, numbered 1, 2, 3… within each
-- conversation so that a page or desk that lost its connection asks for "after N" and gets each message once.

CREATE TABLE service_conversations (
  id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- bot: the assistant answers; queued: waiting for an agent (after_hours: a 留言); active: an agent answers.
  status text NOT NULL CHECK (status IN ('bot', 'queued', 'active', 'closed')),
  -- What the customer came from: [{kind, id, title}], titles as the customer saw them.
  context jsonb NOT NULL DEFAULT '[]',
  agent_id integer REFERENCES staff_users (id),
  after_hours boolean NOT NULL DEFAULT false,
  queued_at timestamptz,
  -- The last message's number: a message takes last_seq + 1 in the statement that writes it.
  last_seq integer NOT NULL DEFAULT 0,
  -- The agent's read mark (the desk's unread count).
  agent_read_seq integer NOT NULL DEFAULT 0,
  -- Until when the customer's page counts as connected (its stream renews it); past it, an agent's reply also
  -- goes to the message center, once per absence (offline_notice_at after the last connection).
  customer_online_until timestamptz,
  offline_notice_at timestamptz,
  rating smallint CHECK (rating BETWEEN 1 AND 5),
  rating_comment text,
  created_at timestamptz NOT NULL,
  closed_at timestamptz,
  CHECK (status <> 'active' OR agent_id IS NOT NULL)
);
-- One open conversation per customer: opening again returns it.
CREATE UNIQUE INDEX service_conversations_open ON service_conversations (user_id) WHERE status <> 'closed';
CREATE INDEX service_conversations_queue ON service_conversations (queued_at) WHERE status = 'queued';
CREATE INDEX service_conversations_agent ON service_conversations (agent_id) WHERE status = 'active';
CREATE INDEX service_conversations_closed ON service_conversations (closed_at DESC) WHERE status = 'closed';

CREATE TABLE service_messages (
  conversation_id uuid NOT NULL REFERENCES service_conversations (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  sender text NOT NULL CHECK (sender IN ('customer', 'agent', 'bot', 'system')),
  staff_id integer REFERENCES staff_users (id),
  body text NOT NULL DEFAULT '',
  -- A customer's image (media id, purpose service) or an agent's (the studio asset library's URL).
  media_id text,
  image_url text,
  -- The assistant's FAQ matches: [{id, question}].
  faqs jsonb NOT NULL DEFAULT '[]',
  -- The sender's own id of the message: a double tap or a retried request writes it once.
  client_id text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (conversation_id, seq)
);
CREATE UNIQUE INDEX service_messages_client ON service_messages (conversation_id, sender, client_id)
  WHERE client_id IS NOT NULL;

-- A customer's chat images are uploads like feedback photos.
ALTER TABLE media DROP CONSTRAINT media_purpose_check;
ALTER TABLE media ADD CONSTRAINT media_purpose_check CHECK (purpose IN ('avatar', 'feedback', 'claim', 'service'));
