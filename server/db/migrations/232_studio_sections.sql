-- Reusable sections (保存为区块组合): a named group of blocks any editor can insert into a page. The blocks are
-- kept as written (json), with the campaigns they reference, so an inserted lottery brings its declaration.
CREATE TABLE studio_sections (
  id text PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 30),
  blocks json NOT NULL,
  campaigns json NOT NULL DEFAULT '{}',
  created_by integer NOT NULL REFERENCES staff_users (id),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX studio_sections_name ON studio_sections (lower(name));
