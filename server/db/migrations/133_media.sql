-- Uploaded files (avatars, feedback and claim photos): who owns each, what it is for, what was stored where.
-- id is random and unguessable; the file itself is in the media store (DATA_DIR/media or S3) under storage_key.
-- attached_to: what uses the file ('avatar', 'feedback:<id>'); null while it is only uploaded. A used file is
-- not deleted by its owner and not attached twice.
CREATE TABLE media (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('avatar', 'feedback', 'claim')),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/webp')),
  bytes integer NOT NULL CHECK (bytes > 0),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  storage_key text NOT NULL UNIQUE,
  attached_to text,
  created_at timestamptz NOT NULL
);
CREATE INDEX media_user ON media (user_id, created_at);

-- Each user's stored files and bytes: the quota is one conditional upsert on this row (never counted and then
-- written), taken back in the transaction that deletes a file.
CREATE TABLE media_usage (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  files integer NOT NULL CHECK (files >= 0),
  bytes bigint NOT NULL CHECK (bytes >= 0)
);
