-- A premium the partner re-priced at underwriting (orders.premium_fen differs from the quoted
-- orders.displayed_premium_fen) is paid only once the user agreed to it: the amount agreed and when. A payment
-- of such an order is refused in the statement that creates it (payments/service.ts).
ALTER TABLE partner_orders ADD COLUMN premium_agreed_fen integer;
ALTER TABLE partner_orders ADD COLUMN premium_agreed_at timestamptz;
