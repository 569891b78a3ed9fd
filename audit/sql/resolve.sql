-- resolve each citation in `citations` against this answer's retrieved contexts in `ctx`.
-- a marker that names no retrieved context is fabricated, with the reason why.
-- a title may be named with or without its extension (`Refund Policy` for `Refund Policy.pdf`, and the reverse),
-- never by another one: an extension begins with a letter, and only one side of a match loses it (both sides did,
-- and digits counted: `Section 4.2` resolved to a retrieved `Section 4.1`, `example.org` to `example.com`)
CREATE OR REPLACE TEMP TABLE ctx_keys AS
SELECT answer_id, rank, doc_id, chunk_id, page,
       lower(trim(title)) AS title_key,
       lower(regexp_replace(trim(title), '\.[A-Za-z][A-Za-z0-9]{0,4}$', '')) AS title_stem,
       lower(trim(doc_id)) AS doc_key, lower(trim(url)) AS url_key, trim(title) AS title_raw
FROM ctx;

CREATE OR REPLACE TEMP TABLE resolved AS
WITH cited AS (
    SELECT *, lower(trim(cited_title)) AS ref_key,
           lower(regexp_replace(trim(cited_title), '\.[A-Za-z][A-Za-z0-9]{0,4}$', '')) AS ref_stem,
           -- a document-page marker's last page: of a range (`Pages 2-3`, cited_ref "..., pages 2-3") of at most 100
           -- pages in order, its end; else its page
           CASE WHEN dialect = 'document_page'
                THEN coalesce(list_filter([TRY_CAST(regexp_extract(cited_ref, ', pages \d+-(\d{1,6})$', 1) AS INTEGER)],
                                          lambda p: p BETWEEN cited_page AND cited_page + 100)[1], cited_page) END
               AS last_page
    FROM citations
), doc_hits_all AS (
    -- contexts of the named document (by title or doc_id), whatever the page or chunk
    SELECT c.answer_id, c.citation_ord, k.rank, k.page, k.chunk_id, k.doc_id,
           coalesce(trim(k.doc_id) = trim(c.cited_doc) OR trim(k.doc_id) = trim(c.cited_title)
                    OR k.title_raw = trim(c.cited_title), false) AS as_written
    FROM cited c JOIN ctx_keys k ON k.answer_id = c.answer_id
    WHERE ((c.dialect IN ('document_page', 'file_search', 'named_footnote', 'document', 'link')
            -- a JSON citations entry that names a document
            OR (c.dialect = 'structured' AND c.cited_title IS NOT NULL))
           AND (k.title_key = c.ref_key OR k.doc_key = c.ref_key OR k.title_stem = c.ref_key OR k.title_key = c.ref_stem))
       -- a file search mark naming no file, `【1†source】`, `【4:0†source】`, `[1†source]` (its numbers are message and
       -- search-result indexes, no ranks): one of the sources retrieved, each (it was source_not_named, fabricated,
       -- however right)
       OR (c.dialect = 'file_search' AND c.cited_title IS NULL)
       -- a named footnote's definition, a JSON entry or a link's target may be the source's url
       OR (c.dialect IN ('named_footnote', 'structured', 'link') AND k.url_key = c.ref_key)
       -- [citation:X:Y] splits at the first colon, but ids may hold colons (urn:kb:7): a document whose id and a
       -- colon begin "X:Y" is the named one
       OR (c.dialect = 'doc_chunk' AND (k.doc_id = c.cited_doc
                                        OR starts_with(c.cited_doc || ':' || c.cited_chunk, k.doc_id || ':')))
       -- citation objects: by document_id, else by document_name like document_page; both given, the name must
       -- be the document's (title, or id) where its context has a title (a citation showing the reader another
       -- document's name came out verified)
       OR (c.dialect = 'citation_object' AND c.malformed IS NULL AND CASE
               WHEN c.cited_doc IS NOT NULL THEN k.doc_key = lower(trim(c.cited_doc))
                    AND (c.ref_key IS NULL OR k.title_key IS NULL OR k.title_key = c.ref_key OR k.doc_key = c.ref_key
                         OR k.title_stem = c.ref_key OR k.title_key = c.ref_stem OR k.url_key = c.ref_key)
               -- the name may be the document's url (a citation object's `url`)
               ELSE k.title_key = c.ref_key OR k.doc_key = c.ref_key OR k.title_stem = c.ref_key OR k.title_key = c.ref_stem
                    OR k.url_key = c.ref_key END)
), doc_hits AS (
    -- of documents a name matches case aside (`DOC-A` and `doc-a` both retrieved), those it names as written, when
    -- any: `doc-a` resolved to `DOC-A`, the first, and a claim only `DOC-A` states came out verified
    SELECT * EXCLUDE (as_written) FROM doc_hits_all
    QUALIFY as_written OR NOT bool_or(as_written) OVER (PARTITION BY answer_id, citation_ord)
), object_chunks AS (
    -- document_id + chunk_index: the chunk whose id is that index, else the index-th (0-based) context of the
    -- document in retrieval order; + chunk_id: the chunk of that id; a page, when given, must match; no chunk or
    -- page: the document's first context (the audit then picks the best supporting one of `doc_level`)
    SELECT d.answer_id, d.citation_ord,
           coalesce(min(d.rank) FILTER (WHERE c.cited_index IS NOT NULL AND trim(d.chunk_id) = CAST(c.cited_index AS VARCHAR)),
                    min(d.rank) FILTER (WHERE c.cited_index IS NOT NULL AND d.doc_pos = c.cited_index),
                    min(d.rank) FILTER (WHERE c.cited_chunk IS NOT NULL AND trim(d.chunk_id) = c.cited_chunk),
                    min(d.rank) FILTER (WHERE c.cited_index IS NULL AND c.cited_chunk IS NULL
                                              AND (c.cited_page IS NULL OR d.page = c.cited_page)))
               AS rank
    FROM (SELECT *, row_number() OVER (PARTITION BY answer_id, citation_ord ORDER BY rank) - 1 AS doc_pos
          FROM doc_hits) d
    JOIN cited c USING (answer_id, citation_ord)
    WHERE c.dialect = 'citation_object'
    GROUP BY ALL
), object_hits AS (
    -- a chunk given with a page is on that page (when its context has one): the page the reader is sent to was
    -- dropped, and a citation of page 99 came out verified
    SELECT o.answer_id, o.citation_ord, o.rank AS chunk_rank,
           CASE WHEN (c.cited_index IS NULL AND c.cited_chunk IS NULL) OR c.cited_page IS NULL OR k.page IS NULL
                     OR k.page = c.cited_page
                THEN o.rank END AS rank
    FROM object_chunks o JOIN cited c USING (answer_id, citation_ord)
    LEFT JOIN ctx_keys k ON k.answer_id = o.answer_id AND k.rank = o.rank
), matches AS (
    SELECT c.answer_id, c.citation_ord, min(k.rank) AS rank
    FROM cited c JOIN ctx_keys k ON k.answer_id = c.answer_id AND k.rank = c.cited_rank
    WHERE c.dialect IN ('numeric', 'superscript', 'structured')
    GROUP BY ALL
    UNION ALL
    SELECT d.answer_id, d.citation_ord, min(d.rank)
    FROM doc_hits d JOIN cited c USING (answer_id, citation_ord)
    WHERE (c.dialect = 'document_page' AND d.page BETWEEN c.cited_page AND c.last_page)
       OR (c.dialect = 'doc_chunk' AND d.doc_id || ':' || d.chunk_id = c.cited_doc || ':' || c.cited_chunk)
    GROUP BY ALL
    UNION ALL
    -- a file search annotation or a named footnote's definition names a document, no page or chunk: its first
    -- retrieved context here (the audit then picks the best supporting one of `doc_level`)
    SELECT d.answer_id, d.citation_ord, min(d.rank)
    FROM doc_hits d JOIN cited c USING (answer_id, citation_ord)
    WHERE c.dialect IN ('file_search', 'named_footnote', 'document', 'link') OR (c.dialect = 'structured' AND c.cited_title IS NOT NULL)
    GROUP BY ALL
    UNION ALL
    SELECT answer_id, citation_ord, rank FROM object_hits WHERE rank IS NOT NULL
    UNION ALL
    -- a citation object's position (a source_index, or an id no retrieved document has)
    SELECT c.answer_id, c.citation_ord, min(k.rank)
    FROM cited c JOIN ctx_keys k ON k.answer_id = c.answer_id AND k.rank = c.cited_rank
    WHERE c.dialect = 'citation_object' AND c.malformed IS NULL
      AND NOT EXISTS (SELECT 1 FROM doc_hits d WHERE d.answer_id = c.answer_id AND d.citation_ord = c.citation_ord)
    GROUP BY ALL
), known_docs AS (
    SELECT DISTINCT answer_id, citation_ord FROM doc_hits
), doc_level AS (
    -- a document named without a chunk (a file search annotation, a named footnote's definition, a citation object
    -- without chunk_index), or a page of it: every retrieved context of it (of that page), in rank order. The claim
    -- is verified against each, and the citation resolves to the one that supports it best (audit/assess.py); none
    -- of them counts as another source. Of a document retrieved in more than 32 chunks, the 32 sharing most words
    -- with the claim are scored (assess.MAX_DOC_CANDIDATES: a log retrieving a document in thousands of chunks
    -- would score each citation of it against every one)
    SELECT d.answer_id, d.citation_ord, list_sort(list_distinct(list(d.rank))) AS doc_ranks
    FROM doc_hits d JOIN cited c USING (answer_id, citation_ord)
    WHERE c.dialect IN ('file_search', 'named_footnote', 'document', 'link') OR (c.dialect = 'structured' AND c.cited_title IS NOT NULL)
       OR (c.dialect = 'document_page' AND d.page BETWEEN c.cited_page AND c.last_page)
       OR (c.dialect = 'citation_object' AND c.malformed IS NULL AND c.cited_index IS NULL AND c.cited_chunk IS NULL
           AND (c.cited_page IS NULL OR d.page = c.cited_page))
       -- a chunk id retrieved more than once (a logger giving two chunks one id): each of its copies, as a page's
       -- chunks (its first copy was checked alone: a claim the second states misattributed to the same id)
       OR (c.dialect = 'doc_chunk' AND d.doc_id || ':' || d.chunk_id = c.cited_doc || ':' || c.cited_chunk)
       OR (c.dialect = 'citation_object' AND c.malformed IS NULL AND c.cited_index IS NULL
           AND trim(d.chunk_id) = c.cited_chunk AND (c.cited_page IS NULL OR d.page = c.cited_page))
    GROUP BY ALL
)
SELECT c.answer_id, c.citation_ord, c.marker, c.dialect, c.char_start, c.char_end, c.cited_ref, c.json_claim,
       c.quote, c.claimed_type, c.confidence_raw,
       m.rank AS context_rank, k.doc_id, k.chunk_id, CASE WHEN m.rank IS NOT NULL THEN dl.doc_ranks END AS doc_ranks,
       CASE
           WHEN m.rank IS NOT NULL THEN NULL
           WHEN c.malformed IS NOT NULL THEN 'malformed_citation:' || c.malformed
           WHEN ir.reason IS NOT NULL THEN ir.reason
           WHEN c.dialect IN ('numeric', 'superscript') OR (c.dialect = 'structured' AND c.cited_title IS NULL)
               THEN 'index_out_of_range'
           WHEN c.dialect = 'citation_object' AND c.cited_rank IS NOT NULL AND kd.answer_id IS NULL
               THEN 'index_out_of_range'
           -- 【4:0†source】 in an answer without a retrieved source: no file named, and its numbers are no ranks
           WHEN c.dialect = 'file_search' AND c.cited_title IS NULL THEN 'source_not_named'
           -- [^note] without a `[^note]: ...` definition: what it cites cannot be known
           WHEN c.dialect = 'named_footnote' AND c.cited_title IS NULL THEN 'footnote_not_defined'
           WHEN kd.answer_id IS NULL AND c.dialect = 'citation_object' AND c.cited_doc IS NOT NULL
                AND c.cited_title IS NOT NULL AND EXISTS (
                    SELECT 1 FROM ctx_keys x WHERE x.answer_id = c.answer_id AND x.doc_key = lower(trim(c.cited_doc)))
               THEN 'document_name_mismatch'
           WHEN kd.answer_id IS NULL THEN 'unknown_document'
           WHEN c.dialect = 'document_page' THEN 'page_not_retrieved'
           WHEN c.dialect = 'citation_object' AND ((c.cited_index IS NULL AND c.cited_chunk IS NULL)
                                                     OR oh.chunk_rank IS NOT NULL)
               THEN 'page_not_retrieved'
           ELSE 'unknown_chunk'
       END AS fabricated_reason
FROM cited c
LEFT JOIN matches m USING (answer_id, citation_ord)
LEFT JOIN known_docs kd USING (answer_id, citation_ord)
LEFT JOIN invalid_refs ir USING (answer_id, citation_ord)
LEFT JOIN doc_level dl USING (answer_id, citation_ord)
LEFT JOIN object_hits oh USING (answer_id, citation_ord)
LEFT JOIN ctx_keys k ON k.answer_id = c.answer_id AND k.rank = m.rank;
