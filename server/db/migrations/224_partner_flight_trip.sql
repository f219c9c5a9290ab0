-- What a partner cover is for, kept with the quote, the order and the policy: the air product's flight
-- (flightNo, date) and the travel product's trip (destination, startDate, endDate). orders.start_date is the
-- cover's first day (the flight's day, the trip's start).

ALTER TABLE partner_quotes ADD COLUMN trip jsonb;
ALTER TABLE orders ADD COLUMN flight jsonb;
ALTER TABLE orders ADD COLUMN trip jsonb;
ALTER TABLE policies ADD COLUMN flight jsonb;
ALTER TABLE policies ADD COLUMN trip jsonb;

-- One air policy per person per flight: at most one live order (awaiting payment, paid or issued) per insured
-- certificate and flight. Closed (unpaid, refused or refunded) and surrendered orders free the flight again. The
-- index is the rule: the insert of a second order fails however many arrive at once (service.ts answers 409).
CREATE UNIQUE INDEX orders_one_per_person_flight
  ON orders ((insured ->> 'certType'), (insured ->> 'certNo'), (flight ->> 'flightNo'), (flight ->> 'date'))
  WHERE flight IS NOT NULL AND status IN ('PENDING_PAYMENT', 'PAY_FAILED', 'PAID', 'ISSUED');
