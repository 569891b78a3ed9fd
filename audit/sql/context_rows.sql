-- a row of a separate contexts table that is broken (text that is no UTF-8, found by audit.encoding; a rank that is
-- no position, NULL or beyond int32): the answer it belongs to cannot be audited against that context, so it is
-- quarantined with the row's reason (the table's file, row and field) and the run goes on
CREATE OR REPLACE TEMP TABLE ctx_unreadable AS
SELECT answer_id, min(unreadable_reason) AS reason  -- one of its broken rows (rank may be NULL)
FROM ctx WHERE unreadable_reason IS NOT NULL GROUP BY answer_id;

INSERT INTO quarantined
SELECT a.source_file, a.source_file || ':' || a.row_no, a.answer_id, a.logged_at, 'contexts', c.reason
FROM answers_ok a JOIN ctx_unreadable c USING (answer_id);

DELETE FROM answers_ok WHERE answer_id IN (SELECT answer_id FROM ctx_unreadable);
DELETE FROM ctx WHERE answer_id IN (SELECT answer_id FROM ctx_unreadable);
DROP TABLE ctx_unreadable;
