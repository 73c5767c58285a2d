-- Search latency (issue 9 targets). A GIN index's pending list (fastupdate) is read in full by
-- every search until a vacuum or an overflow (gin_pending_list_limit, 4 MB by default) merges it
-- into the index. After the 100,000-pin seed it held 20,385 entries in 502 pages: each pin search
-- read them all (8 ms of a 16 ms query; 0.3 ms of 2.5 ms with this limit). 64 kB keeps what a
-- search reads small and still batches index writes (fastupdate = off gave the same searches but
-- made the 100,000-pin seed about 35 s slower). The vocabulary's trigram index takes an entry per
-- pin write too (its pin_count updates are not HOT: the prefix index holds pin_count), and typo
-- correction reads it.
ALTER INDEX "pins_search_vector_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "search_terms_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
SELECT gin_clean_pending_list('pins_search_vector_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('search_terms_trgm_idx'::regclass);
