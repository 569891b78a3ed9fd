-- citeaudit output tables, version 3. The single source of truth for the DuckDB file and its Parquet mirror.
-- An existing file of an older version is migrated step by step (schemas/migrations/) when it is opened.
-- Statements are separated by lines holding only ';'-terminated statements; applied with CREATE ... IF NOT EXISTS.

CREATE TABLE IF NOT EXISTS schema_version (
    name VARCHAR PRIMARY KEY,
    version INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS runs (
    run_id VARCHAR PRIMARY KEY,
    started_at TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ,
    window_start TIMESTAMPTZ,          -- NULL = unbounded
    window_end TIMESTAMPTZ,            -- exclusive; NULL = unbounded
    input VARCHAR NOT NULL,
    config_hash VARCHAR NOT NULL,
    code_version VARCHAR NOT NULL,
    model VARCHAR,
    status VARCHAR NOT NULL,           -- running | completed | failed: ... | abandoned (died, superseded)
    answers_read BIGINT,
    answers_audited BIGINT,
    answers_quarantined BIGINT,
    citations BIGINT,
    flow_run_id VARCHAR
);

CREATE TABLE IF NOT EXISTS answer_audit (
    run_id VARCHAR NOT NULL,
    answer_id VARCHAR NOT NULL,
    conversation_id VARCHAR,
    turn_index INTEGER,
    logged_at TIMESTAMPTZ NOT NULL,
    tenant VARCHAR,
    model VARCHAR,
    source_file VARCHAR,
    answer_text VARCHAR,               -- the text audited (the JSON "answer" field for structured output)
    n_sentences INTEGER NOT NULL,
    n_claims INTEGER NOT NULL,         -- factual sentences (cited or not)
    n_cited_sentences INTEGER NOT NULL,
    n_citations INTEGER NOT NULL,
    n_verified INTEGER NOT NULL,
    n_weak INTEGER NOT NULL,
    n_unsupported INTEGER NOT NULL,
    n_fabricated INTEGER NOT NULL,
    n_misattributed INTEGER NOT NULL,
    n_uncited_claims INTEGER NOT NULL,
    citation_integrity DOUBLE,         -- mean over cited sentences of their worst claim's share verified (README); NULL without citations
    coverage DOUBLE,                   -- cited sentences / claim sentences; NULL when there are no claims
    density DOUBLE,                    -- citations per sentence; NULL when there are no sentences
    level VARCHAR NOT NULL,            -- GREEN | YELLOW | RED
    structured_output BOOLEAN NOT NULL,
    structured_parse_failed BOOLEAN NOT NULL,
    flags VARCHAR[] NOT NULL,          -- policy and parse flags (also confidence_out_of_range:..., confidence_not_a_number:...)
    claimed_confidence DOUBLE,         -- the answer's own `confidence` (JSON number in [0, 1]); NULL when absent or invalid
    missing_information VARCHAR,       -- the answer's own `missing_information` (a list joined by "; ")
    n_statements INTEGER,              -- ALCE statements: distinct cited claims + uncited claim sentences
    n_supported_statements INTEGER,    -- statements with a verified citation and no fabricated one
    citation_recall DOUBLE,            -- ALCE citation recall: supported statements / statements; NULL when none
    citation_precision DOUBLE          -- ALCE citation precision: verified citations of supported statements / citations; NULL when none
);

CREATE TABLE IF NOT EXISTS citation_audit (
    run_id VARCHAR NOT NULL,
    answer_id VARCHAR NOT NULL,
    logged_at TIMESTAMPTZ NOT NULL,
    citation_ord INTEGER NOT NULL,     -- 1-based order of the citation within the answer
    marker VARCHAR NOT NULL,           -- the marker text as written, e.g. [2-4] (one row per cited source)
    dialect VARCHAR NOT NULL,          -- numeric | superscript | document_page | document | doc_chunk | file_search | named_footnote | link | structured | citation_object
    char_start INTEGER,                -- marker offsets into answer_text (NULL for JSON-only citations)
    char_end INTEGER,
    cited_ref VARCHAR NOT NULL,        -- what the marker names: a position, "title, page", "doc:chunk", a malformed item
    claim VARCHAR,
    claim_start INTEGER,
    claim_end INTEGER,
    context_rank INTEGER,              -- 1-based position of the resolved context; NULL when fabricated
    doc_id VARCHAR,
    chunk_id VARCHAR,
    lexical_score DOUBLE,              -- min(fuzzy partial alignment, share of content words found), 0..1
    keyfact_coverage DOUBLE,           -- share of the claim's numbers, dates and names found in the source; NULL if none
    number_coverage DOUBLE,            -- share of the claim's numbers found in the source (1 when it has none)
    semantic_score DOUBLE,
    nli_score DOUBLE,
    support DOUBLE,                    -- calibrated P(supported) in [0, 1]; NULL when fabricated
    verdict VARCHAR NOT NULL,          -- verified | weak | unsupported | fabricated | misattributed
    reasons VARCHAR[] NOT NULL,
    evidence_start INTEGER,            -- offsets into the resolved context's text
    evidence_end INTEGER,
    evidence_text VARCHAR,
    suggested_rank INTEGER,            -- better-supporting context for misattributed citations
    claimed_type VARCHAR,              -- the log's own citation_type (direct_quote | paraphrase | inference | ...), as written
    audited_type VARCHAR,              -- direct_quote | paraphrase | inference | unsupported; NULL when fabricated
    claimed_confidence DOUBLE,         -- the citation's own confidence_score (JSON number in [0, 1]); NULL when absent or invalid
    quote VARCHAR,                     -- the quoted text_span as logged
    quote_status VARCHAR,              -- verbatim | fuzzy | not_found in the resolved source; NULL without a quote (or source)
    source_window_start INTEGER,       -- offset into the context text where source_window starts
    source_window VARCHAR,             -- the cited source around the evidence span (unverified citations only)
    CHECK (verdict IN ('verified', 'weak', 'unsupported', 'misattributed', 'fabricated'))  -- audit/verdict.py Verdict
);

CREATE TABLE IF NOT EXISTS uncited_claims (
    run_id VARCHAR NOT NULL,
    answer_id VARCHAR NOT NULL,
    logged_at TIMESTAMPTZ NOT NULL,
    sentence_idx INTEGER NOT NULL,
    char_start INTEGER NOT NULL,       -- offsets into answer_text; for prose around a structured payload, into answer
    char_end INTEGER NOT NULL,
    sentence VARCHAR NOT NULL,
    best_rank INTEGER,
    best_support DOUBLE
);

CREATE TABLE IF NOT EXISTS quarantine (
    run_id VARCHAR NOT NULL,
    source VARCHAR NOT NULL,           -- input file
    row_ref VARCHAR NOT NULL,          -- file:row (0-based row number within the file)
    answer_id VARCHAR,
    logged_at TIMESTAMPTZ,
    field VARCHAR,
    reason VARCHAR NOT NULL
);

-- No primary key (since v3): the loader inserts only (model, content_hash) pairs the table lacks (an anti-join). A key's
-- index must be held in memory by every insert and grows with the table's whole history: measured, a night's
-- 400,000 new vectors into a table of 2,000,000 needed ~1.5 GB and failed under the loader's 512 MB limit.
CREATE TABLE IF NOT EXISTS embedding_cache (
    model VARCHAR NOT NULL,
    content_hash VARCHAR NOT NULL,
    embedding FLOAT[] NOT NULL
);

-- The token alignment (audit/verify/align.py) of each (claim, evidence windows) pair the transformer refined, by the
-- transformer's model key and the pair's hash (align.alignment_key: the texts' hashes, in order, and the alignment's
-- version). Token states are not stored (~100 KB a window), so this is what lets a rerun or a re-audit of the same
-- answers (after a support-model refit, say) skip the transformer. Added within v3: a v3 file gains it when next
-- written, and nothing that reads results needs it. No key, for the reason given for embedding_cache.
CREATE TABLE IF NOT EXISTS alignment_cache (
    model VARCHAR NOT NULL,
    pair_hash VARCHAR NOT NULL,
    token_align DOUBLE NOT NULL
);

-- the input files a run read rows of its window from, one row per file as the run found it (`audit/late.py`): the
-- incremental nightly compares the input folder with the latest completed run of each audited day, and audits the day
-- again when a file holding its rows is new (arrived late) or holds other rows of it (appended, rewritten). `days`:
-- every UTC day the file held rows of, with their count and the bit-xor of hash(answer_id, logged_at) over them. Added
-- within v3: a v3 file gains it when next written. run_id '' is the baseline of a file from before (see audit/late.py).
CREATE TABLE IF NOT EXISTS run_inputs (
    run_id VARCHAR NOT NULL,
    path VARCHAR NOT NULL,             -- resolved, as discovered
    size_bytes BIGINT NOT NULL,
    mtime_ns BIGINT NOT NULL,
    days STRUCT(day DATE, answers BIGINT, digest UBIGINT)[] NOT NULL
);

CREATE OR REPLACE VIEW unverified_citations AS
SELECT c.*, a.tenant, a.model, a.conversation_id
FROM citation_audit c JOIN answer_audit a USING (run_id, answer_id)  -- an answer_id may recur on other days
WHERE c.verdict <> 'verified';

CREATE OR REPLACE VIEW daily_integrity AS
SELECT CAST(date_trunc('day', logged_at AT TIME ZONE 'UTC') AS DATE) AS day, tenant,
       count(*) AS answers,
       sum(n_citations) AS citations,
       sum(n_verified) AS verified,
       sum(n_verified) / nullif(sum(n_citations), 0) AS citation_integrity,
       avg(coverage) AS avg_coverage,
       count(*) FILTER (WHERE level = 'RED') AS red_answers,
       avg(citation_recall) AS citation_recall,       -- ALCE: mean of the per-answer figures
       avg(citation_precision) AS citation_precision
FROM answer_audit GROUP BY ALL;

CREATE OR REPLACE VIEW model_integrity AS
SELECT model, count(*) AS answers, sum(n_citations) AS citations,
       sum(n_verified) / nullif(sum(n_citations), 0) AS citation_integrity,
       sum(n_fabricated) / nullif(sum(n_citations), 0) AS fabricated_rate,
       sum(n_misattributed) / nullif(sum(n_citations), 0) AS misattributed_rate,
       avg(coverage) AS avg_coverage,
       count(*) FILTER (WHERE level = 'RED') AS red_answers,
       avg(citation_recall) AS citation_recall,
       avg(citation_precision) AS citation_precision
FROM answer_audit GROUP BY ALL;

CREATE OR REPLACE VIEW source_health AS
SELECT doc_id, count(*) AS citations,
       count(*) FILTER (WHERE verdict = 'verified') AS verified,
       count(*) FILTER (WHERE verdict IN ('unsupported', 'weak')) AS not_supported,
       count(*) FILTER (WHERE verdict = 'misattributed') AS misattributed,
       avg(support) AS avg_support
FROM citation_audit WHERE doc_id IS NOT NULL GROUP BY ALL;

-- how honest the assistant's own confidence is: per model and claimed-confidence bin of tenths ([0.9, 1.0] is the
-- last), at citation level (share verified, mean support) and at answer level (against citation integrity).
-- overconfidence = mean claimed confidence - share verified (> 0: claims more than the audit finds).
CREATE OR REPLACE VIEW confidence_calibration AS
WITH items AS (
    SELECT a.model, 'citation' AS level, c.claimed_confidence AS confidence, 1 AS citations,
           CASE WHEN c.verdict = 'verified' THEN 1 ELSE 0 END AS verified, c.support, NULL::DOUBLE AS integrity
    FROM citation_audit c JOIN answer_audit a USING (run_id, answer_id)  -- an answer_id may recur on other days
    WHERE c.claimed_confidence IS NOT NULL
    UNION ALL
    SELECT model, 'answer', claimed_confidence, n_citations, n_verified, NULL, citation_integrity
    FROM answer_audit WHERE claimed_confidence IS NOT NULL
)
SELECT model, level,
       least(floor(confidence * 10), 9) / 10 AS bin_low,
       (least(floor(confidence * 10), 9) + 1) / 10 AS bin_high,
       count(*) AS n,
       sum(citations) AS citations,
       avg(confidence) AS mean_claimed_confidence,
       sum(verified) / nullif(sum(citations), 0) AS share_verified,
       avg(support) AS mean_support,
       avg(integrity) AS mean_integrity,
       avg(confidence) - sum(verified) / nullif(sum(citations), 0) AS overconfidence
FROM items GROUP BY ALL;
