-- per-answer integrity from the assessed citations (`cite_rows`) and sentence counts (`stat_rows`).
-- ALCE citation recall / precision (Gao et al. 2023) with citeaudit's verdicts in place of the NLI model: a
-- statement is the claim its citations carry (one sentence for inline markers); its citations jointly support it
-- when at least one of them is `verified`, alone or jointly with its co-cited sources (`joint_support:[...]`,
-- audit/verify/joint.py: every clause of the claim verified by one of its cited sources alone, standing in for
-- ALCE's concatenation), and none is fabricated (ALCE scores a sentence citing a passage that does not exist as
-- unsupported).
-- `claim_units` (audit/assess.py, not stored): the answer sentences each citation's claim lies in ("i,j,..."), and
-- whether the claim is a statement at all (`statement`: not padding such as a bullet, a stray bracket, "Sources:").
-- parameters: getvariable('green'), getvariable('yellow') (integrity thresholds), getvariable('min_coverage'), getvariable('prefix') (policy rules),
-- getvariable('overconfident_at'), getvariable('overconfident_gap') (the `overconfident` flag).
CREATE OR REPLACE TEMP TABLE answer_rows AS
WITH cites AS (
    SELECT c.*, u.claim_sentences, coalesce(u.statement, true) AS statement
    FROM cite_rows c LEFT JOIN claim_units u USING (answer_id, citation_ord)
), per_answer AS (
    SELECT answer_id,
           count(*) AS n_citations,
           count(*) FILTER (WHERE verdict = 'verified') AS n_verified,
           count(*) FILTER (WHERE verdict = 'weak') AS n_weak,
           count(*) FILTER (WHERE verdict = 'unsupported') AS n_unsupported,
           count(*) FILTER (WHERE verdict = 'fabricated') AS n_fabricated,
           count(*) FILTER (WHERE verdict = 'misattributed') AS n_misattributed
    FROM cites GROUP BY answer_id
), statements AS (
    SELECT answer_id, claim, claim_sentences, bool_and(statement) AS statement,
           bool_or(verdict = 'verified') AND NOT bool_or(verdict = 'fabricated') AS supported,
           count(*) FILTER (WHERE verdict = 'verified') AS n_verified,
           avg(CAST(verdict = 'verified' AS DOUBLE)) AS verified_share
    FROM cites GROUP BY answer_id, claim_start, claim_end, claim, claim_sentences
), sentence_claims AS (
    -- each claim in each answer sentence it lies in; the claims located nowhere under NULL
    SELECT answer_id, verified_share,
           unnest(CASE WHEN claim_sentences IS NULL THEN [NULL::INTEGER]
                       ELSE CAST(string_split(claim_sentences, ',') AS INTEGER[]) END) AS sentence_idx
    FROM statements
), sentence_scores AS (
    -- citation integrity weighs each cited answer sentence once, by its lowest-scoring claim, a claim by the share of
    -- its citations verified: ten quotes or sources piled on one right claim, ten overlapping claim_text fragments or
    -- clauses of one right sentence made a wrong claim beside them GREEN (10 of 11 verified); a sentence's claims
    -- cannot lift it above its worst-backed one. A claim spanning several sentences (the whole answer) weighs in each
    -- of them: as a unit of its own ("0-1", "0-2", "1-3" ...), every run of four right sentences as a claim_text
    -- made the wrong fifth GREEN (10 of 11; 4/5 with one claim a sentence). The claims located nowhere
    -- (claim_not_in_answer: a claim_text the answer does not make) back no sentence we can name: together they are
    -- one unit, their mean share (ten source sentences as claim_texts had made the answer's one wrong claim GREEN; an
    -- answer whose every claim_text is a paraphrase keeps verified / citations)
    SELECT answer_id,
           CASE WHEN sentence_idx IS NULL THEN avg(verified_share) ELSE min(verified_share) END AS sentence_share
    FROM sentence_claims GROUP BY answer_id, sentence_idx
), integrity AS (
    SELECT answer_id, avg(sentence_share) AS citation_integrity FROM sentence_scores GROUP BY answer_id
), alce AS (
    -- ALCE's "needed" test keeps the verified citations of a supported statement: one verified alone supports it
    -- alone; one verified jointly verifies a clause of it (verdict.jointly_verified: no co-cited source verifies the
    -- claim alone, nor does one verify every clause), needed unless a co-cited source verifies that clause too; one
    -- not verified is either not needed (a sibling verifies without it, or it verifies no clause) or says otherwise
    -- than the claim. A claim
    -- that is only padding (a lone marker, a bullet, a stray bracket or quote, "Sources:": `empty_claim`) is no
    -- statement, as it is no uncited claim: it halved a fully supported answer's recall (never supported, its
    -- citations are never precise, so precision is the same either way)
    SELECT answer_id,
           count(*) FILTER (WHERE statement) AS n_statements,
           count(*) FILTER (WHERE statement AND supported) AS n_supported_statements,
           coalesce(sum(n_verified) FILTER (WHERE supported), 0) AS n_precise_citations
    FROM statements GROUP BY answer_id
), unread AS (
    -- optional values that are no whole number in int32 (a page of "three" or 3.5, never rounded): NULL, named here
    SELECT answer_id, list('context_page_not_an_integer:' || rank || ':' || page_raw ORDER BY rank) AS unread_flags
    FROM ctx WHERE page_raw IS NOT NULL GROUP BY answer_id
), zero_ranked AS (
    -- contexts ranked from 0 (a 0-based logger's contexts table): ranks are 1-based and `[1]` cites rank 1, so rank 0
    -- can be cited by no marker and every [n] may read one place off; flagged, the audit is not changed
    SELECT DISTINCT answer_id FROM ctx WHERE rank = 0
), list_names AS (
    -- a closing list's line naming, at a marker's position, another retrieved source than the context at that rank
    -- (by title with or without its extension, doc_id or url; extract.sql's `reference_entries`): the reader is
    -- shown one source, the audit checks the rank's. The rank stays what is checked; the answer is flagged
    SELECT e.answer_id, list(DISTINCT 'reference_list_names_other_source:' || e.rank) AS list_flags
    FROM reference_entries e JOIN ctx o ON o.answer_id = e.answer_id
    WHERE e.rank IS NOT NULL
      AND list_has_any(e.names, [lower(trim(o.title)), lower(regexp_replace(trim(o.title), '\.[A-Za-z][A-Za-z0-9]{0,4}$', '')),
                                 lower(trim(o.doc_id)), lower(trim(o.url))])
      AND NOT EXISTS (
          SELECT 1 FROM ctx c WHERE c.answer_id = e.answer_id AND c.rank = e.rank
            AND list_has_any(e.names, [lower(trim(c.title)),
                                       lower(regexp_replace(trim(c.title), '\.[A-Za-z][A-Za-z0-9]{0,4}$', '')),
                                       lower(trim(c.doc_id)), lower(trim(c.url))]))
    GROUP BY e.answer_id
), joined AS (
    SELECT a.answer_id, a.conversation_id, a.turn_index,
           list_filter(['turn_index_not_an_integer:' || a.turn_index_raw,
                        CASE WHEN r.ref_start IS NOT NULL THEN 'reference_list' END,
                        CASE WHEN z.answer_id IS NOT NULL THEN 'context_rank_0_not_citable' END,
                        CASE WHEN t.surrogates_replaced THEN 'lone_surrogate_replaced' END,
                        CASE WHEN t.literal_read THEN 'python_literal_read' END], lambda f: f IS NOT NULL)
               || coalesce(u.unread_flags, []) || coalesce(l.list_flags, []) AS unread_flags, a.logged_at, a.tenant, a.model,
           a.source_file, t.answer_text, a.answer,
           s.n_sentences, s.n_claims, s.n_cited_sentences, s.n_uncited_claims,
           s.claimed_confidence, s.missing_information, s.self_report_flags,
           coalesce(p.n_citations, 0) AS n_citations, coalesce(p.n_verified, 0) AS n_verified,
           coalesce(p.n_weak, 0) AS n_weak, coalesce(p.n_unsupported, 0) AS n_unsupported,
           coalesce(p.n_fabricated, 0) AS n_fabricated, coalesce(p.n_misattributed, 0) AS n_misattributed,
           coalesce(x.n_statements, 0) + s.n_uncited_claims AS n_statements,
           coalesce(x.n_supported_statements, 0) AS n_supported_statements,
           coalesce(x.n_precise_citations, 0) AS n_precise_citations,
           i.citation_integrity,
           t.structured, t.tagged_prose, t.structured_parse_failed, coalesce(t.citation_shape_flags, []) AS citation_shape_flags
    FROM answers_ok a
    JOIN texts t USING (answer_id)
    JOIN stat_rows s USING (answer_id)
    LEFT JOIN per_answer p USING (answer_id)
    LEFT JOIN alce x USING (answer_id)
    LEFT JOIN integrity i USING (answer_id)
    LEFT JOIN unread u USING (answer_id)
    LEFT JOIN reference_lists r USING (answer_id)
    LEFT JOIN zero_ranked z USING (answer_id)
    LEFT JOIN list_names l USING (answer_id)
), scored AS (
    SELECT *,
           n_cited_sentences / nullif(n_claims, 0) AS coverage,
           n_citations / nullif(n_sentences, 0) AS density,
           n_supported_statements / nullif(n_statements, 0) AS citation_recall,
           n_precise_citations / nullif(n_citations, 0) AS citation_precision
    FROM joined
)
SELECT answer_id, conversation_id, turn_index, logged_at, tenant, model, source_file, answer_text,
       CAST(n_sentences AS INTEGER) AS n_sentences, CAST(n_claims AS INTEGER) AS n_claims,
       CAST(n_cited_sentences AS INTEGER) AS n_cited_sentences, CAST(n_citations AS INTEGER) AS n_citations,
       CAST(n_verified AS INTEGER) AS n_verified, CAST(n_weak AS INTEGER) AS n_weak,
       CAST(n_unsupported AS INTEGER) AS n_unsupported, CAST(n_fabricated AS INTEGER) AS n_fabricated,
       CAST(n_misattributed AS INTEGER) AS n_misattributed, CAST(n_uncited_claims AS INTEGER) AS n_uncited_claims,
       citation_integrity, coverage, density,
       CAST(n_statements AS INTEGER) AS n_statements, CAST(n_supported_statements AS INTEGER) AS n_supported_statements,
       citation_recall, citation_precision,
       CASE
           WHEN n_fabricated > 0 OR structured_parse_failed OR len(citation_shape_flags) > 0 THEN 'RED'
           WHEN citation_integrity IS NULL AND n_claims > 0 THEN 'YELLOW'
           WHEN citation_integrity IS NULL THEN 'GREEN'
           -- claims and not one of them cited (the citations back claim_texts the answer does not make): never GREEN
           WHEN citation_integrity >= getvariable('green') AND coalesce(coverage, 1) >= getvariable('min_coverage')
                AND coalesce(coverage, 1) > 0 THEN 'GREEN'
           WHEN citation_integrity >= getvariable('yellow') THEN 'YELLOW'
           ELSE 'RED'
       END AS level,
       structured AND NOT tagged_prose AS structured_output, structured_parse_failed,
       list_filter([
           CASE WHEN structured_parse_failed THEN 'structured_parse_failed' END,
           CASE WHEN coalesce(coverage, 1) < getvariable('min_coverage') THEN 'low_coverage' END,
           CASE WHEN getvariable('prefix') <> '' AND NOT starts_with(answer, getvariable('prefix')) THEN 'missing_required_prefix' END,
           CASE WHEN n_citations = 0 AND n_claims > 0 THEN 'no_citations' END,
           -- the answer states its own confidence and the audit finds far less support
           CASE WHEN claimed_confidence >= getvariable('overconfident_at')
                 AND claimed_confidence - citation_integrity >= getvariable('overconfident_gap') - 1e-9
                THEN 'overconfident' END
       ], lambda x: x IS NOT NULL) || citation_shape_flags || coalesce(self_report_flags, []) || unread_flags AS flags,
       claimed_confidence, missing_information
FROM scored;
