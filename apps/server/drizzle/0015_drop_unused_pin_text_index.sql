-- 'More like this' ranks a bounded candidate set over the stored search vector (decision 39);
-- no query reads this expression index over title and description any more, and every pin
-- write computed two tsvectors for it.
DROP INDEX IF EXISTS "pins_text_search_idx";
