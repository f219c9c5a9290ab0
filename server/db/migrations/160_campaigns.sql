-- Campaigns declared in page configs (issue 14): the config is the rule, these tables are the state. Every count
-- that matters is taken by one conditional statement: a user's chances (campaign_chances), a prize's stock
-- (campaign_prizes.awarded <= stock) and its daily cap (campaign_prize_days).
CREATE TABLE campaigns (
  id text PRIMARY KEY,
  kind text NOT NULL,
  title text NOT NULL,
  file text NOT NULL,
  definition jsonb NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- The secret seed of the fair draws (hex); its SHA-256 is published from the start, the seed after the end.
  seed text NOT NULL,
  seed_hash text NOT NULL,
  registered_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE campaign_prizes (
  campaign_id text NOT NULL REFERENCES campaigns (id),
  prize_id text NOT NULL,
  sort integer NOT NULL,
  name text NOT NULL,
  weight integer NOT NULL CHECK (weight >= 0),
  stock integer CHECK (stock >= 0),
  daily_cap integer CHECK (daily_cap >= 0),
  reward jsonb NOT NULL,
  awarded integer NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, prize_id),
  CHECK (stock IS NULL OR awarded <= stock)
);

CREATE TABLE campaign_prize_days (
  campaign_id text NOT NULL,
  prize_id text NOT NULL,
  day text NOT NULL,
  awarded integer NOT NULL,
  PRIMARY KEY (campaign_id, prize_id, day),
  FOREIGN KEY (campaign_id, prize_id) REFERENCES campaign_prizes (campaign_id, prize_id)
);

CREATE TABLE campaign_chances (
  campaign_id text NOT NULL REFERENCES campaigns (id),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  used integer NOT NULL,
  day text NOT NULL,
  used_today integer NOT NULL,
  PRIMARY KEY (campaign_id, user_id)
);

CREATE TABLE campaign_draws (
  id text PRIMARY KEY,
  campaign_id text NOT NULL REFERENCES campaigns (id),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  prize_id text,
  -- The prizes that still had stock when this draw was mapped, in config order with their weights: with the
  -- revealed seed anyone can recompute the result.
  available jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (campaign_id, user_id, seq)
);
CREATE INDEX campaign_draws_user ON campaign_draws (user_id, campaign_id, seq DESC);

CREATE TABLE campaign_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id text NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  detail jsonb NOT NULL,
  at timestamptz NOT NULL
);
