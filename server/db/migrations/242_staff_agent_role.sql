-- 客服 (agent): service staff who answer 在线客服, feedback, claims intake and appointments
-- (server/modules/desk). Like 合规, outside the page-work ladder.
ALTER TABLE staff_users DROP CONSTRAINT staff_users_role_check;
ALTER TABLE staff_users ADD CONSTRAINT staff_users_role_check
  CHECK (role IN ('editor', 'publisher', 'admin', 'compliance', 'agent'));
