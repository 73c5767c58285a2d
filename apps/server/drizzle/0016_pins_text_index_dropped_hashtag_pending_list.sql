-- 'More like this' ranks a bounded candidate set over the stored search vector (decision 42);
-- no query reads this expression index over title and description any more, and every pin
-- write computed two tsvectors for it.
DROP INDEX IF EXISTS "pins_text_search_idx";
--> statement-breakpoint
-- The hashtag index gets the search vector's small pending list (migration 0012): every lookup
-- reads the whole list, which after the 100,000-pin seed held 31,594 entries in 174 pages, so a
-- hashtag no pin carries took 2-7 ms to find nothing (related pins of a pin with a rare tag, a
-- rare tag's page). 64 kB keeps what a lookup reads small and still batches index writes.
ALTER INDEX "pins_hashtags_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
SELECT gin_clean_pending_list('pins_hashtags_idx'::regclass);
