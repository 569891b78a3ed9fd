-- outputs v1 -> v2 (issue 13): citation objects, quotes, citation types and self-reported confidence.
-- columns are appended, as the v2 DDL declares them; rows audited before the migration keep NULL there.
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS claimed_type VARCHAR;
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS audited_type VARCHAR;
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS claimed_confidence DOUBLE;
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS quote VARCHAR;
ALTER TABLE citation_audit ADD COLUMN IF NOT EXISTS quote_status VARCHAR;
ALTER TABLE answer_audit ADD COLUMN IF NOT EXISTS claimed_confidence DOUBLE;
ALTER TABLE answer_audit ADD COLUMN IF NOT EXISTS missing_information VARCHAR;
