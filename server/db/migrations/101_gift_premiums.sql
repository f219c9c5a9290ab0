-- Gift (赠险) plans cost nothing: a premium row of 0 fen is sold through /skiPay without payment.
ALTER TABLE premium_rates DROP CONSTRAINT premium_rates_premium_fen_check;
ALTER TABLE premium_rates ADD CONSTRAINT premium_rates_premium_fen_check CHECK (premium_fen >= 0);
