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

CREATE TRIGGER insurers_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON insurers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER insurer_disclosures_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON insurer_disclosures
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER categories_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER products_content AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER products_content_update AFTER UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION bump_content_version_unless_counters('sales_count');
CREATE TRIGGER product_plans_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_plans
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER premium_rates_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON premium_rates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER product_clauses_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_clauses
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER faqs_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faqs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER content_articles_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_articles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER consultants_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON consultants
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER partner_products_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON partner_products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER gifts_content AFTER INSERT OR DELETE OR TRUNCATE ON gifts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER gifts_content_update AFTER UPDATE ON gifts
  FOR EACH ROW EXECUTE FUNCTION bump_content_version_unless_counters('stock');
CREATE TRIGGER campaigns_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER campaign_prizes_content AFTER INSERT OR DELETE OR TRUNCATE ON campaign_prizes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER campaign_prizes_content_update AFTER UPDATE ON campaign_prizes
  FOR EACH ROW EXECUTE FUNCTION bump_content_version_unless_counters('awarded');
CREATE TRIGGER campaign_guess_items_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON campaign_guess_items
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
-- A publish, rollback, unpublish or schedule, and its cancelling. A schedule's moment itself writes nothing: the
-- cache also keeps a page no longer than the next pending publish_at.
CREATE TRIGGER studio_publications_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON studio_publications
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
