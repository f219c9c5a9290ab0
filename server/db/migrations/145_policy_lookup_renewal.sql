-- SMS codes for more than the login: the policy lookup (/scratch) sends codes of its own, one per policy,
-- which must neither replace nor stand in for a login code of the same phone.
ALTER TABLE sms_codes ADD COLUMN purpose text NOT NULL DEFAULT 'login';
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_pkey;
ALTER TABLE sms_codes ADD PRIMARY KEY (purpose, phone);

-- Auto-renewal, switched per policy by its owner (/renewal). The demo shows what would be charged; nothing is.
ALTER TABLE policies ADD COLUMN auto_renew boolean NOT NULL DEFAULT false;
