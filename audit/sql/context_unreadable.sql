-- a row of a separate contexts table holding text that is no UTF-8 (found and named by audit.encoding): the answer
-- it belongs to cannot be audited against that context, so it is quarantined with the row's reason (its file, row
-- and field) and the run goes on
CREATE OR REPLACE TEMP TABLE ctx_unreadable AS
SELECT answer_id, arg_min(unreadable_reason, rank) AS reason
FROM ctx WHERE unreadable_reason IS NOT NULL GROUP BY answer_id;

INSERT INTO quarantined
SELECT a.source_file, a.source_file || ':' || a.row_no, a.answer_id, a.logged_at, 'contexts', c.reason
FROM answers_ok a JOIN ctx_unreadable c USING (answer_id);

DELETE FROM answers_ok WHERE answer_id IN (SELECT answer_id FROM ctx_unreadable);
DELETE FROM ctx WHERE answer_id IN (SELECT answer_id FROM ctx_unreadable);
DROP TABLE ctx_unreadable;
