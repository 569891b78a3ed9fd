-- outputs v1 -> v2: citation objects, quotes, citation types and self-reported confidence (issue 13); ALCE
-- citation recall/precision and the source window around unverified evidence (issue 8).
-- columns are appended, as the v2 DDL declares them; rows audited before the migration keep NULL there.
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS claimed_type VARCHAR;
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS audited_type VARCHAR;
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS claimed_confidence DOUBLE;
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS quote VARCHAR;
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS quote_status VARCHAR;
ALTER TABLE answer_audit ADD COLUMN IF NOT EXISTS claimed_confidence DOUBLE;
ALTER TABLE answer_audit ADD COLUMN IF NOT EXISTS missing_information VARCHAR;
ALTER TABLE answer_audit ADD COLUMN IF NOT EXISTS n_statements INTEGER;
ALTER TABLE answer_audit ADD COLUMN IF NOT EXISTS n_supported_statements INTEGER;
ALTER TABLE answer_audit ADD COLUMN IF NOT EXISTS citation_recall DOUBLE;
ALTER TABLE answer_audit ADD COLUMN IF NOT EXISTS citation_precision DOUBLE;
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS source_window_start INTEGER;
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS source_window VARCHAR;
