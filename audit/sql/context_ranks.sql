-- a separate contexts table (`ctx`) may give one rank of an answer more than once. The same context twice counts
-- once; different contexts at one rank leave unknown which one a marker cited (each marker citing it came out once
-- per context, verified against whichever text the join met first): the answer is quarantined, naming the rank and
-- the contexts' ids, and the run goes on. A context list in the answers file numbers its contexts by position.
CREATE OR REPLACE TEMP TABLE ctx AS SELECT DISTINCT * FROM ctx;

CREATE OR REPLACE TEMP TABLE ctx_conflicts AS
SELECT answer_id, count(*) AS ranks, min(rank) AS rank, arg_min(rows, rank) AS rows, arg_min(ids, rank) AS ids
FROM (
    SELECT answer_id, rank, count(*) AS rows,
           list_sort(list(DISTINCT coalesce(doc_id, 'NULL') || '/' || coalesce(chunk_id, 'NULL'))) AS ids
    FROM ctx GROUP BY answer_id, rank HAVING count(*) > 1
) GROUP BY answer_id;

INSERT INTO quarantined
SELECT a.source_file, a.source_file || ':' || a.row_no, a.answer_id, a.logged_at, 'contexts',
       'the contexts table gives rank ' || c.rank || ' of this answer to ' || c.rows
       || ' different contexts (doc_id/chunk_id ' || array_to_string(c.ids, ', ') || ')'
       || CASE WHEN c.ranks > 1 THEN ', and ' || (c.ranks - 1) || ' more ranks likewise' ELSE '' END
       || ': which one a marker cites is unknown'
FROM answers_ok a JOIN ctx_conflicts c USING (answer_id);

DELETE FROM answers_ok WHERE answer_id IN (SELECT answer_id FROM ctx_conflicts);
DELETE FROM ctx WHERE answer_id IN (SELECT answer_id FROM ctx_conflicts);
DROP TABLE ctx_conflicts;
