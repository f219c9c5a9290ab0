-- Campaign claims (issue 14): coupons that are real rows, physical prizes waiting for an address, form entries
-- and zero-premium gift policies claimed through a campaign. Counts are taken where 160_campaigns.sql takes them
-- (campaign_chances for a user's limits, campaign_prizes.awarded for stock); what may happen once has a unique key.

-- A coupon for a non-insurance benefit (parking, gifts, services), never a premium discount. Issued by a lottery
-- draw or a coupon campaign's claim, in the same transaction; 已过期 is read from valid_to against server time.
CREATE TABLE coupons (
  id text PRIMARY KEY,
  code text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  campaign_id text NOT NULL REFERENCES campaigns (id),
  prize_id text NOT NULL,
  name text NOT NULL,
  benefit text NOT NULL,
  -- What issued it: a lottery draw or a claim (one coupon per source).
  source_kind text NOT NULL CHECK (source_kind IN ('draw', 'claim')),
  source_id text NOT NULL,
  valid_from timestamptz NOT NULL,
  valid_to timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (source_kind, source_id),
  CHECK (valid_from < valid_to)
);
CREATE INDEX coupons_user ON coupons (user_id, created_at DESC);
CREATE INDEX coupons_campaign ON coupons (campaign_id, user_id);

-- A physical prize won: the winner gives a delivery address once.
CREATE TABLE campaign_gifts (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  campaign_id text NOT NULL REFERENCES campaigns (id),
  prize_id text NOT NULL,
  name text NOT NULL,
  description text NOT NULL,
  source_kind text NOT NULL CHECK (source_kind IN ('draw', 'claim')),
  source_id text NOT NULL,
  address jsonb,
  address_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (source_kind, source_id),
  CHECK ((address IS NULL) = (address_at IS NULL))
);
CREATE INDEX campaign_gifts_user ON campaign_gifts (user_id, created_at DESC);

-- What a user took from a coupon or gift-claim campaign, and what a form recorded: seq is the user's count in the
-- campaign (taken by the campaign_chances upsert), so a limit can never be passed twice with one number.
CREATE TABLE campaign_entries (
  id text PRIMARY KEY,
  campaign_id text NOT NULL REFERENCES campaigns (id),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  -- The calendar day in Asia/Shanghai.
  day text NOT NULL,
  fields jsonb NOT NULL,
  -- A gift claim: the insured's certificate (type:number), once per campaign, and the policy issued.
  person_key text,
  order_id text REFERENCES orders (id),
  created_at timestamptz NOT NULL,
  UNIQUE (campaign_id, user_id, seq)
);
CREATE UNIQUE INDEX campaign_entries_person ON campaign_entries (campaign_id, person_key) WHERE person_key IS NOT NULL;
CREATE INDEX campaign_entries_recent ON campaign_entries (user_id, campaign_id, created_at DESC);

-- Gift products are given only through a campaign: not listed in the catalog, and not sold through the purchase flow.
ALTER TABLE products ADD COLUMN campaign_only boolean NOT NULL DEFAULT false;
