-- The service desk's cases (server/modules/{feedback,claims,appointments}/desk*.ts): who answered a feedback,
-- which staff member last moved a claim (the demo adjuster leaves such claims alone), and a booking's
-- confirmation by an agent.
ALTER TABLE feedback_replies ADD COLUMN staff_id integer;
ALTER TABLE claims ADD COLUMN handled_by text;
ALTER TABLE appointments ADD COLUMN confirmed_at timestamptz;
ALTER TABLE appointments ADD COLUMN confirmed_by text;
