-- An exchanged code is valid for a number of days (the gift's code_valid_days), until code_valid_to: 我的券 shows
-- the code with that expiry, as it shows a coupon's. The demo gifts already loaded get the days their
-- descriptions promise; codes already handed out get their expiry from them.
ALTER TABLE gifts ADD COLUMN code_valid_days integer CHECK (code_valid_days > 0);
ALTER TABLE gift_exchanges ADD COLUMN code_valid_to timestamptz;
UPDATE gifts SET code_valid_days = 90 WHERE id = 'g-health-check';
UPDATE gifts SET code_valid_days = 30 WHERE id IN ('g-video-month', 'g-phone-credit');
UPDATE gift_exchanges AS e
SET code_valid_to = e.created_at + make_interval(days => g.code_valid_days)
FROM gifts AS g
WHERE g.id = e.gift_id AND e.code IS NOT NULL AND g.code_valid_days IS NOT NULL;
