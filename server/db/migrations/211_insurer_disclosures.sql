-- What the law asks a seller to disclose about each insurer (互联网保险业务监管办法 art. 13–14): licence, credit code,
-- registered address, hotlines, the latest solvency disclosure and service rating. One row per insurer; shown on
-- the product, pay, policy and claim screens and printed on the e-policy.
CREATE TABLE insurer_disclosures (
  insurer_code text PRIMARY KEY REFERENCES insurers (code) ON DELETE CASCADE,
  -- 保险许可证 (机构编码) and 统一社会信用代码 (18 characters of GB 32100).
  licence_no text NOT NULL,
  credit_code text NOT NULL CHECK (credit_code ~ '^[0-9A-HJ-NPQRTUWXY]{18}$'),
  registered_address text NOT NULL,
  hotline text NOT NULL CHECK (hotline ~ '^[0-9-]{5,20}$'),
  complaint_phone text NOT NULL CHECK (complaint_phone ~ '^[0-9-]{5,20}$'),
  website text NOT NULL,
  solvency_quarter text NOT NULL,
  comprehensive_solvency_pct integer NOT NULL CHECK (comprehensive_solvency_pct >= 0),
  core_solvency_pct integer NOT NULL CHECK (core_solvency_pct >= 0),
  risk_rating text NOT NULL CHECK (risk_rating IN ('AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'C', 'D')),
  service_rating_year integer NOT NULL,
  service_rating text NOT NULL CHECK (service_rating IN ('AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'C', 'D'))
);
