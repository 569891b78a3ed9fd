-- contract checks, row by row: the first problem found is the row's quarantine reason (a value that is no UTF-8,
-- found before the scan by audit.encoding, first).
-- is_blank: only whitespace of any kind, Unicode's White_Space: \s is ASCII only in RE2, \p{Z} adds the no-break,
-- em, ideographic ... spaces and the line and paragraph separators, \x{85} next line (trim() removes spaces only);
-- \p{Cf} the invisible format characters (zero-width space and joiners, the byte-order mark U+FEFF), \p{Cc} the
-- control characters (NUL bytes of a zeroed buffer, BEL, ESC: they were a text without claims, GREEN)
CREATE OR REPLACE TEMP MACRO is_blank(s) AS regexp_full_match(s, '[\s\p{Z}\p{Cf}\p{Cc}]*');
-- a missing answer written as JSON by the logger (json.dumps(None), json.dumps(""), an empty list of stream events,
-- lists of those nested: `[[[]]]`, `[[], []]`, `[null]`), also after a byte order mark, in a Markdown fence or cut
-- short (`[[]`): no answer (nested lists were audited as a text without claims, GREEN, where `[]` was quarantined)
CREATE OR REPLACE TEMP MACRO is_json_nothing(s) AS regexp_full_match(s,
    '[\s\p{Z}\p{Cf}\x{85}]*(?:(?:```|~~~)[ \t]*[A-Za-z]*[ \t]*\r?\n)?[\s\p{Z}\p{Cf}\x{85}]*'
    || '(?:null|\[|"[\s\p{Z}\p{Cf}\x{85}]*")(?:[\s\p{Z}\p{Cf}\x{85}\[\],]|null|"[\s\p{Z}\p{Cf}\x{85}]*")*'
    || '(?:```|~~~)?[\s\p{Z}\p{Cf}\x{85}]*');

CREATE OR REPLACE TEMP TABLE staged_checked AS
SELECT *,
    CASE
        WHEN unreadable_field IS NOT NULL THEN unreadable_field
        WHEN answer_id IS NULL OR is_blank(answer_id) THEN 'answer_id'
        WHEN conversation_id IS NULL OR is_blank(conversation_id) THEN 'conversation_id'
        WHEN logged_at IS NULL THEN 'logged_at'
        WHEN answer IS NULL OR is_blank(answer) OR is_json_nothing(answer) THEN 'answer'
        WHEN contexts_error IS NOT NULL THEN 'contexts'
        WHEN first_row_no IS NOT NULL THEN 'answer_id'
    END AS bad_field,
    CASE
        WHEN unreadable_field IS NOT NULL THEN unreadable_reason
        WHEN answer_id IS NULL OR is_blank(answer_id) THEN 'answer_id is missing (required)'
        WHEN conversation_id IS NULL OR is_blank(conversation_id) THEN 'conversation_id is missing (required)'
        WHEN logged_at IS NULL AND logged_at_raw IS NULL THEN 'logged_at is missing (required)'
        WHEN logged_at IS NULL THEN 'logged_at ''' || logged_at_raw || ''' (' || logged_at_type
             || ') is not a timestamp: give ISO 8601 (an offset is honoured, none means UTC) or epoch seconds/ms'
        WHEN answer IS NULL THEN 'answer is missing (required)'
        WHEN is_blank(answer) THEN 'answer is empty: nothing to audit'
        WHEN is_json_nothing(answer) THEN 'answer is empty: JSON null, an empty string or an empty list, nothing to audit'
        WHEN contexts_error IS NOT NULL THEN contexts_error
        WHEN first_row_no IS NOT NULL THEN 'answer_id is a duplicate of ' || first_ref
    END AS reason
FROM (
    SELECT *,
        CASE WHEN row_number() OVER w > 1 THEN first_value(row_no) OVER w END AS first_row_no,
        first_value(source_file || ':' || row_no) OVER w AS first_ref
    FROM staged
    WINDOW w AS (PARTITION BY answer_id ORDER BY source_file, row_no)
);

CREATE OR REPLACE TEMP TABLE quarantined AS
SELECT source_file AS source, source_file || ':' || row_no AS row_ref, answer_id, logged_at,
       bad_field AS field, reason
FROM staged_checked WHERE reason IS NOT NULL;

-- without `contexts`: the shard's `ctx` table (one row per retrieved context, built from `staged_checked`) is the
-- only copy of the source texts the audit keeps (ingest.py drops the staging tables once `ctx` is made)
CREATE OR REPLACE TEMP TABLE answers_ok AS
SELECT * EXCLUDE (first_row_no, first_ref, bad_field, reason, logged_at_raw, logged_at_type, contexts,
                 contexts_error, unreadable_field, unreadable_reason)
FROM staged_checked WHERE reason IS NULL;
