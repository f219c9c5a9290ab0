-- The product catalog: insurers, categories, products with plans, premium tables and documents.
CREATE TABLE insurers (
  code text PRIMARY KEY,
  name text NOT NULL,
  short_name text NOT NULL,
  logo text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE categories (
  code text PRIMARY KEY,
  name text NOT NULL,
  icon text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE products (
  id text PRIMARY KEY,
  name text NOT NULL,
  tagline text NOT NULL,
  image text NOT NULL,
  category_code text NOT NULL REFERENCES categories (code),
  insurer_code text NOT NULL REFERENCES insurers (code),
  tags jsonb NOT NULL DEFAULT '[]',
  description text NOT NULL,
  age_min_years integer NOT NULL,
  age_min_days integer NOT NULL DEFAULT 0,
  age_max_years integer NOT NULL,
  waiting_period_days integer NOT NULL,
  cooling_off_days integer NOT NULL,
  needs_address boolean NOT NULL DEFAULT false,
  health_questions jsonb NOT NULL DEFAULT '[]',
  notice text NOT NULL,
  coverage_periods jsonb NOT NULL,
  payment_periods jsonb NOT NULL,
  sales_count integer NOT NULL DEFAULT 0 CHECK (sales_count >= 0),
  rating_tenths integer NOT NULL CHECK (rating_tenths BETWEEN 0 AND 50),
  min_premium_fen integer NOT NULL CHECK (min_premium_fen >= 0),
  sort integer NOT NULL DEFAULT 0,
  CHECK (age_min_years <= age_max_years)
);
CREATE INDEX products_category ON products (category_code);
CREATE INDEX products_insurer ON products (insurer_code);
CREATE INDEX products_sales ON products (sales_count DESC, id);

CREATE TABLE product_plans (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  code text NOT NULL,
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  coverages jsonb NOT NULL,
  PRIMARY KEY (product_id, code)
);

CREATE TABLE premium_rates (
  product_id text NOT NULL,
  plan_code text NOT NULL,
  age_min integer NOT NULL,
  age_max integer NOT NULL,
  gender text NOT NULL CHECK (gender IN ('M', 'F', 'ANY')),
  coverage_period text NOT NULL,
  payment_period text NOT NULL,
  social_insurance text NOT NULL CHECK (social_insurance IN ('Y', 'N', 'ANY')),
  premium_fen integer NOT NULL CHECK (premium_fen > 0),
  FOREIGN KEY (product_id, plan_code) REFERENCES product_plans (product_id, code) ON DELETE CASCADE,
  CHECK (age_min <= age_max)
);
CREATE INDEX premium_rates_product ON premium_rates (product_id, plan_code);

CREATE TABLE product_clauses (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  id text NOT NULL,
  title text NOT NULL,
  markdown text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, id)
);

-- Product FAQs (product_id set) and general ones (product_id null).
CREATE TABLE faqs (
  id text PRIMARY KEY,
  product_id text REFERENCES products (id) ON DELETE CASCADE,
  question text NOT NULL,
  answer text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX faqs_product ON faqs (product_id, sort);

CREATE TABLE articles (
  id text PRIMARY KEY,
  title text NOT NULL,
  summary text NOT NULL,
  cover text NOT NULL,
  category text NOT NULL,
  body text NOT NULL,
  published_at timestamptz NOT NULL
);
CREATE INDEX articles_published ON articles (published_at DESC, id);
