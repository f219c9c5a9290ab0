-- Campaign operations in the studio: physical prizes shipped and signed for, stock topped up by staff, and coupons
-- redeemed by partners over a signed API (docs/partners.md). What counts is taken by one conditional statement.

-- A physical prize's shipping: 待发货 (pending) -> 已发货 (shipped, carrier and tracking number) -> 已签收
-- (delivered). Each step is one UPDATE that holds only from the step before.
ALTER TABLE campaign_gifts ADD COLUMN shipping_status text NOT NULL DEFAULT 'pending'
  CHECK (shipping_status IN ('pending', 'shipped', 'delivered'));
ALTER TABLE campaign_gifts ADD COLUMN carrier text;
ALTER TABLE campaign_gifts ADD COLUMN tracking_no text;
ALTER TABLE campaign_gifts ADD COLUMN shipped_at timestamptz;
ALTER TABLE campaign_gifts ADD COLUMN delivered_at timestamptz;
ALTER TABLE campaign_gifts ADD CONSTRAINT campaign_gifts_shipping CHECK (
  (shipping_status = 'pending' AND shipped_at IS NULL AND delivered_at IS NULL)
  OR (shipping_status = 'shipped' AND shipped_at IS NOT NULL AND carrier IS NOT NULL AND tracking_no IS NOT NULL
      AND delivered_at IS NULL)
  OR (shipping_status = 'delivered' AND shipped_at IS NOT NULL AND delivered_at IS NOT NULL)
);
CREATE INDEX campaign_gifts_campaign ON campaign_gifts (campaign_id, created_at DESC);

-- Stock added by staff on top of the config's stock: kept across re-registration (registry.ts adds it back).
ALTER TABLE campaign_prizes ADD COLUMN stock_added integer NOT NULL DEFAULT 0 CHECK (stock_added >= 0);

-- Partners that redeem coupons (a store, a parking operator), each with its own HMAC secret; previous_secret is
-- still accepted during a rotation. Inserted by operations (docs/partners.md); demo mode adds one.
CREATE TABLE coupon_partners (
  id text PRIMARY KEY,
  name text NOT NULL,
  secret text NOT NULL CHECK (length(secret) >= 32),
  previous_secret text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);

-- Where and when a coupon was used: by a partner's redemption (partner, store) or at the counter in the app.
ALTER TABLE coupons ADD COLUMN used_partner_id text REFERENCES coupon_partners (id);
ALTER TABLE coupons ADD COLUMN used_place text;

-- One row per partner request id: the first answer is kept, so a replay returns it and changes nothing.
CREATE TABLE coupon_redemptions (
  partner_id text NOT NULL REFERENCES coupon_partners (id),
  request_id text NOT NULL,
  body_hash text NOT NULL,
  coupon_id text NOT NULL REFERENCES coupons (id),
  answer jsonb NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (partner_id, request_id)
);
CREATE UNIQUE INDEX coupon_redemptions_coupon ON coupon_redemptions (coupon_id);
