-- Why a policy was surrendered in its cooling-off period (the user's choice, asked before confirming).
ALTER TABLE policies ADD COLUMN surrender_reason text;
