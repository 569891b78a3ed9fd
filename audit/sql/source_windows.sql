-- every assessed citation (`cite_rows`) with a window of its cited source's text around the evidence span, so a
-- reviewer (and an auditor reading the export) sees the span in context without the logs. Unverified citations
-- only: verified rows keep NULL, which bounds the size of the file. The window reaches getvariable('window_chars')
-- characters either side of the span; offsets are in characters, like the evidence offsets.
SELECT c.* REPLACE (
    CAST(CASE WHEN c.verdict <> 'verified' AND c.evidence_start IS NOT NULL AND x.text IS NOT NULL
         THEN greatest(c.evidence_start - getvariable('window_chars'), 0) END AS INTEGER) AS source_window_start,
    CASE WHEN c.verdict <> 'verified' AND c.evidence_start IS NOT NULL AND x.text IS NOT NULL
         THEN substr(x.text, greatest(c.evidence_start - getvariable('window_chars'), 0) + 1,
                     c.evidence_end - greatest(c.evidence_start - getvariable('window_chars'), 0)
                     + getvariable('window_chars')) END AS source_window
)
FROM cite_rows c
LEFT JOIN (SELECT answer_id, rank, any_value(text) AS text FROM ctx GROUP BY ALL) x
    ON x.answer_id = c.answer_id AND x.rank = c.context_rank
ORDER BY c.answer_id, c.citation_ord
