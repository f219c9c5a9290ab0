-- Consent withdrawn from the login agreements (the user is logged out; the next login asks again), and account
-- deletion with a cooling period: requested, then carried out by the sweep (the person's data erased, the
-- phone freed) unless cancelled before it is due. Orders and policies stay, as the law requires of insurers.
CREATE TABLE consent_withdrawals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  withdrawn_at timestamptz NOT NULL
);
CREATE INDEX consent_withdrawals_user ON consent_withdrawals (user_id);

ALTER TABLE users ADD COLUMN deletion_requested_at timestamptz;
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
CREATE INDEX users_deletion_due ON users (deletion_requested_at) WHERE deletion_requested_at IS NOT NULL AND deleted_at IS NULL;
