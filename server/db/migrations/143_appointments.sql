-- Booked calls: about a product type (the service desk) or with one consultant. Each bookable thing
-- ("product:<goodsType>" or "consultant:<id>") has a counter per slot; a booking takes one in a single guarded
-- statement (booked < capacity), so parallel bookings of the last place give it to one of them.
CREATE TABLE appointment_slots (
  resource text NOT NULL,
  slot_start timestamptz NOT NULL,
  capacity integer NOT NULL CHECK (capacity > 0),
  booked integer NOT NULL CHECK (booked >= 0 AND booked <= capacity),
  PRIMARY KEY (resource, slot_start)
);

-- BOOKED holds a place in its slot; CANCELLED gave it back. A booking whose slot has ended reads as finished.
CREATE TABLE appointments (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  resource text NOT NULL,
  goods_type text,
  consultant_id text REFERENCES consultants (id),
  slot_start timestamptz NOT NULL,
  phone text NOT NULL,
  needs text NOT NULL,
  status text NOT NULL CHECK (status IN ('BOOKED', 'CANCELLED')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  cancelled_at timestamptz,
  CHECK ((goods_type IS NULL) <> (consultant_id IS NULL))
);
CREATE INDEX appointments_user ON appointments (user_id, seq DESC);
-- One active booking of a slot per user.
CREATE UNIQUE INDEX appointments_one_per_slot ON appointments (user_id, resource, slot_start)
  WHERE status = 'BOOKED';
