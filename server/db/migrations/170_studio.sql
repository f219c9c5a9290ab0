-- The operations studio (issue 15): staff accounts with roles, their sessions and audit log, and the pages they
-- build: a draft per page (optimistic locking on draft_revision), immutable versions, and publications. The
-- version live at a moment T is the one of the newest publication with publish_at <= T (an 'unpublish' row, with
-- no version, takes the page offline). Sessions and login attempts live here, never in a process's memory.

CREATE TABLE staff_users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL UNIQUE,
  display_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('editor', 'publisher', 'admin')),
  -- scrypt$N$r$p$salt$hash (base64url), a salt of its own per account.
  password_hash text NOT NULL,
  -- Failed logins in a row; the fifth locks the account until locked_until (counted in one UPDATE).
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_until timestamptz,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The studio's sessions: only the SHA-256 of the cookie's token is kept.
CREATE TABLE staff_sessions (
  id_hash text PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- Who did what, when, to which page, version and draft revision. Append-only.
CREATE TABLE staff_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  staff_id integer REFERENCES staff_users (id),
  -- The name at the time (an account may be renamed later).
  staff_name text NOT NULL,
  action text NOT NULL,
  page_id text,
  version integer,
  revision integer,
  detail text NOT NULL DEFAULT ''
);
CREATE INDEX staff_audit_at ON staff_audit (at DESC, id DESC);
CREATE INDEX staff_audit_page ON staff_audit (page_id, at DESC, id DESC);

CREATE TABLE studio_pages (
  id text PRIMARY KEY,
  title text NOT NULL,
  -- json, not jsonb: the text is kept as written (key order included), so the studio shows it as saved.
  draft json NOT NULL,
  -- Every save is `... WHERE draft_revision = <the revision the editor started from>`: a stale save changes nothing.
  draft_revision integer NOT NULL DEFAULT 1 CHECK (draft_revision >= 1),
  saved_by integer NOT NULL REFERENCES staff_users (id),
  saved_at timestamptz NOT NULL,
  -- The last version number handed out: a publish takes the next one in the same UPDATE that checks the revision.
  last_version integer NOT NULL DEFAULT 0 CHECK (last_version >= 0),
  created_by integer NOT NULL REFERENCES staff_users (id),
  created_at timestamptz NOT NULL
);

-- Routes match case-insensitively: two ids that differ only in letter case would be one page.
CREATE UNIQUE INDEX studio_pages_id_ci ON studio_pages (lower(id));

-- Immutable: a version is written once and never changed (rollback publishes an old one again).
CREATE TABLE studio_page_versions (
  page_id text NOT NULL REFERENCES studio_pages (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  config json NOT NULL,
  -- The config's markdown compiled once at publish (the consumer ships no markdown parser).
  markdown json NOT NULL,
  -- The draft revision it was made from.
  revision integer NOT NULL,
  created_by integer NOT NULL REFERENCES staff_users (id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (page_id, version)
);

CREATE TABLE studio_publications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  page_id text NOT NULL REFERENCES studio_pages (id) ON DELETE CASCADE,
  version integer,
  kind text NOT NULL CHECK (kind IN ('publish', 'rollback', 'unpublish')),
  publish_at timestamptz NOT NULL,
  created_by integer NOT NULL REFERENCES staff_users (id),
  created_at timestamptz NOT NULL,
  FOREIGN KEY (page_id, version) REFERENCES studio_page_versions (page_id, version),
  CHECK ((kind = 'unpublish') = (version IS NULL))
);
CREATE INDEX studio_publications_live ON studio_publications (page_id, publish_at DESC, id DESC);

-- Images staff upload for pages: public (anyone may load a published page's picture), re-encoded like every upload.
CREATE TABLE studio_media (
  id text PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff_users (id),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/webp')),
  bytes integer NOT NULL CHECK (bytes > 0),
  width integer NOT NULL,
  height integer NOT NULL,
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
