-- Content (/news, /look, /insurance): articles and short videos, newest first by seq (the demo seed inserts the
-- oldest first). `recommended` puts an item under 推荐 beside its own category. The body is markdown, compiled
-- to the safe element tree when read. A video names its file under public/videos/ (served with range requests).
CREATE TABLE content_articles (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  kind text NOT NULL CHECK (kind IN ('article', 'video')),
  category text NOT NULL CHECK (category IN ('KNOWLEDGE', 'RULES', 'CLAIM', 'PLANNING')),
  recommended boolean NOT NULL DEFAULT false,
  title text NOT NULL,
  summary text NOT NULL,
  body text NOT NULL,
  cover text NOT NULL,
  author text NOT NULL,
  published_at timestamptz NOT NULL,
  related_product_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  video text,
  duration_seconds integer CHECK (duration_seconds > 0 AND duration_seconds <= 3600),
  CHECK ((kind = 'video') = (video IS NOT NULL AND duration_seconds IS NOT NULL))
);
CREATE INDEX content_articles_category ON content_articles (category, seq DESC);
CREATE INDEX content_articles_recommended ON content_articles (seq DESC) WHERE recommended;
