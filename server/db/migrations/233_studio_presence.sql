-- Who has a studio page open: one row per (page, staff member, browser tab), its last heartbeat. A row older
-- than the expiry (presence.ts) is nobody; every process of the server reads and writes the same rows.
CREATE TABLE studio_presence (
  page_id text NOT NULL REFERENCES studio_pages (id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff_users (id),
  tab text NOT NULL,
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (page_id, staff_id, tab)
);
CREATE INDEX studio_presence_seen ON studio_presence (page_id, seen_at);
