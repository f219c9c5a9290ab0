-- 智能核保: a health notification records the server's underwriting outcome (标准体承保, 除外承保, 拒保) and the
-- exclusions that apply. Earlier declarations had no follow-ups: passed was standard, anything else declined.
ALTER TABLE health_declarations ADD COLUMN outcome text;
UPDATE health_declarations SET outcome = CASE WHEN passed THEN 'standard' ELSE 'decline' END;
ALTER TABLE health_declarations ALTER COLUMN outcome SET NOT NULL;
ALTER TABLE health_declarations ADD CONSTRAINT health_declarations_outcome
  CHECK (outcome IN ('standard', 'exclusion', 'decline') AND passed = (outcome <> 'decline'));
ALTER TABLE health_declarations ADD COLUMN exclusions jsonb NOT NULL DEFAULT '[]';
