-- Publishing you can trust (issue 26). A pending schedule is a publication whose publish_at is still ahead; a
-- newer publish, schedule, rollback or unpublish supersedes it, and staff may cancel it. Either way the row is
-- kept as history with who and when, and the live version at T is the newest publication with publish_at <= T
-- that was never cancelled.
ALTER TABLE studio_publications
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancelled_by integer REFERENCES staff_users (id),
  ADD COLUMN cancel_kind text CHECK (cancel_kind IN ('cancelled', 'superseded')),
  -- The publication that superseded it (null when a person cancelled it).
  ADD COLUMN superseded_by bigint REFERENCES studio_publications (id),
  ADD CONSTRAINT studio_publications_cancel_whole CHECK (
    (cancelled_at IS NULL) = (cancel_kind IS NULL) AND (cancelled_at IS NULL) = (cancelled_by IS NULL)
    AND (superseded_by IS NULL OR cancel_kind = 'superseded'));

-- What older code left pending behind a newer publication is superseded by the newest one, as the model says.
UPDATE studio_publications s
   SET (cancelled_at, cancelled_by, cancel_kind, superseded_by) = (
     SELECT n.created_at, n.created_by, 'superseded', n.id FROM studio_publications n
      WHERE n.page_id = s.page_id AND n.id > s.id ORDER BY n.id DESC LIMIT 1)
 WHERE s.publish_at > now()
   AND EXISTS (SELECT 1 FROM studio_publications n WHERE n.page_id = s.page_id AND n.id > s.id);

-- A campaign declared by a studio page acts only while the page's live version declares it. page_version is the
-- version whose rules are registered (a scheduled version's rules wait until it is live); null for folder configs.
ALTER TABLE campaigns
  ADD COLUMN page_id text REFERENCES studio_pages (id),
  ADD COLUMN page_version integer;
UPDATE campaigns c SET page_id = p.id FROM studio_pages p WHERE c.file = 'page-configs/activity/' || p.id || '.json';
