-- The points mall: gifts bought with points (or beans), and each exchange. Stock and balances move only in
-- single guarded statements (stock > 0, usable >= price), so parallel exchanges can neither oversell nor take a
-- balance below zero.
CREATE TABLE gifts (
  id text PRIMARY KEY,
  -- The name in the gift's address (/signIn/giftDetail/{goodsName}).
  name text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('virtual', 'physical')),
  currency text NOT NULL CHECK (currency IN ('point', 'bean')),
  price integer NOT NULL CHECK (price > 0),
  stock integer NOT NULL CHECK (stock >= 0),
  per_user_limit integer NOT NULL CHECK (per_user_limit > 0),
  image text NOT NULL,
  description text NOT NULL,
  valid_until timestamptz,
  sort integer NOT NULL DEFAULT 0
);

-- FULFILLED: done (a virtual gift's code issued, or a physical one shipped to the address); AWAITING_ADDRESS: a
-- physical gift whose price is frozen until the user gives an address; CANCELLED: the price unfrozen, the stock
-- back.
CREATE TABLE gift_exchanges (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  gift_id text NOT NULL REFERENCES gifts (id),
  gift_name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('virtual', 'physical')),
  currency text NOT NULL CHECK (currency IN ('point', 'bean')),
  price integer NOT NULL CHECK (price > 0),
  status text NOT NULL CHECK (status IN ('AWAITING_ADDRESS', 'FULFILLED', 'CANCELLED')),
  code text,
  address jsonb,
  created_at timestamptz NOT NULL,
  fulfilled_at timestamptz,
  cancelled_at timestamptz
);
CREATE INDEX gift_exchanges_user ON gift_exchanges (user_id, seq DESC);
CREATE INDEX gift_exchanges_limit ON gift_exchanges (user_id, gift_id) WHERE status <> 'CANCELLED';
