-- an answer too large to audit in bounded time and memory: its text longer than `[run] max_answer_chars`, its
-- contexts' texts together longer than `[run] max_contexts_chars` (one 50 MB context took 2 minutes and 2 GB for its
-- single answer, and a batch holds many answers), or more contexts than `[run] max_contexts_per_answer` (100,000
-- short ones, 3.4 MB, took 253 s and 1.4 GB: each is analysed against a claim). It is quarantined naming the size
-- and the key, and the run goes on.
CREATE OR REPLACE TEMP TABLE oversized AS
WITH sized AS (
    SELECT a.answer_id, a.source_file, a.row_no, a.logged_at, length(a.answer) AS answer_chars,
           coalesce(c.chars, 0) AS context_chars, coalesce(c.n, 0) AS contexts
    FROM answers_ok a LEFT JOIN (SELECT answer_id, sum(length(text)) AS chars, count(*) AS n FROM ctx GROUP BY answer_id) c
        USING (answer_id)
)
SELECT answer_id, source_file, row_no, logged_at,
       CASE WHEN answer_chars > $max_answer_chars THEN 'answer' ELSE 'contexts' END AS field,
       CASE WHEN answer_chars > $max_answer_chars
            THEN format('answer has {:,} characters, more than [run] max_answer_chars ({:,})', answer_chars,
                        $max_answer_chars)
            WHEN context_chars > $max_contexts_chars
            THEN format('contexts hold {:,} characters of text, more than [run] max_contexts_chars ({:,})',
                        context_chars, $max_contexts_chars)
            ELSE format('answer has {:,} contexts, more than [run] max_contexts_per_answer ({:,})', contexts,
                        $max_contexts_per_answer)
       END || ': too large to audit in bounded time and memory (raise the limit to audit it)' AS reason
FROM sized
WHERE answer_chars > $max_answer_chars OR context_chars > $max_contexts_chars OR contexts > $max_contexts_per_answer;

INSERT INTO quarantined
SELECT source_file, source_file || ':' || row_no, answer_id, logged_at, field, reason FROM oversized;

DELETE FROM answers_ok WHERE answer_id IN (SELECT answer_id FROM oversized);
DELETE FROM ctx WHERE answer_id IN (SELECT answer_id FROM oversized);
DROP TABLE oversized;
