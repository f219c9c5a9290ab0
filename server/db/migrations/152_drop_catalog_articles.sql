-- The catalog's first articles table and /api/articles had no screen; articles and videos live in the content
-- store (140_content.sql, /api/content/articles).
DROP TABLE IF EXISTS articles;
