-- 除外承保 on the policy itself: the exclusions the health notification's underwriting decided (216) are part of
-- the contract, shown on the policy and printed on the e-policy as 特别约定. Policies issued since 216 get theirs
-- from their order.
ALTER TABLE policies ADD COLUMN exclusions jsonb NOT NULL DEFAULT '[]';
UPDATE policies AS p
SET exclusions = o.health -> 'exclusions'
FROM orders AS o
WHERE o.id = p.order_id AND jsonb_typeof(o.health -> 'exclusions') = 'array';
