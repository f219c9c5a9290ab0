-- The asset library (素材库): each studio upload keeps its original file name (searched by the library) and a
-- sequence that pages the library newest first. Who uploaded it was already recorded (staff_id).
ALTER TABLE studio_media ADD COLUMN name text NOT NULL DEFAULT '' CHECK (length(name) <= 100);
ALTER TABLE studio_media ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE;
