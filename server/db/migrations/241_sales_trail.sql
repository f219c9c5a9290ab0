-- 可回溯 (互联网保险销售行为可回溯管理): the sales pages as versions, and each sale's trail, hash-chained
-- (server/modules/trail). A trail outlives the account that made it: records are kept 5 or 10 years after the
-- contract ends, so nothing here cascades from users.

-- 合规: read-only staff who search, replay and export sales.
ALTER TABLE staff_users DROP CONSTRAINT staff_users_role_check;
ALTER TABLE staff_users ADD CONSTRAINT staff_users_role_check
  CHECK (role IN ('editor', 'publisher', 'admin', 'compliance'));

-- One row per version of a sales page: product (the product page's data as served), document (a 投保须知 or
-- clause: its title and full text; the hash is of the text) and purchase_texts (the purchase screens' own words).
-- The live version has no offline_at; a change closes it and adds the next, in one transaction.
CREATE TABLE sales_page_versions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('product', 'document', 'purchase_texts')),
  key text NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  hash text NOT NULL,
  title text NOT NULL,
  content jsonb NOT NULL,
  online_at timestamptz NOT NULL,
  offline_at timestamptz,
  UNIQUE (kind, key, version)
);
CREATE UNIQUE INDEX sales_page_versions_live ON sales_page_versions (kind, key) WHERE offline_at IS NULL;

-- One trail per sale: opened by the buyer's browser on the product page, or by the server when an application or
-- partner quote arrives without one. head_seq/head_hash are the chain's end (a removed last record shows).
CREATE TABLE sales_trails (
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  -- The account's phone when the trail began (searchable; shown masked).
  phone text NOT NULL,
  product_id text NOT NULL,
  product_name text NOT NULL,
  channel text NOT NULL,
  application_id text UNIQUE,
  partner_quote_id text UNIQUE,
  order_id text UNIQUE,
  order_no text,
  policy_id text,
  policy_no text,
  stage text NOT NULL DEFAULT 'browsing'
    CHECK (stage IN ('browsing', 'applied', 'ordered', 'paid', 'issued', 'ended')),
  started_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  -- Cover of a year or less is kept 5 years after the contract ends, longer cover 10 (set when issued).
  long_cover boolean,
  contract_ends_at timestamptz,
  -- Null while the contract runs without an end (终身); a sale that never became a contract: 5 years after its
  -- last step.
  keep_until timestamptz,
  head_seq integer NOT NULL DEFAULT 0,
  head_hash text NOT NULL DEFAULT ''
);
CREATE INDEX sales_trails_user ON sales_trails (user_id, product_id, last_at DESC);
CREATE INDEX sales_trails_phone ON sales_trails (phone, started_at DESC);
CREATE INDEX sales_trails_policy_no ON sales_trails (policy_no) WHERE policy_no IS NOT NULL;
CREATE INDEX sales_trails_order_no ON sales_trails (order_no) WHERE order_no IS NOT NULL;
CREATE INDEX sales_trails_started ON sales_trails (started_at DESC);
CREATE INDEX sales_trails_keep_until ON sales_trails (keep_until) WHERE keep_until IS NOT NULL;

-- Each step: hash = SHA-256 of the previous hash and this record's canonical JSON (server/modules/trail/chain.ts).
-- A browser event's id makes a resent batch record nothing twice.
CREATE TABLE sales_trail_records (
  trail_id uuid NOT NULL REFERENCES sales_trails (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  at timestamptz NOT NULL,
  client_at timestamptz,
  source text NOT NULL CHECK (source IN ('server', 'browser')),
  kind text NOT NULL,
  data jsonb NOT NULL,
  client_event_id text,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (trail_id, seq),
  UNIQUE (trail_id, client_event_id)
);

-- The version of each document an application was made with (its text's hash), carried into the order's consents.
ALTER TABLE application_documents ADD COLUMN version integer, ADD COLUMN hash text;
