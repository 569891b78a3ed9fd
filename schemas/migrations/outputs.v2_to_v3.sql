-- outputs v2 -> v3: embedding_cache loses its primary key (issue 9: the loader's memory grew with the table's
-- history, because every insert holds the key's index in memory); the loader now inserts only new
-- (model, content_hash) pairs. DuckDB cannot drop a key in place, so the table is rebuilt, its rows kept.
CREATE TABLE embedding_cache_v3 (
    model VARCHAR NOT NULL,
    content_hash VARCHAR NOT NULL,
    embedding FLOAT[] NOT NULL
);
INSERT INTO embedding_cache_v3 SELECT model, content_hash, embedding FROM embedding_cache;
DROP TABLE embedding_cache;
ALTER TABLE embedding_cache_v3 RENAME TO embedding_cache;
