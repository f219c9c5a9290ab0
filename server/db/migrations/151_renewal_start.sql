-- 一键续保 (/renewal): the new cover starts the day the old one ends, priced for that day. The application and the
-- order carry the policy they renew and that start date (an ISO calendar day, Asia/Shanghai); one live order
-- (unpaid, paid or issued) per renewed policy.
ALTER TABLE applications ADD COLUMN renews_policy_id text REFERENCES policies (id);
ALTER TABLE applications ADD COLUMN start_date text CHECK (start_date ~ '^\d{4}-\d{2}-\d{2}$');
ALTER TABLE orders ADD COLUMN renews_policy_id text REFERENCES policies (id);
ALTER TABLE orders ADD COLUMN start_date text CHECK (start_date ~ '^\d{4}-\d{2}-\d{2}$');
CREATE UNIQUE INDEX orders_renew_once ON orders (renews_policy_id)
  WHERE renews_policy_id IS NOT NULL AND status IN ('PENDING_PAYMENT', 'PAID', 'ISSUED');
