-- Product risk level (R1 低风险 … R5 高风险) of investment-type products (投资连结保险, 万能险, fund-type):
-- buying one needs a valid risk assessment whose level fits (Cn buys up to Rn). Null for ordinary insurance.
ALTER TABLE products ADD COLUMN risk_level text CHECK (risk_level IN ('R1', 'R2', 'R3', 'R4', 'R5'));
