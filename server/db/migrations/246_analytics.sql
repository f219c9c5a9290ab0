-- Analytics (docs/analytics.md): anonymous first-party events for growth, kept apart from the sales trail. No
-- phone, name, ID number, user id or order id is in an event; a visitor is the random `aid` cookie; an address is
-- kept truncated (/24, /48).

-- Raw events, one partition per day (Beijing date of when the event happened): retention drops whole partitions
-- (180 days), and a dashboard reading a range reads only its days. Partitions are made ahead by the analytics job
-- and on demand by the ingest (no default partition: a row never lands where it cannot be dropped by day).
-- (day, event_id) is the key: an event re-sent after a lost answer, or by two tabs, is kept once. Server-recorded
-- events (a draw, a paid order) take ids derived from what they record, so recording one twice keeps one.
CREATE TABLE analytics_events (
  day date NOT NULL,
  event_id text NOT NULL,
  -- page_view | block_impression | block_click | funnel | campaign_draw | campaign_entry | campaign_claim | order_paid
  kind text NOT NULL,
  -- When it happened, the browser's clock corrected by its offset from ours (its batch's sentAt).
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  visitor text NOT NULL,
  -- The browser tab's visit (a new one after 30 minutes idle); null for server-recorded events.
  session text,
  -- The config page (studio page id) the event is on, or for funnel steps and paid orders the page that led to
  -- them (attribution: the visitor's last block click within 7 days).
  page_id text,
  page_version integer,
  phase text,
  experiment_id text,
  variant text,
  block_id text,
  -- How the visitor came: direct | share | push | sms | inviter | search | other.
  source text,
  -- funnel: product | notice | info | pay (order_paid is the step 'paid').
  step text,
  product_id text,
  campaign_id text,
  -- A paid order's premium (fen); a draw's prize cost (fen) when it won one.
  amount_fen bigint,
  won boolean,
  ip_prefix text,
  PRIMARY KEY (day, event_id)
) PARTITION BY RANGE (day);
CREATE INDEX analytics_events_received ON analytics_events (received_at);
CREATE INDEX analytics_events_visitor ON analytics_events (visitor, occurred_at);
CREATE INDEX analytics_events_page ON analytics_events (page_id, kind);

-- Server-side link from an order to the anonymous visitor whose browser created it, so its payment (which arrives
-- without a browser) can be recorded as that visitor's 'paid' step. Deleted once the order is paid or after 7 days.
CREATE TABLE analytics_order_visitors (
  order_id text PRIMARY KEY,
  visitor text NOT NULL,
  created_at timestamptz NOT NULL
);

-- Aggregates, rebuilt for a whole day from its raw partition whenever that day received events (late ones too),
-- by one process at a time (advisory lock): counting is therefore exact and idempotent. Kept after the raw
-- events are dropped. '' stands for "none" so the key can hold every column.
CREATE TABLE analytics_hourly (
  hour timestamptz NOT NULL,
  day date NOT NULL,
  page_id text NOT NULL,
  page_version integer NOT NULL,
  phase text NOT NULL,
  experiment_id text NOT NULL,
  variant text NOT NULL,
  kind text NOT NULL,
  block_id text NOT NULL,
  source text NOT NULL,
  step text NOT NULL,
  campaign_id text NOT NULL,
  events bigint NOT NULL,
  -- Distinct visitors within the hour (a range's distinct visitors come from analytics_visitors).
  visitors bigint NOT NULL,
  wins bigint NOT NULL,
  amount_fen bigint NOT NULL,
  PRIMARY KEY (hour, page_id, page_version, phase, experiment_id, variant, kind, block_id, source, step, campaign_id)
);
CREATE INDEX analytics_hourly_page ON analytics_hourly (page_id, day);

-- Who reached each stage of a page's funnel on each day: view, click, product, notice, info, pay, paid. A range's
-- unique visitors and its funnel are distinct counts over these rows (one per visitor, page, day, stage, variant).
CREATE TABLE analytics_visitors (
  page_id text NOT NULL,
  day date NOT NULL,
  stage text NOT NULL,
  variant text NOT NULL,
  visitor text NOT NULL,
  PRIMARY KEY (page_id, day, stage, variant, visitor)
);

-- Days whose raw events changed since their aggregates were built, and the job's watermark.
CREATE TABLE analytics_rollup_state (
  id integer PRIMARY KEY CHECK (id = 1),
  -- Events received up to here are in the aggregates.
  rolled_up_to timestamptz NOT NULL
);
INSERT INTO analytics_rollup_state (id, rolled_up_to) VALUES (1, '2000-01-01T00:00:00Z');

-- A/B tests of a published page: variants are versions of it, with a traffic split and one goal. At most one
-- running test per page. Its start, stop and promotion change what visitors see: content (240_content_version).
CREATE TABLE page_experiments (
  id text PRIMARY KEY,
  page_id text NOT NULL REFERENCES studio_pages (id),
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'running', 'stopped')),
  -- [{ "key": "A", "version": 3, "weight": 50, "label": "原版" }, …]: weights sum to 100; A is the control.
  variants jsonb NOT NULL,
  -- { "kind": "click", "blockId": "…" } | { "kind": "draw" } | { "kind": "paid" }
  goal jsonb NOT NULL,
  -- The fixed horizon: visitors per variant before the result is read (from the baseline rate and the smallest
  -- effect worth finding, at α = 0.05 two-sided and 80 % power).
  baseline_rate double precision NOT NULL CHECK (baseline_rate > 0 AND baseline_rate < 1),
  min_effect double precision NOT NULL CHECK (min_effect > 0),
  sample_per_variant integer NOT NULL CHECK (sample_per_variant > 0),
  started_at timestamptz,
  stopped_at timestamptz,
  winner text,
  created_by integer NOT NULL REFERENCES staff_users (id),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX page_experiments_one_running ON page_experiments (page_id) WHERE status = 'running';
CREATE TRIGGER page_experiments_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON page_experiments
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();

-- Each visitor of a test: the variant they saw first, and when they first reached the goal after it.
CREATE TABLE analytics_experiment_visitors (
  experiment_id text NOT NULL REFERENCES page_experiments (id) ON DELETE CASCADE,
  visitor text NOT NULL,
  variant text NOT NULL,
  exposed_at timestamptz NOT NULL,
  converted_at timestamptz,
  PRIMARY KEY (experiment_id, visitor)
);
