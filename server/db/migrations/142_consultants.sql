-- Our licensed insurance consultants (/consultant, /InsuranceConsultant): shown to everyone, booked through the
-- appointment slots (143_appointments.sql).
CREATE TABLE consultants (
  id text PRIMARY KEY,
  name text NOT NULL,
  -- A public image path (/images/consultants/…).
  photo text NOT NULL,
  -- 执业证编号: the practising certificate number of the insurance sales registration system (26 digits).
  licence_no text NOT NULL UNIQUE CHECK (licence_no ~ '^[0-9]{26}$'),
  years integer NOT NULL CHECK (years BETWEEN 0 AND 60),
  specialities jsonb NOT NULL,
  -- The average rating × 10 (48 = 4.8 of 5), so it stays an integer.
  rating_tenths integer NOT NULL CHECK (rating_tenths BETWEEN 0 AND 50),
  served integer NOT NULL CHECK (served >= 0),
  intro text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0
);
