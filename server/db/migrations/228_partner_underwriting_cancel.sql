-- Underwriting safe to retry, and orphan underwritings withdrawn at the partner.
-- The underwriting request id is taken with the quote (the first application of it), so a retry after a timeout
-- sends the same id and the partner answers the application it already made. An underwriting that never became
-- a paid order (the answer lost and the quote left to expire, or the order closed unpaid) is cancelled at the
-- partner by the sweep; underwriting_cancelled_at records that the partner confirmed it.
ALTER TABLE partner_quotes ADD COLUMN underwrite_request_id text UNIQUE;
ALTER TABLE partner_quotes ADD COLUMN underwriting_cancelled_at timestamptz;
UPDATE partner_quotes AS q
SET underwrite_request_id = po.underwrite_request_id
FROM partner_orders AS po
WHERE po.quote_id = q.id;
CREATE INDEX partner_quotes_uncancelled ON partner_quotes (expires_at)
  WHERE underwrite_request_id IS NOT NULL AND underwriting_cancelled_at IS NULL;

-- An unpaid order whose underwriting is being withdrawn: from then on a capture is refunded, never issued.
ALTER TABLE partner_orders ADD COLUMN cancelled_at timestamptz;

ALTER TABLE partner_calls DROP CONSTRAINT partner_calls_operation_check;
ALTER TABLE partner_calls ADD CONSTRAINT partner_calls_operation_check
  CHECK (operation IN ('quote', 'underwrite', 'issue', 'query', 'surrender', 'cancel'));
