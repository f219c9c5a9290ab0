-- The shopping cart: priced plans a logged-in user saved from the product page (a guest's stay on the device
-- until login merges them). One row per distinct plan and insured factors; the price quoted when it was added
-- is kept so the cart can show what changed since.
CREATE TABLE cart_items (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id text NOT NULL,
  plan_code text NOT NULL,
  coverage_period text NOT NULL,
  payment_period text NOT NULL,
  birth_date text NOT NULL CHECK (birth_date ~ '^\d{4}-\d{2}-\d{2}$'),
  gender text NOT NULL CHECK (gender IN ('M', 'F')),
  social_insurance text NOT NULL CHECK (social_insurance IN ('Y', 'N')),
  quoted_premium_fen integer NOT NULL CHECK (quoted_premium_fen >= 0),
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, product_id, plan_code, coverage_period, payment_period, birth_date, gender, social_insurance)
);
CREATE INDEX cart_items_user ON cart_items (user_id, created_at);
