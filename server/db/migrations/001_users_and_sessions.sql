-- Users, login consent records, server-side sessions, SMS codes and the demo SMS outbox.
CREATE TABLE users (
  id text PRIMARY KEY,
  phone text NOT NULL UNIQUE,
  nickname text NOT NULL,
  avatar text,
  real_name text,
  id_number text,
  real_name_verified_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- One row per consent given (every login asks again), with the document version shown.
CREATE TABLE user_agreements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  agreement text NOT NULL,
  version text NOT NULL,
  accepted_at timestamptz NOT NULL
);
CREATE INDEX user_agreements_user ON user_agreements (user_id);

-- The cookie holds a random token; only its SHA-256 is stored.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- The latest code per phone; sending a new one replaces it.
CREATE TABLE sms_codes (
  phone text PRIMARY KEY,
  code_hash text NOT NULL,
  sent_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz
);

CREATE TABLE sms_send_log (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone text NOT NULL,
  ip text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX sms_send_log_ip ON sms_send_log (ip, sent_at);

CREATE TABLE sms_outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone text NOT NULL,
  message text NOT NULL,
  code text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sms_outbox_phone ON sms_outbox (phone, id);

CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
