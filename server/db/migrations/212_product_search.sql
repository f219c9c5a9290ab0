-- Product search (server/modules/catalog/search.ts): each product's search terms (name, category, tags, who it is
-- for, its name in pinyin), written by the server at start-up for products that have none.
ALTER TABLE products ADD COLUMN search_terms text NOT NULL DEFAULT '';
