-- A partner policy is issued by a deadline or not at all (server/modules/partners/deadlines.ts): each partner
-- product declares how its deadline is reckoned, a paid order keeps the deadline it got when it started issuing,
-- and an order still waiting at its deadline is alerted once.
--   cover_start    before the cover starts: the start day (orders.start_date, Asia/Shanghai) at 00:00; when it
--                  was paid on that day already (the cover then starts at issue), within issue_within_minutes of
--                  payment and never after the day ends. Without a start date, within issue_within_minutes.
--   after_payment  within issue_within_minutes of payment.
ALTER TABLE partner_products
  ADD COLUMN issue_deadline text NOT NULL DEFAULT 'after_payment'
    CHECK (issue_deadline IN ('cover_start', 'after_payment')),
  ADD COLUMN issue_within_minutes integer NOT NULL DEFAULT 2880 CHECK (issue_within_minutes > 0);
UPDATE partner_products SET issue_deadline = 'cover_start', issue_within_minutes = 30
  WHERE flow IN ('huataitravel', 'airAccident');

ALTER TABLE partner_orders
  ADD COLUMN issue_deadline_at timestamptz,
  -- When the order was first seen still ISSUING past its deadline (the alert is raised by whoever sets it).
  ADD COLUMN overdue_alerted_at timestamptz;
-- Orders already waiting get the after-payment bound.
UPDATE partner_orders po SET issue_deadline_at = coalesce(o.paid_at, po.updated_at) + interval '2 days'
  FROM orders o WHERE o.id = po.order_id AND po.status = 'ISSUING';
