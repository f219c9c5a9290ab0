-- Anonymous HTML is rendered once and kept (server/platform/renderCache.ts) while what it shows holds. Every change
-- a visitor who is not logged in could see (the catalog, content, campaigns, gifts, a publication or schedule of a
-- studio page) takes a number from this sequence, so every process sees that its kept pages are out of date by
-- reading one value. A sequence, not a counter row: taking a number never waits for another transaction, so a
-- catalog edit cannot block or deadlock on it.
CREATE SEQUENCE content_version;
-- Called once, so that every later nextval moves last_value (the value readers compare).
SELECT nextval('content_version');

CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('content_version');
  RETURN NULL;
END
$$;

-- An UPDATE that only moves counters (TG_ARGV: a product's sales, a prize's awarded count, a gift's stock) is no
-- change of content: they move with every sale or draw, and kept pages show them for a few seconds at most.
CREATE FUNCTION bump_content_version_unless_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(OLD) - TG_ARGV) IS DISTINCT FROM (to_jsonb(NEW) - TG_ARGV) THEN
    PERFORM nextval('content_version');
  END IF;
  RETURN NULL;
END
$$;

-- Tables whose every change is content: one statement-level trigger each.
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY[
    'insurers', 'insurer_disclosures', 'categories', 'product_plans', 'premium_rates', 'product_clauses', 'faqs',
    'content_articles', 'consultants', 'partner_products', 'campaigns', 'campaign_guess_items',
    -- A publish, rollback, unpublish or schedule, and its cancelling. A schedule's moment itself writes nothing:
    -- the cache also keeps a page no longer than the next pending publish_at.
    'studio_publications'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()',
      tbl || '_content', tbl);
  END LOOP;
END
$$;

-- Tables with counters: inserts and deletes always count, an update unless it only moves its counter.
CREATE TRIGGER products_content AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER products_content_update AFTER UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION bump_content_version_unless_counters('sales_count');
CREATE TRIGGER gifts_content AFTER INSERT OR DELETE OR TRUNCATE ON gifts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER gifts_content_update AFTER UPDATE ON gifts
  FOR EACH ROW EXECUTE FUNCTION bump_content_version_unless_counters('stock');
CREATE TRIGGER campaign_prizes_content AFTER INSERT OR DELETE OR TRUNCATE ON campaign_prizes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER campaign_prizes_content_update AFTER UPDATE ON campaign_prizes
  FOR EACH ROW EXECUTE FUNCTION bump_content_version_unless_counters('awarded');
