-- citation extraction over `answers_ok`: structured output detection, inline markers with exact
-- character offsets (code points, as Python indexes str), numeric expansion and JSON citations.
-- parameters: $on_<field> (a citation object field's names), $list_names (keys a citations list goes by), $any (any marker; $any_json the same where no answer holds a `{`, else a stand-in: audit.extract.markers), $refs (a closing list of sources), $ref_words (its headers), $url (a url), $tag (an HTML tag), $num / $lnum / $html / $pnum / $dp / $dp_list / $dp_ref / $doc / $dc / $dc_list / $dc_ref / $fs / $may_indent / $may_reason / $sup / $nf (dialect patterns), $nfdef (a named
-- footnote's definition), $fs_lines (a file search mark's lines alone), $bnum (a brace marker), $bare_file (a file's name alone), $brace_before / $citation_after / $after_stop (where they stand), $sup_before / $sup_after (where a
-- superscript run is a marker), $wide_from / $wide_to (digits and separators read as ASCII), $base (numeric base,
-- 0 or 1).

-- a document's name in quotes, `[Document: "Refund Policy.pdf", Page 3]`, `[Source: 'Refund Policy.pdf']`: the quotes
-- are no part of it (it was unknown_document, RED); a name that only ends in a quote (`Refunds "fast"`) keeps it
CREATE OR REPLACE TEMP MACRO unquoted(s) AS
    CASE WHEN regexp_full_match(s, '"[^"]+"|“[^”]+”|''[^'']+''|‘[^’]+’|«[^»]+»') THEN s[2:-2] ELSE s END;

-- text around a JSON payload that is no answer of its own: at most `n` lines holding text, 200 characters, no marker
-- (`marked`: whether `t` holds one, read in `texts` for all four in one call) and no JSON object or list (a second answer, or an
-- "example" one, before or after the payload: it was never checked, and the payload beside it came out GREEN; which
-- of the two the user saw is unknown)
CREATE OR REPLACE TEMP MACRO short_around(t, n, marked) AS
    CASE WHEN t IS NULL OR length(t) > 200 THEN false
         ELSE NOT marked AND NOT regexp_matches(t, '\{\s*["}]|\[\s*[\{"\]]')
              AND len(list_filter(string_split(t, chr(10)), lambda l: regexp_matches(l, '\S'))) <= n
    END;

-- a citation object's field given under any of `keys` (the first of them the item holds, not null), as JSON
CREATE OR REPLACE TEMP MACRO object_field(item, keys) AS
    json_extract(item, '$.' || list_filter(keys, lambda k: coalesce(json_type(item, '$.' || k), 'NULL') <> 'NULL')[1]);

-- whether a citation object's chunk_index is a chunk's id (a string holding a letter and a digit: `"c1"`, not `"x"`)
-- and no chunk_id is given
CREATE OR REPLACE TEMP MACRO chunk_index_named(item, index_keys, id_keys) AS
    coalesce(json_type(object_field(item, index_keys)) = 'VARCHAR'
             AND regexp_matches(json_extract_string(object_field(item, index_keys), '$'), '[A-Za-z]')
             AND regexp_matches(json_extract_string(object_field(item, index_keys), '$'), '[0-9]')
             AND object_field(item, id_keys) IS NULL, false);

-- the names of one citation object field (`keys`) the item holds with other values (strings compared trimmed),
-- joined by `+` (`document_id+doc_id`); NULL when they agree
CREATE OR REPLACE TEMP MACRO field_conflict(item, keys) AS
    CASE WHEN len(list_distinct(list_transform(
                  list_filter(keys, lambda k: coalesce(json_type(item, '$.' || k), 'NULL') <> 'NULL'),
                  lambda k: trim(json_extract_string(item, '$.' || k))))) > 1
         THEN array_to_string(list_filter(keys, lambda k: coalesce(json_type(item, '$.' || k), 'NULL') <> 'NULL'), '+')
    END;

-- a citation's position in JSON (a `citations` entry, an inline `source_index`): an integer, a string of digits or a
-- whole float (1.0, as pandas writes integers beside nulls) that fits int32; anything else (null, "x", 1.5, true,
-- 99999999999, an object) is NULL: a citation that is fabricated, never one with a NULL cited_ref
-- (a text of digits, also in the brackets of the marker it copies: `"citations": ["[1]", "[2]"]` was read as the name
-- of a document no source has, unknown_document, RED)
CREATE OR REPLACE TEMP MACRO json_position(v) AS
    CASE WHEN json_type(v) IN ('UBIGINT', 'BIGINT')
           OR (json_type(v) = 'DOUBLE' AND regexp_full_match(json_extract_string(v, '$'), '\d{1,9}\.0'))
         THEN TRY_CAST(regexp_replace(trim(json_extract_string(v, '$')), '\.0$', '') AS INTEGER)
         WHEN json_type(v) = 'VARCHAR'
              AND regexp_full_match(json_extract_string(v, '$'), '\s*(?:\d{1,9}|\[\s*\d{1,9}\s*\])\s*')
         THEN TRY_CAST(regexp_extract(json_extract_string(v, '$'), '\d{1,9}') AS INTEGER) END;

-- an answer wrapped whole in one Markdown fence: its opening fence, language, content and closing fence
CREATE OR REPLACE TEMP MACRO fence_of(t) AS
    regexp_extract(t, '(?s)^\s*(```|~~~)[ \t]*([A-Za-z]*)[ \t]*\r?\n(.*?)\s*(```|~~~)\s*$',
                   ['open', 'lang', 'inner', 'close']);

-- a text that may end in a closing list of sources (`reference_lists`; audit.extract.markers reads it too: when no
-- text may, $refs is a stand-in no row reaches, and DuckDB does not compile the list pattern, ~0.1 s a shard)
-- (or a line opening with a bracketed number or a superscript: a closing list without a header)
CREATE OR REPLACE TEMP MACRO may_list_sources(t, words) AS
    regexp_matches(t, '(?i)' || words || '|\][ \t]*:|\n[ \t]*(?:[-*+•][ \t]*)?(?:\[[0-9]{1,3}\]|[¹²³⁰⁴-⁹])');

-- the JSON document of structured output: the answer object itself, or the final event of a logged stream
-- (a JSON array of events, or JSON lines / `data: {...}` server-sent events, whose last `"type": "final"` event
-- carries the answer in `data`, as text or as an object with an `answer` field).
CREATE OR REPLACE TEMP TABLE texts AS
WITH unmarked AS (
    -- a byte order mark before the JSON (a file written by a UTF-8-with-BOM tool) is no text of the answer: such
    -- structured output was audited as raw JSON text. The JSON is read with its lone surrogate escapes replaced
    -- (`surrogate_repairs`, audit.extract.markers: an emoji cut in half, `\ud83d`, is valid JSON DuckDB refuses,
    -- so such an answer was structured_parse_failed, RED, its claim the raw JSON); each as long as before
    -- An answer logged in another system's format (Cohere, OpenAI annotations, Vertex grounding, per-sentence
    -- citations, an answer under `response` / `text` / ..., cite tags: audit.extract.shapes) is read as the structured
    -- output it stands for (`shaped_answers`)
    -- A Python dict logged with `str()` (`literal_repairs`, audit.extract.markers: `{'answer': ..., 'citations':
    -- None}`) is read as the JSON it stands for (flagged `python_literal_read`), and so is a JSON string holding the
    -- model's JSON (a logger that `json.dumps` it again: `"{\"answer\": ...}"`, unflagged)
    SELECT answer_id, answer, repaired IS NOT NULL AS was_repaired,
           CASE WHEN shaped IS NULL AND literal IS NULL AND starts_with(answer, chr(65279)) THEN 2 ELSE 1 END
               AS text_start,
           -- a reasoning model's thinking block (`<think>...</think>`) blanked: no part of the answer
           -- (audit.extract.reasoning, a Python function, on the answers that may hold one: $may_reason)
           substr(CASE WHEN regexp_matches(coalesce(shaped, repaired, literal, answer), $may_reason)
                       THEN citeaudit_blank_reasoning(coalesce(shaped, repaired, literal, answer))
                       ELSE coalesce(shaped, repaired, literal, answer) END, text_start) AS unmarked
    FROM (SELECT * REPLACE (CASE WHEN regexp_matches(answer, $may_reason) THEN citeaudit_blank_reasoning(answer)
                                 ELSE answer END AS answer) FROM answers_ok)
         LEFT JOIN surrogate_repairs USING (answer_id) LEFT JOIN shaped_answers USING (answer_id)
         LEFT JOIN literal_repairs USING (answer_id)
), fenced AS (
    -- a ``` or ~~~ fence (a ~~~json fence was code: its citations were never checked, YELLOW no_citations)
    SELECT *, fence_of(unmarked) AS fence FROM unmarked
), bodies AS (
    -- an answer the model wrapped whole in one Markdown fence is its content: JSON in a ```json (or bare) fence is
    -- structured output, text in a ```markdown / md / text / txt fence is prose. As code, their markers were no
    -- citations: nothing was checked, and the answer came out YELLOW (`no_citations`) whatever it cited
    SELECT answer_id, answer,
           CASE WHEN lower(fence.lang) IN ('json', '') AND regexp_matches(fence.inner, '^\s*[\{\[]')
                     AND fence.open = fence.close AND NOT contains(fence.inner, fence.open)
                THEN fence.inner ELSE unmarked END AS body,
           CASE WHEN lower(fence.lang) IN ('markdown', 'md', 'text', 'txt') AND fence.open = fence.close
                     AND NOT contains(fence.inner, fence.open)
                     AND regexp_matches(fence.inner, '[^\s\p{Z}\p{Cf}\x{85}]')
                -- prose is read as logged: the inner text of the answer itself, not of its repaired copy
                THEN CASE WHEN was_repaired THEN fence_of(substr(answer, text_start)).inner ELSE fence.inner END
                ELSE answer END AS prose
    FROM fenced
), around AS (
    -- structured output after a short preamble ("Here is the answer:", "Sure!") and/or before a short closing line,
    -- bare at the start of a line or in a ``` / ~~~ (json) fence, also on one line (```json {...} ```): read as
    -- prose, its citations were never checked (a fence was code: YELLOW no_citations). Taken only when the text
    -- around it is at most two lines before and one after, 200 characters each, without a citation marker, and the
    -- JSON parses; it is the answer only when it has the shape of structured output (`docs`), else prose as before.
    -- The ends are read from the first and last 240 characters (a regex over the whole text took 0.6 ms per 6 kB)
    -- A closing line after JSON that opens the answer (no preamble) is read so too: `{...}` then "Hope this helps!"
    -- was structured_parse_failed (RED) however right, where the same after "Here is the answer:" was read
    SELECT *, CASE WHEN fence_head.open <> '' THEN substr(body, length(fence_head.whole) + 1) END AS fence_rest,
           CASE WHEN bare_pre <> '' OR (bare_pre = '' AND NOT prose_start) THEN substr(body, length(bare_pre) + 1) END
               AS bare_rest
    FROM (
        SELECT *,
               CASE WHEN prose_start THEN regexp_extract(left(body, 240),
                   '(?s)^((.{0,200}?)(```|~~~)[ \t]*([A-Za-z]*)[ \t]*\r?\n?)', ['whole', 'pre', 'open', 'lang']) END
                   AS fence_head,
               CASE WHEN prose_start THEN regexp_extract(left(body, 240), '(?s)^([^\{\[]{1,200}?\n)[ \t]*[\{\[]', 1)
                    WHEN regexp_matches(body, '^\s*\{') AND NOT json_valid(body) THEN '' END
                   AS bare_pre
        FROM (SELECT *, NOT regexp_matches(body, '^\s*(?:[\{\[]|(?:event|id|retry|data):)') AS prose_start FROM bodies)
    )
), ends AS (
    SELECT *,
           -- the fence closes where its opening fence next appears
           CASE WHEN fence_head.open <> '' AND lower(fence_head.lang) IN ('json', '')
                THEN nullif(instr(fence_rest, fence_head.open), 0) END AS fence_close,
           regexp_extract(right(bare_rest, 260), '(\n([^\n]*\S[^\n]*)\s*)$', ['tail', 'line']) AS bare_tail
    FROM around
), candidates AS (
    SELECT answer_id, answer, prose, body,
           CASE how WHEN 'fence' THEN left(fence_rest, fence_close - 1) WHEN 'bare' THEN bare_rest
                    WHEN 'bare_tail' THEN left(bare_rest, length(bare_rest) - length(bare_tail.tail)) END AS payload,
           -- the text before and after the payload (fences aside): what the model said beside it
           CASE how WHEN 'fence' THEN fence_head.pre WHEN 'bare' THEN bare_pre WHEN 'bare_tail' THEN bare_pre END
               AS before_text,
           CASE how WHEN 'fence' THEN substr(fence_rest, fence_close + 3) WHEN 'bare_tail' THEN bare_tail.tail END
               AS after_text
    FROM (
        SELECT *,
               CASE WHEN fence_close IS NOT NULL AND short_around(fence_head.pre, 2, marked[1])
                         AND short_around(substr(fence_rest, fence_close + 3), 1, marked[2])
                         AND regexp_matches(left(fence_rest, fence_close - 1), '^\s*[\{\[]')
                         AND json_valid(left(fence_rest, fence_close - 1))
                    THEN 'fence'
                    WHEN bare_rest IS NOT NULL AND short_around(bare_pre, 2, marked[3]) THEN
                         CASE WHEN json_valid(bare_rest) THEN 'bare'
                              WHEN bare_tail.tail <> '' AND short_around(bare_tail.line, 1, marked[4])
                                   AND json_valid(left(bare_rest, length(bare_rest) - length(bare_tail.tail)))
                                  THEN 'bare_tail'
                         END
               END AS how
        FROM (
            -- whether each short text around a payload holds a marker (1: the text before a fence, 2: after it, 3:
            -- the text before bare JSON, 4: the line after it), in one call of $any. DuckDB compiles a constant
            -- pattern for each call in a statement (three times outside a lambda: binding, its optimizer and each
            -- thread's state; in a lambda once, and once per chunk that reaches it), ~15-30 ms each time for $any,
            -- per shard: four calls in `short_around` were a third of the extraction's CPU on a shard of few answers
            SELECT *, CASE WHEN fence_close IS NOT NULL OR bare_rest IS NOT NULL THEN list_transform(
                           [fence_head.pre, substr(fence_rest, fence_close + 3), bare_pre, bare_tail.line],
                           lambda t: length(t) <= 200 AND regexp_matches(t, $any_json)) END AS marked
            FROM ends
        )
    )
), embedded AS (
    -- the prose around an embedded payload (a preamble, a closing line) is no part of the answer text, but its
    -- statements are the answer's: audit/assess.py counts them as uncited claims (a false "Refunds take 90 days."
    -- before a payload with correct citations was neither checked nor counted). Each piece with its offset in the
    -- answer as logged (body is the answer less a byte order mark)
    SELECT answer_id, answer, prose, coalesce(payload, body) AS body, payload IS NOT NULL AS embedded,
           -- (the text as logged: body may be the answer's copy with lone surrogates repaired, as long as it)
           CASE WHEN payload IS NOT NULL THEN list_transform(list_filter(
               [{'start': length(answer) - length(body), 'text': before_text},
                {'start': length(answer) - length(after_text), 'text': after_text}],
               lambda p: regexp_matches(p.text, '\S')),
               lambda p: {'start': p.start, 'text': substr(answer, p.start + 1, length(p.text))}) END AS prose_around
    FROM candidates
), raw AS (
    -- JSON may begin after any JSON whitespace (a logger's newline, CRLF or tab; ltrim() removes spaces only): an
    -- event list after a newline was audited as its raw text, broken JSON after one was never flagged. A stream
    -- (`data: {` lines, a JSON list of event objects) without a final event is structured output that cannot be
    -- read, never prose: its raw text was audited without a flag, GREEN
    SELECT answer_id, answer, prose, embedded, prose_around,
           starts_stream
           OR coalesce(CASE WHEN regexp_matches(body, '^\s*\[') AND json_valid(body) AND json_type(body) = 'ARRAY'
                            THEN list_contains(list_transform(json_extract(body, '$[*]'), lambda e: json_type(e)), 'OBJECT')
                       END, false) AS looks_json,
           CASE
               WHEN starts_stream AND NOT json_valid(body) THEN
                   list_filter(list_transform(string_split(body, chr(10)),
                                              lambda l: regexp_replace(trim(l), '^data:\s*', '')),
                               lambda l: CASE WHEN json_valid(l) THEN json_extract_string(l, '$.type') = 'final' END)[-1]
               WHEN NOT json_valid(body) THEN NULL
               WHEN json_type(body) = 'OBJECT' THEN body
               WHEN regexp_matches(body, '^\s*\[') AND json_type(body) = 'ARRAY' THEN
                   list_filter(json_extract(body, '$[*]'),
                               lambda e: json_extract_string(e, '$.type') = 'final')[-1]::VARCHAR
           END AS event
    FROM (
        -- JSON, or server-sent events: `data: {` lines, after any `event:` / `id:` / `retry:` lines that name
        -- them (an SSE log with `event:` lines was audited as its raw text)
        SELECT *, regexp_matches(body, '^\s*(?:\{|(?:(?:event|id|retry):[^\n]*\r?\n)*data:\s*\{)') AS starts_stream
        FROM embedded
    )
), docs AS (
    SELECT answer_id, answer, prose, embedded, prose_around, looks_json OR event IS NOT NULL AS looks_json,
           json_keys(event) AS top_keys,
           CASE WHEN json_type(event, '$.data') = 'OBJECT' THEN json_keys(event, '$.data') END AS data_keys,
           -- keys given twice inside a citation object (read from the event as logged: merging `data` would
           -- keep one of them)
           list_sort(list_distinct(flatten(list_transform(
               coalesce(json_extract(event, '$.citations[*]'), []) || coalesce(json_extract(event, '$.data.citations[*]'), []),
               lambda c: CASE WHEN json_type(c) = 'OBJECT'
                              THEN list_filter(json_keys(c), lambda k: len(list_filter(json_keys(c), lambda j: j = k)) > 1)
                              ELSE [] END)))) AS citation_dup_keys,
           -- a key the audit reads given both in a final event and in its `data` object, with another value:
           -- merging `data` kept its own and dropped the event's (its fabricated citation went unseen, GREEN); and
           -- an `answer` beside a `data` text that says something else (it was dropped the same way)
           CASE WHEN json_extract_string(event, '$.type') = 'final' AND json_type(event, '$.data') = 'OBJECT'
                     AND json_type(event, '$.data.answer') = 'VARCHAR'
                THEN list_filter(['answer', 'citations', 'inline_citations', 'confidence', 'confidence_score',
                                  'missing_information'],
                                 lambda k: json_type(event, '$.' || k) <> 'NULL' AND json_type(event, '$.data.' || k) <> 'NULL'
                                           AND json_extract(event, '$.' || k)::VARCHAR
                                               <> json_extract(event, '$.data.' || k)::VARCHAR)
                WHEN json_extract_string(event, '$.type') = 'final' AND json_type(event, '$.data') = 'VARCHAR'
                     AND json_type(event, '$.answer') <> 'NULL'
                     AND json_extract(event, '$.answer')::VARCHAR <> json_extract(event, '$.data')::VARCHAR
                THEN ['answer'] END AS merged_conflicts,
           CASE
               WHEN json_extract_string(event, '$.type') = 'final' AND json_type(event, '$.data') = 'OBJECT'
                    AND json_type(event, '$.data.answer') = 'VARCHAR'
                   THEN json_merge_patch(event, json_extract(event, '$.data'))::VARCHAR
               ELSE event
           END AS doc,
           CASE
               WHEN json_extract_string(event, '$.type') = 'final' AND json_type(event, '$.data') = 'VARCHAR'
                   THEN json_extract_string(event, '$.data')
               WHEN json_extract_string(event, '$.type') = 'final' AND json_type(event, '$.data.answer') = 'VARCHAR'
                   THEN json_extract_string(event, '$.data.answer')
               WHEN json_type(event, '$.answer') = 'VARCHAR' THEN json_extract_string(event, '$.answer')
           END AS answer_field
    FROM raw
)
SELECT answer_id,
       looks_json AND answer_field IS NOT NULL AS structured,
       answer_id IN (SELECT answer_id FROM shaped_answers) AS shaped,
       -- prose whose cite tags were read as the structured output they stand for: no structured output logged
       answer_id IN (SELECT answer_id FROM shaped_answers WHERE from_prose = 'true') AS tagged_prose,
       -- the JSON read held a lone surrogate escape, read as U+FFFD (flagged `lone_surrogate_replaced`)
       looks_json AND answer_field IS NOT NULL AND answer_id IN (SELECT answer_id FROM surrogate_repairs)
           AS surrogates_replaced,
       looks_json AND answer_field IS NOT NULL AND answer_id IN (SELECT answer_id FROM literal_repairs
                                                                  WHERE how = 'python')
           AS literal_read,
       -- JSON found inside prose that is no structured output (a code sample) leaves the answer prose, unflagged;
       -- one that names an answer or citations but holds no answer text (`"answer": null`) is structured output that
       -- cannot be read, as without the preamble (it was prose, its fabricated citation object never seen)
       looks_json AND answer_field IS NULL
           AND (NOT embedded OR list_has_any(coalesce(top_keys, []), ['answer', 'citations', 'inline_citations']))
           AS structured_parse_failed,
       -- an HTML line break in prose, `days.<br>Shipping ...` (a chat widget's answer logged as it rendered it), is
       -- the line break it shows, written as one with spaces to its length (offsets keep): it ended no sentence
       -- (both one claim, each marker's unsupported, RED however right); so in a JSON answer's text (a citation
       -- object's claim_text holding the tag is found with it read as a space: audit.claims.claim_for)
       list_transform([CASE WHEN looks_json AND answer_field IS NOT NULL THEN answer_field ELSE prose END],
           lambda a: CASE WHEN NOT contains(lower(a), '<br') THEN a
                          ELSE regexp_replace(regexp_replace(regexp_replace(a, '<(?i:br)>', chr(10) || '   ', 'g'),
                                                             '<(?i:br)/>', chr(10) || '    ', 'g'),
                                              '<(?i:br) />', chr(10) || '     ', 'g') END)[1] AS answer_text,
       CASE WHEN looks_json AND answer_field IS NOT NULL THEN doc END AS json_doc,
       -- the key the JSON's citations were read from (`citations`, or `sources`...: the markers name it)
       citations_key,
       -- the prose around an embedded payload that is the answer: [{start, text}] (offsets in the answer as logged)
       CASE WHEN looks_json AND answer_field IS NOT NULL THEN prose_around END AS prose_around,
       -- `citations` holding any object: the citation_object dialect (every item is one citation)
       coalesce(looks_json AND answer_field IS NOT NULL AND json_type(doc, '$.citations') = 'ARRAY'
                AND list_contains(list_transform(json_extract(doc, '$.citations[*]'), lambda x: json_type(x)), 'OBJECT'),
                false) AS has_citation_objects,
       -- the assistant's own view of the answer, as raw JSON text (validated in Python)
       CASE WHEN looks_json AND answer_field IS NOT NULL
            THEN coalesce(json_extract(doc, '$.confidence'), json_extract(doc, '$.confidence_score'))::VARCHAR END
           AS confidence_raw,
       CASE WHEN looks_json AND answer_field IS NOT NULL THEN json_extract(doc, '$.missing_information')::VARCHAR END
           AS missing_information_raw,
       -- a `citations` or `inline_citations` that is there but not a list (an object, text, a number) cannot be
       -- read as citations: flagged with its JSON type (and RED, as a parse failure), never skipped in silence
       CASE WHEN looks_json AND answer_field IS NOT NULL THEN list_filter(list_transform(
                ['citations', 'inline_citations'],
                lambda k: CASE WHEN json_type(doc, '$.' || k) NOT IN ('ARRAY', 'NULL')
                               THEN k || '_not_a_list:' || CASE json_type(doc, '$.' || k)
                                   WHEN 'VARCHAR' THEN 'string' WHEN 'BIGINT' THEN 'integer'
                                   WHEN 'UBIGINT' THEN 'integer' WHEN 'DOUBLE' THEN 'number'
                                   ELSE lower(json_type(doc, '$.' || k)) END END),
                lambda f: f IS NOT NULL)
                -- a key the audit reads given twice (valid JSON, but DuckDB reads the first and most clients the
                -- last): which text or citations the user saw is unknown
                || list_transform(list_sort(list_distinct(list_filter(
                       coalesce(top_keys, []) || coalesce(data_keys, []),
                       lambda k: k IN ('answer', 'data', 'type', 'citations', 'inline_citations', 'confidence',
                                       'confidence_score', 'missing_information')
                                 AND (len(list_filter(coalesce(top_keys, []), lambda j: j = k)) > 1
                                      OR len(list_filter(coalesce(data_keys, []), lambda j: j = k)) > 1))
                       || coalesce(merged_conflicts, []))),
                   lambda k: 'duplicate_json_key:' || k)
                || list_transform(coalesce(citation_dup_keys, []), lambda k: 'duplicate_json_key:citations[].' || k)
            END AS citation_shape_flags
FROM (
    -- a list under `sources`, `references` or `refs` ($list_names) in place of `citations`, in an answer that has
    -- no citations and cites nowhere inline, is its citations (`{"answer": ..., "sources": [1, 2]}`: never read, a
    -- source never retrieved came out YELLOW no_citations, unflagged). Beside inline markers it is the list they
    -- number, as a closing list of sources is; in a final stream event, `sources` is what was retrieved. A text
    -- there lists names, comma (or semicolon, newline) separated: LangChain's `"sources": "a.pdf, https://..."`
    SELECT * REPLACE (CASE WHEN list_key IS NOT NULL
                           THEN json_merge_patch(doc, json_object('citations', CASE
                               WHEN json_type(doc, '$.' || list_key) = 'ARRAY' THEN json_extract(doc, '$.' || list_key)
                               ELSE to_json(list_filter(list_transform(
                                   regexp_split_to_array(json_extract_string(doc, '$.' || list_key), '[,;\n]'),
                                   lambda x: trim(x)), lambda x: x <> '')) END))::VARCHAR
                           ELSE doc END AS doc),
           coalesce(list_key, 'citations') AS citations_key
    FROM (
        SELECT *,
               CASE WHEN looks_json AND answer_field IS NOT NULL
                         AND coalesce(json_type(doc, '$.citations'), 'NULL') = 'NULL'
                         AND coalesce(json_type(doc, '$.inline_citations'), 'NULL') = 'NULL'
                         AND coalesce(json_extract_string(doc, '$.type'), '') <> 'final'
                    -- (a bracket in Markdown code is no marker: code_spans)
                    -- (in a lambda: $any compiled once, not three times, as `marked` above)
                    THEN CASE WHEN NOT list_transform([answer_field], lambda f: regexp_matches(
                                  regexp_replace(f, '(?s)```.*?(?:```|$)|~~~.*?(?:~~~|$)|`[^`\n]+`', '', 'g'), $any_json))[1]
                              THEN list_filter($list_names,
                                               lambda k: json_type(doc, '$.' || k) IN ('ARRAY', 'VARCHAR'))[1] END
               END AS list_key
        FROM docs
    )
);

-- Markdown code (``` or ~~~ fences, also unclosed, and `inline code`) holds no citations: `arr[1]` is code, not a
-- marker (audit.extract.dialects.CODE_SPAN; a ~~~ fence's `arr[2]` was a citation with an empty claim, RED)
-- the code-point (start, end) of every match of `pat` in the texts holding `needle` or `needle2` (as Python indexes str)
CREATE OR REPLACE TEMP MACRO match_spans(pat, needle, needle2) AS TABLE
WITH split AS (
    SELECT answer_id, regexp_extract_all(answer_text, pat) AS ms, regexp_split_to_array(answer_text, pat) AS ps
    FROM texts WHERE contains(answer_text, needle) OR contains(answer_text, needle2)
), flat AS (
    SELECT answer_id, unnest(ms) AS span, unnest(ps[1:len(ms)]) AS before, generate_subscripts(ms, 1) AS span_ord
    FROM split WHERE len(ms) > 0
)
SELECT answer_id,
       CAST(sum(length(before) + length(span)) OVER (PARTITION BY answer_id ORDER BY span_ord)
            - length(span) AS INTEGER) AS span_start,
       CAST(sum(length(before) + length(span)) OVER (PARTITION BY answer_id ORDER BY span_ord) AS INTEGER) AS span_end
FROM flat;

-- and an indented code block (four spaces or a tab after a blank line, not in a list: `    arr[2] = 0` was a citation
-- whose claim was "arr = 0", RED), found by audit.extract.code.indented_code_spans (`citeaudit_indented_code`, a
-- Python function: which lines are a list's is a scan line by line) in the texts that may hold one ($may_indent)
CREATE OR REPLACE TEMP TABLE code_spans AS
SELECT answer_id, span_start AS code_start, span_end AS code_end
FROM match_spans('(?s)```.*?(?:```|$)|~~~.*?(?:~~~|$)|`[^`\n]+`', '`', '~~~')
UNION ALL
SELECT answer_id, span[1], span[2]
FROM (SELECT answer_id, unnest(citeaudit_indented_code(answer_text)) AS span
      FROM texts WHERE regexp_matches(answer_text, $may_indent));

-- urls (audit.extract.scan.URL): a bracket inside one, `https://x.org/a[2]b`, is part of it, not a marker (it
-- cited source 2 with a claim no source says: a false RED); `https://x.org [2]`, `(https://x.org)[2]` still cite
CREATE OR REPLACE TEMP TABLE url_spans AS
SELECT answer_id, span_start AS url_start, span_end AS url_end FROM match_spans($url, '://', 'www.');

-- HTML tags (audit.extract.dialects.HTML_TAG): a bracket in one, `<a href="/kb/page[2]">`, is no marker
CREATE OR REPLACE TEMP TABLE tag_spans AS
SELECT answer_id, span_start AS tag_start, span_end AS tag_end FROM match_spans($tag, '<', '<');

-- each marker's start = sum of the lengths of all text pieces and markers before it
CREATE OR REPLACE TEMP TABLE markers_all AS
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

-- a superscript run is a marker only where a citation stands (audit.extract.scan.superscript_in_place: after a
-- word or a sentence's punctuation, before a space, punctuation or the end): `m²`, `10⁶`, `x²` are no citations
CREATE OR REPLACE TEMP TABLE markers AS
SELECT m.* FROM markers_all m JOIN texts t USING (answer_id)
WHERE NOT EXISTS (
    SELECT 1 FROM code_spans c
    WHERE c.answer_id = m.answer_id AND m.char_start >= c.code_start AND m.char_end <= c.code_end)
  AND NOT EXISTS (
    SELECT 1 FROM url_spans u WHERE u.answer_id = m.answer_id AND m.char_start > u.url_start AND m.char_start < u.url_end)
  AND NOT EXISTS (
    SELECT 1 FROM tag_spans g WHERE g.answer_id = m.answer_id AND m.char_start > g.tag_start AND m.char_end < g.tag_end)
  AND (NOT regexp_full_match(m.marker, $sup)
       OR (regexp_full_match(right(left(t.answer_text, m.char_start), 4), $sup_before)
           AND regexp_full_match(substr(t.answer_text, m.char_end + 1, 1), $sup_after)))
  -- a brace marker `{1}` or a file's name alone, `[Refund Policy.pdf]`, likewise only where a citation stands
  -- (audit.extract.scan.in_citation_place): `\frac{1}{2}`, `x^{2}`, `{{1}}`, "open [config.json] to ..." are none
  AND (NOT (starts_with(m.marker, '{') OR regexp_full_match(m.marker, $bare_file))
       OR ((NOT starts_with(m.marker, '{') OR regexp_full_match(right(left(t.answer_text, m.char_start), 24), $brace_before))
           AND (regexp_full_match(substr(t.answer_text, m.char_end + 1, 64), $citation_after)
                OR (regexp_full_match(substr(t.answer_text, m.char_end + 1, 1), '[\t\n\v\f\r ]')
                    AND regexp_full_match(right(left(t.answer_text, m.char_start), 24), $after_stop)))));

-- a closing list of sources under a header ("Sources:", "**References**"), each line a marker and a title or url,
-- or Markdown footnote / link definitions without one ("[^1]: Refund Policy.pdf", "[2]: https://...")
-- (audit.extract.scan.reference_list_pattern): its markers cite no claim of their own. When the answer cites
-- inline, the list only names those sources and its markers are dropped; when it does not, each of the list's
-- markers cites the whole answer above it (assess.py), as a structured `citations` entry cited nowhere inline
-- does. The answer is flagged reference_list.
-- $refs is anchored at both ends (`^...$`, no multi-line mode): a match is a full match, and its second group (the
-- list) is never empty, so one call reads both whether the text ends in a list and where it begins; in a lambda, as
-- DuckDB compiles $refs once there (and once per chunk that reaches it) where a call outside one compiles it three
-- times (~50 ms each, per shard: two calls were a fifth of the extraction's CPU on a shard of few answers)
CREATE OR REPLACE TEMP TABLE reference_lists AS
SELECT answer_id, CAST(length(refs.pre) AS INTEGER) AS ref_start
FROM (SELECT answer_id, list_transform([answer_text], lambda t: regexp_extract(t, $refs, ['pre', 'list']))[1] AS refs
      FROM texts WHERE may_list_sources(answer_text, $ref_words))
WHERE refs.list <> '';

-- each line of a closing list that gives one position ("[1] Shipping.pdf", "- [2]: https://..."): the rank and the
-- names it shows the reader for it, lower case: the line, and a Markdown link's label and target ("[1]
-- [Shipping.pdf](https://...)") (answer_audit.sql flags one naming another retrieved source)
CREATE OR REPLACE TEMP TABLE reference_entries AS
WITH entries AS (
    SELECT m.answer_id,
           -- (`[S1]`, `[#1]`: its position without the S or #)
           TRY_CAST(TRY_CAST(translate(ltrim(trim(regexp_extract(m.marker, $num, 1)), 'Ss#'), $wide_from, $wide_to)
                             AS BIGINT)
                    - $base + 1 AS INTEGER) AS rank,
           lower(regexp_replace(regexp_extract(substr(t.answer_text, m.char_end + 1), '^[^\n]*'),
                                '^[\s:：\-–—]+|\s+$', '', 'g')) AS name
    FROM markers m JOIN reference_lists r USING (answer_id) JOIN texts t USING (answer_id)
    WHERE m.char_start >= r.ref_start AND regexp_full_match(m.marker, $num)
)
SELECT answer_id, rank,
       list_filter([name, trim(regexp_extract(name, '^\[([^\]]+)\]\(([^)\s]+)\)$', 1)),
                    trim(regexp_extract(name, '^\[([^\]]+)\]\(([^)\s]+)\)$', 2))], lambda n: n <> '') AS names
FROM entries;

DELETE FROM markers m
WHERE m.char_start >= (SELECT r.ref_start FROM reference_lists r WHERE r.answer_id = m.answer_id)
  AND EXISTS (SELECT 1 FROM reference_lists r JOIN markers b ON b.answer_id = r.answer_id
              WHERE r.answer_id = m.answer_id AND b.char_start < r.ref_start);

-- named footnotes' definitions ("[^refund-policy]: Refund Policy.pdf"): the first of each label, in lower case
-- (audit.extract.scan.footnote_definitions)
CREATE OR REPLACE TEMP TABLE footnote_defs AS
WITH found AS (
    SELECT answer_id, regexp_extract_all(answer_text, $nfdef, 1) AS labels,
           regexp_extract_all(answer_text, $nfdef, 2) AS vals
    FROM texts WHERE contains(answer_text, '[^')
), flat AS (
    SELECT answer_id, unnest(labels) AS label, unnest(vals) AS value, generate_subscripts(labels, 1) AS ord
    FROM found
)
SELECT answer_id, lower(label) AS label, arg_min(value, ord) AS value
FROM flat WHERE value <> '' GROUP BY ALL;

CREATE OR REPLACE TEMP TABLE citations_raw AS
WITH numeric_found AS (
    -- the positions a numeric marker shows: `[1]`; a link whose label is the bracket, [[1]](https://...); HTML the
    -- widget rendered, &#91;1&#93; or <sup>[1]</sup>; {1}, {1, 3}: positions in braces (where a citation stands: the
    -- `markers` filter); (Source 1), (Sources 1, 3): a labelled position in parentheses. No marker is two of these
    SELECT *, CASE WHEN regexp_full_match(marker, $num) THEN regexp_extract(marker, $num, 1)
                   WHEN regexp_full_match(marker, $lnum) THEN regexp_extract(marker, $lnum, 1)
                   WHEN regexp_full_match(marker, $html) THEN regexp_extract(marker, $html, 1)
                   WHEN regexp_full_match(marker, $bnum) THEN regexp_extract(marker, $bnum, 1)
                   WHEN regexp_full_match(marker, $pnum) THEN regexp_extract(marker, $pnum, 1) END AS positions
    FROM markers
), numeric_markers AS (
    -- digits, commas (or semicolons, `and`, `&`) and dashes: the spaces and invisible characters between them go
    -- (dialects.INVISIBLE, WIDE_SPACES; one written as an HTML entity, `&nbsp;`, `&#160;`, is cut first: $egap,
    -- dialects.ENTITY_GAP, or `#160` read as a position; a dash, `&ndash;`, `&#8211;`, is `-`: $edash; any other,
    -- `&#38;`, separates: $eref); full-width, Arabic-Indic and Persian digits and the
    -- ideographic and Arabic commas read as ASCII ones ($wide_from / $wide_to: dialects.WIDE_NUMERALS)
    SELECT * EXCLUDE (positions), 'numeric' AS dialect,
           string_split(regexp_replace(regexp_replace(
               translate(regexp_replace(regexp_replace(positions, $egap, '', 'g'), $edash, '-', 'g'),
                         $wide_from, $wide_to),
               $eref || '|;|and|&', ',', 'g'), '[^0-9,\-–]', '', 'g'), ',') AS parts
    FROM numeric_found WHERE positions IS NOT NULL
    UNION ALL
    -- superscript digits (¹˒² is 1, 2; ¹⁻³ is 1-3: audit.extract.dialects.SUPERSCRIPT_DIGITS), or <sup>1</sup>
    -- A run of digits is one number (`¹⁰` is 10, as `[10]` is), except where that number is past the answer's sources
    -- and each of its digits is one of them: `days¹²` with two sources is 1 and 2 (a renderer raising `[1][2]`
    -- drops the brackets; it was source 12, index_out_of_range, RED however right)
    SELECT m.*, 'superscript',
           CASE WHEN regexp_full_match(marker, '[⁰¹²³⁴⁵⁶⁷⁸⁹]{2,9}')
                     AND list_bool_and(list_transform(string_split(translate(marker, '⁰¹²³⁴⁵⁶⁷⁸⁹', '0123456789'), ''),
                                                      lambda d: CAST(d AS INTEGER) - $base + 1 BETWEEN 1 AND s.n))
                     AND CAST(translate(marker, '⁰¹²³⁴⁵⁶⁷⁸⁹', '0123456789') AS BIGINT) - $base + 1 > s.n
                THEN string_split(translate(marker, '⁰¹²³⁴⁵⁶⁷⁸⁹', '0123456789'), '')
                ELSE string_split(regexp_replace(replace(translate(marker, '⁰¹²³⁴⁵⁶⁷⁸⁹˒⁻', '0123456789,-'), ';', ','),
                                                 '<[^>]*>|[^0-9,\-–]', '', 'g'), ',') END
    FROM markers m LEFT JOIN source_counts s ON s.answer_id = m.answer_id
    WHERE regexp_full_match(marker, $sup)
), numeric_parts AS (
    SELECT * EXCLUDE (parts), unnest(parts) AS part, generate_subscripts(parts, 1) AS part_ord
    FROM numeric_markers
), numeric_bounds AS (
    SELECT *, TRY_CAST(string_split(replace(part, '–', '-'), '-')[1] AS INTEGER) AS lo_raw,
              TRY_CAST(string_split(replace(part, '–', '-'), '-')[-1] AS INTEGER) AS hi_raw
    FROM numeric_parts
), numeric_ranges AS (
    -- a position past int32 (`[99999999999999999999]`, `[1-99999999999]`) cites no source: one citation with a NULL
    -- num, its part as cited_ref (index_out_of_range); it was dropped, its claim unchecked
    SELECT *, CASE WHEN lo_raw IS NULL OR hi_raw IS NULL THEN [NULL::BIGINT]
                   ELSE range(least(lo_raw, hi_raw), least(greatest(lo_raw, hi_raw), least(lo_raw, hi_raw) + 49) + 1)
              END AS nums
    FROM numeric_bounds WHERE regexp_matches(part, '[0-9]')
), numeric_cites AS (
    SELECT answer_id, marker_ord, part_ord * 1000 + generate_subscripts(nums, 1) AS sub_ord, marker, dialect,
           char_start, char_end, unnest(nums) AS num, part
    FROM numeric_ranges
), url_lists AS (
    -- Perplexity-style `"citations": ["https://...", ...]` beside inline `[n]`: the markers number the urls (`[1]` is
    -- the first url, resolved by url as a document's name), not the retrieved contexts (`[1]` was checked against
    -- the first context, and each url cited the whole answer again); also a list of names a response's own sources
    -- give in order, without urls (Azure On Your Data's titles: audit.extract.shapes.NUMBERED marks it)
    SELECT answer_id, list_transform(json_extract_string(json_doc, '$.citations[*]'), lambda x: trim(x)) AS urls
    FROM texts
    WHERE structured AND NOT has_citation_objects AND citations_key = 'citations'
      AND json_type(json_doc, '$.citations') = 'ARRAY' AND json_array_length(json_doc, '$.citations') > 0
      AND list_bool_and(list_transform(json_extract(json_doc, '$.citations[*]'),
                                       lambda x: json_type(x) = 'VARCHAR'
                                                 AND (regexp_matches(json_extract_string(x, '$'), '^\s*(?:https?://|www\.)')
                                                      OR (shaped AND json_extract(json_doc, '$.citeaudit_numbered') = 'true'))))
      AND answer_id IN (SELECT answer_id FROM numeric_cites)
), structured_list AS (
    SELECT t.answer_id, t.citations_key, json_extract(t.json_doc, '$.citations[*]') AS items
    FROM texts t WHERE t.structured AND NOT t.has_citation_objects AND json_type(t.json_doc, '$.citations') = 'ARRAY'
), structured_items AS (
    SELECT answer_id, citations_key, unnest(items) AS item, generate_subscripts(items, 1) AS idx FROM structured_list
), structured_flat AS (
    -- a position that is none (`json_position`) stays a citation with NULL num: fabricated, never a NULL cited_ref
    SELECT answer_id, citations_key, idx, left(CAST(item AS VARCHAR), 200) AS raw, json_position(item) AS num,
           -- a text that is no position names a document (title, doc_id or url: resolve.sql), as `[Source: X]`
           -- does: `"citations": ["Refund Policy.pdf"]` was invalid_citation_ref (fabricated) however right
           CASE WHEN json_type(item) = 'VARCHAR' AND json_position(item) IS NULL
                THEN nullif(trim(json_extract_string(item, '$')), '') END AS name
    FROM structured_items
), inline_list AS (
    SELECT answer_id, answer_text, json_extract(json_doc, '$.inline_citations[*]') AS items
    FROM texts WHERE structured AND json_type(json_doc, '$.inline_citations') = 'ARRAY'
), inline_flat AS (
    SELECT answer_id, answer_text, unnest(items) AS item, generate_subscripts(items, 1) AS idx FROM inline_list
), inline_cites AS (
    SELECT answer_id, idx,
           json_position(json_extract(item, '$.source_index')) AS source_index,
           coalesce(left(CAST(json_extract(item, '$.source_index') AS VARCHAR), 200), 'missing') AS raw,
           json_extract_string(item, '$.claim') AS claim,
           nullif(instr(answer_text, json_extract_string(item, '$.claim')), 0) - 1 AS claim_pos
    FROM inline_flat
)
SELECT answer_id, marker_ord, sub_ord, marker, char_start, char_end,
       CASE WHEN u.urls IS NULL THEN dialect ELSE 'structured' END AS dialect,
       coalesce(CASE WHEN TRY_CAST(num::BIGINT - $base + 1 AS INTEGER) BETWEEN 1 AND len(u.urls)
                     THEN u.urls[num - $base + 1] END,
                CAST(num AS VARCHAR), replace(part, '–', '-')) AS cited_ref,
       CASE WHEN u.urls IS NULL THEN TRY_CAST(num::BIGINT - $base + 1 AS INTEGER) END AS cited_rank,
       CASE WHEN TRY_CAST(num::BIGINT - $base + 1 AS INTEGER) BETWEEN 1 AND len(u.urls) THEN u.urls[num - $base + 1] END
           AS cited_title,
       NULL::INTEGER AS cited_page, NULL::VARCHAR AS cited_doc, NULL::VARCHAR AS cited_chunk, NULL::VARCHAR AS json_claim
FROM numeric_cites LEFT JOIN url_lists u USING (answer_id)
UNION ALL
-- [Document: X, Page 3], or several in one bracket ([Document: A, Page 1; Document: B, Page 2]: each its own citation)
SELECT answer_id, marker_ord, ref_ord, marker, char_start, char_end, 'document_page',
       unquoted(name) || CASE WHEN last_page = ''
                              THEN ', page ' || translate(page, $wide_from, $wide_to)
                              -- a range of pages (`Pages 2-3`): resolve.sql reads its last page from here
                              ELSE ', pages ' || translate(page, $wide_from, $wide_to) || '-'
                                   || translate(last_page, $wide_from, $wide_to) END,
       NULL, unquoted(name), TRY_CAST(translate(page, $wide_from, $wide_to) AS INTEGER), NULL, NULL, NULL
FROM (SELECT answer_id, marker_ord, marker, char_start, char_end, generate_subscripts(names, 1) - 1 AS ref_ord,
             unnest(names) AS name, unnest(pages) AS page, coalesce(unnest(last_pages), '') AS last_page
      FROM (SELECT *, CASE WHEN regexp_full_match(marker, $dp_list) THEN regexp_extract_all(marker, $dp_ref, 1)
                           ELSE [regexp_extract(marker, $dp, 1)] END AS names,
                      CASE WHEN regexp_full_match(marker, $dp_list) THEN regexp_extract_all(marker, $dp_ref, 2)
                           ELSE [regexp_extract(marker, $dp, 2)] END AS pages,
                      CASE WHEN regexp_full_match(marker, $dp_list) THEN regexp_extract_all(marker, $dp_ref, 3)
                           ELSE [regexp_extract(marker, $dp, 3)] END AS last_pages
            FROM markers WHERE regexp_full_match(marker, $dp)))
UNION ALL
-- [citation:d1:c1], or several in one bracket ([citation:d1:c1, citation:d2:c2]: each its own citation, as [1, 2])
SELECT answer_id, marker_ord, ref_ord, marker, char_start, char_end, 'doc_chunk', doc || ':' || chunk, NULL, NULL, NULL,
       doc, chunk, NULL
FROM (SELECT answer_id, marker_ord, marker, char_start, char_end,
             unnest(docs) AS doc, unnest(chunks) AS chunk, generate_subscripts(docs, 1) AS ref_ord
      FROM (SELECT *, CASE WHEN regexp_full_match(marker, $dc_list) THEN regexp_extract_all(marker, $dc_ref, 1)
                           ELSE [regexp_extract(marker, $dc, 1)] END AS docs,
                      CASE WHEN regexp_full_match(marker, $dc_list) THEN regexp_extract_all(marker, $dc_ref, 2)
                           ELSE [regexp_extract(marker, $dc, 2)] END AS chunks
            FROM markers WHERE regexp_full_match(marker, $dc)))
UNION ALL
-- 【4:0†Refund Policy.pdf】: the file's name is its title; `source`, lines alone (`【12†L1-L3】`) or nothing names no
-- file (NULL cited_title); nor does ChatGPT's private-use mark (its ref the mark's words, `cite turn0search0`)
SELECT answer_id, marker_ord, 0, marker, char_start, char_end, 'file_search',
       coalesce(nullif(regexp_extract(marker, $fs, 1), ''), trim(regexp_replace(marker, '[\x{e200}-\x{e202}]+', ' ', 'g'))),
       NULL,
       CASE WHEN lower(regexp_extract(marker, $fs, 1)) NOT IN ('', 'source')
                 AND NOT regexp_full_match(regexp_extract(marker, $fs, 1), $fs_lines)
            THEN regexp_extract(marker, $fs, 1) END,
       NULL, NULL, NULL, NULL
FROM markers WHERE regexp_full_match(marker, $fs)
UNION ALL
-- [Source: Refund Policy.pdf]: the document named (as file_search); numeric and document_page markers are matched first
SELECT answer_id, marker_ord, 0, marker, char_start, char_end, 'document',
       name, NULL, name, NULL, NULL, NULL, NULL
-- (group 1 the name after a label, group 2 a file's name alone: `[Refund Policy.pdf]`)
FROM (SELECT *, unquoted(coalesce(nullif(regexp_extract(marker, $doc, 1), ''), regexp_extract(marker, $doc, 2))) AS name
      FROM markers WHERE regexp_full_match(marker, $doc) AND NOT regexp_full_match(marker, $num)
        AND NOT regexp_full_match(marker, $dp) AND NOT regexp_full_match(marker, $dc)
        AND NOT regexp_full_match(marker, $fs))
UNION ALL
-- ([x.org](https://x.org/a)), [Refund Policy](kb_doc_12): the document the link's target names (url, doc_id or title)
SELECT answer_id, marker_ord, 0, marker, char_start, char_end, 'link', target, NULL, target, NULL, NULL, NULL, NULL
-- (in a lambda, groups 1 and 2 in one call: $link compiled about three times, not nine; see `marked` in `texts`)
FROM (SELECT *, coalesce(nullif(link.url, ''), link.name) AS target
      FROM (SELECT *, list_transform([marker], lambda m: CASE WHEN regexp_full_match(m, $link)
                                                    THEN regexp_extract(m, $link, ['url', 'name']) END)[1] AS link
            FROM markers)
      WHERE link IS NOT NULL)
UNION ALL
-- [^refund-policy]: the source its definition names (NULL cited_title: never defined)
SELECT m.answer_id, m.marker_ord, 0, m.marker, m.char_start, m.char_end, 'named_footnote',
       regexp_extract(m.marker, $nf, 1), NULL, d.value, NULL, NULL, NULL, NULL
FROM markers m LEFT JOIN footnote_defs d
    ON d.answer_id = m.answer_id AND d.label = lower(regexp_extract(m.marker, $nf, 1))
WHERE regexp_full_match(m.marker, $nf)
UNION ALL
-- JSON "citations" entries the answer text does not already cite inline
-- (a position's rank reckoned in BIGINT: -2147483648 - 1, or an inline 2147483647 + 1, overflowed INT32 and failed the
-- whole run; a rank beyond int32 is NULL, a fabricated citation like any position that is none)
SELECT s.answer_id, 1000000 + s.idx, 0, s.citations_key || '[' || (s.idx - 1) || ']', NULL, NULL, 'structured',
       coalesce(CAST(s.num AS VARCHAR), s.name, s.raw), TRY_CAST(s.num::BIGINT - $base + 1 AS INTEGER), s.name, NULL,
       NULL, NULL, NULL
FROM structured_flat s
WHERE s.answer_id NOT IN (SELECT answer_id FROM url_lists) AND (s.num IS NULL OR NOT EXISTS (
    SELECT 1 FROM numeric_cites n WHERE n.answer_id = s.answer_id AND n.num = s.num))
UNION ALL
SELECT answer_id, 2000000 + idx, 0, 'inline_citations[' || (idx - 1) || ']',
       CAST(claim_pos AS INTEGER), CAST(claim_pos + length(claim) AS INTEGER), 'structured',
       coalesce(CAST(source_index AS VARCHAR), raw), TRY_CAST(source_index::BIGINT + 1 AS INTEGER), NULL, NULL, NULL, NULL, claim
FROM inline_cites;

-- citation objects: `citations` items that are objects (document_id + chunk_index, or document_name +
-- page_number, with text_span, claim_text, citation_type, confidence_score). A field that is present but unusable
-- for resolution makes that one citation malformed (`malformed` names the field); JSON null counts as absent.
CREATE OR REPLACE TEMP TABLE citation_objects AS
WITH lists AS (
    SELECT answer_id, citations_key, shaped, json_extract(json_doc, '$.citations[*]') AS items FROM texts
    WHERE has_citation_objects
), flat AS (
    SELECT answer_id, citations_key, shaped, unnest(items) AS item, generate_subscripts(items, 1) AS idx FROM lists
), named AS (
    -- each field under the first of its names the item holds, not null ($on_<field>: the registry's
    -- CITATION_OBJECT_NAMES, the retrieved context's own `doc_id`, `title`, `page`, `url` among them)
    SELECT answer_id, citations_key, idx,
           -- a citation of another system's format that could not be read names its field (audit.extract.shapes):
           -- the logged item is what it cites
           CASE WHEN shaped AND json_type(item, '$.citeaudit_malformed') = 'VARCHAR'
                THEN json_extract_string(item, '$.citeaudit_malformed') END AS shape_malformed,
           CASE WHEN shaped AND json_type(item, '$.citeaudit_malformed') = 'VARCHAR'
                THEN json_extract(item, '$.raw') ELSE item END AS logged_item,
           -- the position a generated document id stands for (Cohere's `doc_0`: audit.extract.shapes.POSITION)
           CASE WHEN shaped AND json_type(item, '$.citeaudit_position') IN ('BIGINT', 'UBIGINT')
                THEN TRY_CAST(json_extract(item, '$.citeaudit_position') AS BIGINT) END AS generated_position,
           -- one field given under two of its names with other values (`document_id` "a" beside `doc_id` "b"):
           -- which was meant is unknown, so it is malformed naming both ($conflict_groups), never the first taken
           list_filter(list_transform($conflict_groups, lambda g: field_conflict(item, g)), lambda x: x IS NOT NULL)[1]
               AS conflict,
           item,
           CASE WHEN json_type(item) = 'OBJECT' THEN json_object(
               -- an `id` is the document_id when neither a document_id nor a document_name is given (by_ref)
               'document_id', coalesce(object_field(item, $on_document_id),
                                       CASE WHEN object_field(item, $on_document_name) IS NULL
                                            THEN object_field(item, $on_id) END),
               'by_ref', object_field(item, $on_document_id) IS NULL AND object_field(item, $on_document_name) IS NULL
                         AND object_field(item, $on_id) IS NOT NULL,
               'source_index', object_field(item, $on_source_index),
               -- a chunk_index written as a chunk's id, `"c1"`, `"chunk-7"` (a letter and a digit), beside no
               -- chunk_id, is that chunk_id: it was malformed_citation:chunk_index (fabricated) however right
               'chunk_index', CASE WHEN NOT chunk_index_named(item, $on_chunk_index, $on_chunk_id)
                                   THEN object_field(item, $on_chunk_index) END,
               'chunk_id', CASE WHEN chunk_index_named(item, $on_chunk_index, $on_chunk_id)
                                THEN object_field(item, $on_chunk_index) ELSE object_field(item, $on_chunk_id) END,
               'document_name', object_field(item, $on_document_name),
               'page_number', object_field(item, $on_page_number),
               'text_span', object_field(item, $on_text_span),
               'claim_text', object_field(item, $on_claim_text),
               'citation_type', object_field(item, $on_citation_type),
               'confidence_score', object_field(item, $on_confidence_score))
           END AS norm
    FROM flat
), fields AS (
    SELECT answer_id, citations_key, idx, item, shape_malformed, logged_item, conflict, generated_position,
           json_type(item) AS item_type,
           -- an id written as a whole float (12.0, 1.2e1: pandas writes an integer id column holding a null so) is
           -- that integer's digits, up to 15 of them (a double holds those exactly); 12.5 stays malformed
           CASE WHEN json_type(norm, '$.document_id') = 'DOUBLE'
                     AND regexp_full_match(json_extract_string(norm, '$.document_id'), '-?\d{1,15}\.0')
                THEN 'BIGINT' ELSE json_type(norm, '$.document_id') END AS id_type,
           CASE WHEN json_type(norm, '$.document_id') = 'DOUBLE'
                THEN regexp_replace(json_extract_string(norm, '$.document_id'), '^(-?\d{1,15})\.0$', '\1')
                ELSE trim(json_extract_string(norm, '$.document_id')) END AS document_id,
           -- a whole float (0.0: pandas writes an integer column holding a null so) is that integer; 0.5 stays
           json_type(norm, '$.chunk_index') AS index_type,
           CASE WHEN json_type(norm, '$.chunk_index') = 'DOUBLE'
                THEN regexp_replace(json_extract_string(norm, '$.chunk_index'), '^(\d+)\.0$', '\1')
                ELSE trim(json_extract_string(norm, '$.chunk_index')) END AS index_raw,
           coalesce(json_extract(norm, '$.by_ref')::BOOLEAN, false) AS by_ref,
           json_type(norm, '$.source_index') AS sidx_type,
           CASE WHEN json_type(norm, '$.source_index') = 'DOUBLE'
                THEN regexp_replace(json_extract_string(norm, '$.source_index'), '^(\d+)\.0$', '\1')
                ELSE trim(json_extract_string(norm, '$.source_index')) END AS sidx_raw,
           -- a chunk's id: a string, or an integer as its digits
           json_type(norm, '$.chunk_id') AS chunk_type,
           CASE WHEN json_type(norm, '$.chunk_id') = 'DOUBLE'
                THEN regexp_replace(json_extract_string(norm, '$.chunk_id'), '^(-?\d{1,15})\.0$', '\1')
                ELSE trim(json_extract_string(norm, '$.chunk_id')) END AS chunk_raw,
           json_type(norm, '$.document_name') AS name_type,
           trim(json_extract_string(norm, '$.document_name')) AS document_name,
           json_type(norm, '$.page_number') AS page_type,
           CASE WHEN json_type(norm, '$.page_number') = 'DOUBLE'
                THEN regexp_replace(json_extract_string(norm, '$.page_number'), '^(\d+)\.0$', '\1')
                ELSE trim(json_extract_string(norm, '$.page_number')) END AS page_raw,
           CASE WHEN json_type(norm, '$.text_span') = 'VARCHAR' THEN json_extract_string(norm, '$.text_span') END AS quote,
           CASE WHEN json_type(norm, '$.claim_text') = 'VARCHAR' THEN json_extract_string(norm, '$.claim_text') END
               AS claim_text,
           CASE WHEN json_type(norm, '$.citation_type') = 'VARCHAR'
                THEN nullif(trim(json_extract_string(norm, '$.citation_type')), '') END AS claimed_type,
           json_extract(norm, '$.confidence_score')::VARCHAR AS confidence_raw,
           -- the texts the audit reads must be strings: an object, list, number or bool was ignored (a text_span
           -- object skipped the quote check, and the citation came out verified)
           CASE WHEN json_type(norm, '$.text_span') NOT IN ('VARCHAR', 'NULL') THEN 'text_span'
                WHEN json_type(norm, '$.claim_text') NOT IN ('VARCHAR', 'NULL') THEN 'claim_text'
                WHEN json_type(norm, '$.citation_type') NOT IN ('VARCHAR', 'NULL') THEN 'citation_type'
           END AS text_malformed
    FROM named
), checked AS (
    SELECT *,
           coalesce(id_type NOT IN ('NULL') AND NOT (id_type = 'VARCHAR' AND document_id = ''), false) AS id_given,
           coalesce(id_type IN ('VARCHAR', 'BIGINT', 'UBIGINT') AND document_id <> '', false) AS id_ok,
           coalesce(index_type <> 'NULL', false) AS index_given,
           coalesce(index_type IN ('VARCHAR', 'BIGINT', 'UBIGINT', 'DOUBLE') AND regexp_full_match(index_raw, '\d{1,9}'),
                    false)
               AS index_ok,
           coalesce(sidx_type <> 'NULL', false) AS sidx_given,
           coalesce(sidx_type IN ('VARCHAR', 'BIGINT', 'UBIGINT', 'DOUBLE') AND regexp_full_match(sidx_raw, '\d{1,9}'), false)
               AS sidx_ok,
           coalesce(chunk_type <> 'NULL' AND NOT (chunk_type = 'VARCHAR' AND chunk_raw = ''), false) AS chunk_given,
           coalesce(chunk_type IN ('VARCHAR', 'BIGINT', 'UBIGINT') AND chunk_raw <> ''
                    OR chunk_type = 'DOUBLE' AND regexp_full_match(chunk_raw, '-?\d{1,15}'), false) AS chunk_ok,
           coalesce(name_type <> 'NULL' AND NOT (name_type = 'VARCHAR' AND document_name = ''), false) AS name_given,
           coalesce(name_type = 'VARCHAR' AND document_name <> '', false) AS name_ok,
           coalesce(page_type <> 'NULL', false) AS page_given,
           coalesce(page_type IN ('VARCHAR', 'BIGINT', 'UBIGINT', 'DOUBLE') AND regexp_full_match(page_raw, '\d{1,6}'),
                    false)
               AS page_ok
    FROM fields
), judged AS (
    -- by id: chunk_index, else page_number, else the document; by name: page_number, else chunk_index, else the document.
    -- A name or page given beside an id and chunk is checked against them (resolve.sql), so one that cannot be read
    -- is malformed too: it was dropped, and the citation verified whatever page or document it sent the reader to
    SELECT *, index_ok AND (id_ok OR NOT page_ok) AS by_index,
           -- a chunk_id beside no chunk_index: that chunk of the document (by id or name)
           chunk_ok AND NOT index_given AS by_chunk,
           coalesce(shape_malformed, CASE
               WHEN item_type <> 'OBJECT' THEN 'not_an_object'
               WHEN conflict IS NOT NULL THEN conflict
               WHEN id_given AND NOT id_ok THEN 'document_id'
               WHEN name_given AND NOT name_ok THEN 'document_name'
               -- a source_index alone: a position (nothing else to check)
               WHEN NOT id_ok AND NOT name_ok AND sidx_given THEN CASE WHEN NOT sidx_ok THEN 'source_index' END
               WHEN NOT id_ok AND NOT name_ok THEN 'document_id'
               WHEN index_given AND NOT index_ok AND (id_ok OR NOT page_ok) THEN 'chunk_index'
               WHEN chunk_given AND NOT chunk_ok AND NOT index_given THEN 'chunk_id'
               WHEN page_given AND NOT page_ok THEN 'page_number'
           END, text_malformed) AS malformed
    FROM checked
)
SELECT answer_id, 3000000 + idx AS marker_ord, 0 AS sub_ord, citations_key || '[' || (idx - 1) || ']' AS marker,
       NULL::INTEGER AS char_start, NULL::INTEGER AS char_end, 'citation_object' AS dialect,
       CASE
           WHEN malformed IS NOT NULL THEN left(logged_item::VARCHAR, 200)
           WHEN NOT id_ok AND NOT name_ok THEN sidx_raw
           WHEN by_index THEN CASE WHEN id_ok THEN document_id ELSE document_name END || ':' || index_raw
           WHEN by_chunk THEN CASE WHEN id_ok THEN document_id ELSE document_name END || ':' || chunk_raw
           WHEN page_ok THEN CASE WHEN id_ok THEN document_id ELSE document_name END || ', page ' || page_raw
           WHEN id_ok THEN document_id
           ELSE document_name
       END AS cited_ref,
       -- a position: a source_index (0-based), or an id that may be one (resolve.sql: when no document has that id)
       CASE WHEN malformed IS NULL AND NOT id_ok AND NOT name_ok THEN TRY_CAST(sidx_raw::BIGINT + 1 AS INTEGER)
            WHEN malformed IS NULL AND generated_position IS NOT NULL THEN TRY_CAST(generated_position + 1 AS INTEGER)
            WHEN malformed IS NULL AND by_ref AND regexp_full_match(document_id, '\d{1,9}')
                THEN TRY_CAST(document_id::BIGINT - $base + 1 AS INTEGER) END AS cited_rank,
       -- with a document_id too, the name must be that document's (resolve.sql)
       CASE WHEN malformed IS NULL AND name_ok THEN document_name END AS cited_title,
       -- with a chunk_index too, the page must be the chunk's (resolve.sql)
       CASE WHEN malformed IS NULL AND page_ok THEN CAST(page_raw AS INTEGER) END AS cited_page,
       CASE WHEN malformed IS NULL AND id_ok THEN document_id END AS cited_doc,
       CASE WHEN malformed IS NULL AND by_chunk THEN chunk_raw END AS cited_chunk,
       claim_text AS json_claim,
       CASE WHEN malformed IS NULL AND by_index THEN CAST(index_raw AS INTEGER) END AS cited_index,
       malformed, quote, claimed_type, confidence_raw
FROM judged;

CREATE OR REPLACE TEMP TABLE citations AS
SELECT CAST(row_number() OVER (PARTITION BY answer_id ORDER BY marker_ord, sub_ord) AS INTEGER) AS citation_ord, *
FROM (SELECT * FROM citations_raw UNION ALL BY NAME SELECT * FROM citation_objects);

-- JSON citation entries that name no usable position, with the field to blame (for `reasons`; they resolve as
-- index_out_of_range through their NULL cited_rank)
CREATE OR REPLACE TEMP TABLE invalid_refs AS
SELECT answer_id, citation_ord, marker,
       'invalid_citation_ref:' || marker || CASE WHEN starts_with(marker, 'inline_') THEN '.source_index' ELSE '' END
           AS reason
-- (a text marker numbering a url list past its end is index_out_of_range, as a position past the contexts)
FROM citations WHERE dialect = 'structured' AND cited_rank IS NULL AND cited_title IS NULL AND marker_ord >= 1000000;
