-- Guessing games (竞猜, issue 14): the items of a guess campaign (registered from its config), one pick per user
-- per item (changed until the item's lock time, by one conditional upsert), the result entered once, and one
-- reward per correct pick (its primary key is what makes it once, whoever enters the result and however often).
CREATE TABLE campaign_guess_items (
  campaign_id text NOT NULL REFERENCES campaigns (id),
  item_id text NOT NULL,
  sort integer NOT NULL,
  title text NOT NULL,
  stage text,
  kickoff_at timestamptz,
  lock_at timestamptz NOT NULL,
  -- [{ "id": "home", "label": "阿根廷胜" }, …] in config order.
  options jsonb NOT NULL,
  result_option_id text,
  result_at timestamptz,
  PRIMARY KEY (campaign_id, item_id),
  CHECK ((result_option_id IS NULL) = (result_at IS NULL))
);

CREATE TABLE campaign_guess_picks (
  campaign_id text NOT NULL,
  item_id text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  option_id text NOT NULL,
  created_at timestamptz NOT NULL,
  -- When the pick took its present option (the leaderboard's tie-break: the earlier, the better).
  picked_at timestamptz NOT NULL,
  PRIMARY KEY (campaign_id, item_id, user_id),
  FOREIGN KEY (campaign_id, item_id) REFERENCES campaign_guess_items (campaign_id, item_id)
);
CREATE INDEX campaign_guess_picks_user ON campaign_guess_picks (campaign_id, user_id);
CREATE INDEX campaign_guess_picks_option ON campaign_guess_picks (campaign_id, item_id, option_id);

CREATE TABLE campaign_guess_rewards (
  -- The ledger's reference for the credit.
  id text PRIMARY KEY,
  campaign_id text NOT NULL,
  item_id text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reward jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (campaign_id, item_id, user_id),
  FOREIGN KEY (campaign_id, item_id, user_id) REFERENCES campaign_guess_picks (campaign_id, item_id, user_id)
);
CREATE INDEX campaign_guess_rewards_user ON campaign_guess_rewards (campaign_id, user_id);

-- A user's invite code (the share poster's QR code carries it): derived from the user id, kept so that a code
-- can be looked up; made on first use by one insert.
CREATE TABLE user_invite_codes (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
