-- A draft with errors is saved too (work is not only in one browser), marked with its error count; publishing
-- and scheduling refuse a draft whose count is not 0 (the count is re-checked by validating at publish).
ALTER TABLE studio_pages ADD COLUMN draft_errors integer NOT NULL DEFAULT 0 CHECK (draft_errors >= 0);
