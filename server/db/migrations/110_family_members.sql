-- Family members a user keeps for buying insurance for them (/familyManage, picked on /insured).
-- relation: '2' 配偶, '3' 子女, '4' 父母 (the purchase flow's relationType codes), '5' 其他.
CREATE TABLE family_members (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  relation text NOT NULL CHECK (relation IN ('2', '3', '4', '5')),
  cert_type text NOT NULL,
  cert_no text NOT NULL,
  birthday date NOT NULL,
  gender text NOT NULL CHECK (gender IN ('M', 'F')),
  phone text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- One person once per user; a second entry with the same certificate is a 409, not a twin.
  UNIQUE (user_id, cert_type, cert_no)
);
CREATE INDEX family_members_user ON family_members (user_id, created_at);
