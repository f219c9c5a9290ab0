-- Staff logins are throttled per (username, client address) instead of locking the account: a stranger's wrong
-- passwords no longer keep its owner out, and a name that does not exist is throttled exactly like one that does,
-- so the answers do not tell which names exist. Every attempt is counted before its password is checked, by one
-- conditional upsert (server/modules/studio/loginThrottle.ts); a correct password deletes its row.

CREATE TABLE staff_login_attempts (
  -- As typed (trimmed, lower-case), whether or not such an account exists.
  username text NOT NULL,
  ip text NOT NULL,
  -- Attempts since the last success from this address (or since a quiet day).
  failures integer NOT NULL CHECK (failures >= 1),
  -- No attempt for this name from this address is taken before this moment.
  blocked_until timestamptz,
  last_attempt_at timestamptz NOT NULL,
  PRIMARY KEY (username, ip)
);
CREATE INDEX staff_login_attempts_last ON staff_login_attempts (last_attempt_at);

ALTER TABLE staff_users DROP COLUMN failed_attempts;
ALTER TABLE staff_users DROP COLUMN locked_until;
