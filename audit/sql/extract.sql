-- citation extraction over `answers_ok`: structured output detection, inline markers with exact
-- character offsets (code points, as Python indexes str), numeric expansion and JSON citations.
-- parameters: $any (any marker), $num / $dp / $dc (dialect patterns), $base (numeric base, 0 or 1).

CREATE OR REPLACE TEMP TABLE texts AS
SELECT answer_id,
       looks_json AND answer_field IS NOT NULL AS structured,
       looks_json AND answer_field IS NULL AS structured_parse_failed,
       CASE WHEN looks_json AND answer_field IS NOT NULL THEN answer_field ELSE answer END AS answer_text,
       CASE WHEN looks_json AND answer_field IS NOT NULL THEN answer END AS json_doc
FROM (
    SELECT answer_id, answer,
           starts_with(ltrim(answer), '{') AS looks_json,
           CASE WHEN json_valid(answer) AND json_type(answer, '$.answer') = 'VARCHAR'
                THEN json_extract_string(answer, '$.answer') END AS answer_field
    FROM answers_ok
);

-- each marker's start = sum of the lengths of all text pieces and markers before it
CREATE OR REPLACE TEMP TABLE markers AS
WITH split AS (
    SELECT answer_id, regexp_extract_all(answer_text, $any) AS ms, regexp_split_to_array(answer_text, $any) AS ps
    FROM texts
), flat AS (
    SELECT answer_id, unnest(ms) AS marker, unnest(ps[1:len(ms)]) AS before, generate_subscripts(ms, 1) AS marker_ord
    FROM split WHERE len(ms) > 0
)
SELECT answer_id, marker_ord, marker,
       CAST(sum(length(before) + length(marker)) OVER (PARTITION BY answer_id ORDER BY marker_ord)
            - length(marker) AS INTEGER) AS char_start,
       CAST(sum(length(before) + length(marker)) OVER (PARTITION BY answer_id ORDER BY marker_ord) AS INTEGER) AS char_end
FROM flat;

CREATE OR REPLACE TEMP TABLE citations_raw AS
WITH numeric_markers AS (
    SELECT *, string_split(regexp_replace(regexp_extract(marker, $num, 1), '\s', '', 'g'), ',') AS parts
    FROM markers WHERE regexp_full_match(marker, $num)
), numeric_parts AS (
    SELECT * EXCLUDE (parts), unnest(parts) AS part, generate_subscripts(parts, 1) AS part_ord
    FROM numeric_markers
), numeric_bounds AS (
    SELECT *, TRY_CAST(string_split(replace(part, '–', '-'), '-')[1] AS INTEGER) AS lo_raw,
              TRY_CAST(string_split(replace(part, '–', '-'), '-')[-1] AS INTEGER) AS hi_raw
    FROM numeric_parts
), numeric_ranges AS (
    SELECT *, range(least(lo_raw, hi_raw), least(greatest(lo_raw, hi_raw), least(lo_raw, hi_raw) + 49) + 1) AS nums
    FROM numeric_bounds WHERE lo_raw IS NOT NULL
), numeric_cites AS (
    SELECT answer_id, marker_ord, part_ord * 1000 + generate_subscripts(nums, 1) AS sub_ord, marker,
           char_start, char_end, unnest(nums) AS num
    FROM numeric_ranges
), structured_list AS (
    SELECT t.answer_id, TRY_CAST(json_extract(t.json_doc, '$.citations') AS INTEGER[]) AS cs
    FROM texts t WHERE t.structured AND json_type(t.json_doc, '$.citations') = 'ARRAY'
), structured_flat AS (
    SELECT answer_id, unnest(cs) AS num, generate_subscripts(cs, 1) AS idx FROM structured_list
), inline_list AS (
    SELECT answer_id, answer_text, json_extract(json_doc, '$.inline_citations[*]') AS items
    FROM texts WHERE structured AND json_type(json_doc, '$.inline_citations') = 'ARRAY'
), inline_flat AS (
    SELECT answer_id, answer_text, unnest(items) AS item, generate_subscripts(items, 1) AS idx FROM inline_list
), inline_cites AS (
    SELECT answer_id, idx, TRY_CAST(json_extract_string(item, '$.source_index') AS INTEGER) AS source_index,
           json_extract_string(item, '$.claim') AS claim,
           nullif(instr(answer_text, json_extract_string(item, '$.claim')), 0) - 1 AS claim_pos
    FROM inline_flat
)
SELECT answer_id, marker_ord, sub_ord, marker, char_start, char_end, 'numeric' AS dialect,
       CAST(num AS VARCHAR) AS cited_ref, CAST(num - $base + 1 AS INTEGER) AS cited_rank,
       NULL::VARCHAR AS cited_title, NULL::INTEGER AS cited_page, NULL::VARCHAR AS cited_doc,
       NULL::VARCHAR AS cited_chunk, NULL::VARCHAR AS json_claim
FROM numeric_cites
UNION ALL
SELECT answer_id, marker_ord, 0, marker, char_start, char_end, 'document_page',
       regexp_extract(marker, $dp, 1) || ', page ' || regexp_extract(marker, $dp, 2), NULL,
       regexp_extract(marker, $dp, 1), TRY_CAST(regexp_extract(marker, $dp, 2) AS INTEGER), NULL, NULL, NULL
FROM markers WHERE regexp_full_match(marker, $dp)
UNION ALL
SELECT answer_id, marker_ord, 0, marker, char_start, char_end, 'doc_chunk',
       regexp_extract(marker, $dc, 1) || ':' || regexp_extract(marker, $dc, 2), NULL, NULL, NULL,
       regexp_extract(marker, $dc, 1), regexp_extract(marker, $dc, 2), NULL
FROM markers WHERE regexp_full_match(marker, $dc)
UNION ALL
-- JSON "citations" entries the answer text does not already cite inline
SELECT s.answer_id, 1000000 + s.idx, 0, 'citations[' || (s.idx - 1) || ']', NULL, NULL, 'structured',
       CAST(s.num AS VARCHAR), CAST(s.num - $base + 1 AS INTEGER), NULL, NULL, NULL, NULL, NULL
FROM structured_flat s
WHERE s.num IS NULL OR NOT EXISTS (
    SELECT 1 FROM numeric_cites n WHERE n.answer_id = s.answer_id AND n.num = s.num)
UNION ALL
SELECT answer_id, 2000000 + idx, 0, 'inline_citations[' || (idx - 1) || ']',
       CAST(claim_pos AS INTEGER), CAST(claim_pos + length(claim) AS INTEGER), 'structured',
       CAST(source_index AS VARCHAR), CAST(source_index + 1 AS INTEGER), NULL, NULL, NULL, NULL, claim
FROM inline_cites;

CREATE OR REPLACE TEMP TABLE citations AS
SELECT CAST(row_number() OVER (PARTITION BY answer_id ORDER BY marker_ord, sub_ord) AS INTEGER) AS citation_ord, *
FROM citations_raw;
