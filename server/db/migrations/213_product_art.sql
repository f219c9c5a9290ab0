-- Each product its own picture (public/images/products/<id>.svg, server/db/seed/productArt.ts) instead of its
-- category's.
UPDATE products SET image = '/images/products/' || id || '.svg'
WHERE image = '/images/products/' || category_code || '.svg';
