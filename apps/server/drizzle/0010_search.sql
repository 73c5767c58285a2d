-- Search (issue 9, decision 27). pg_trgm is loaded by the PGlite client (db/client.ts) and ships
-- with PostgreSQL's contrib; it must exist before the trigram indexes below.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"pin_count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pins" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- What a pin's search matches: title A, board name and hashtags B, description C.
CREATE FUNCTION pin_search_vector(title text, description text, hashtags text[], board_name text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, title), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(board_name, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, array_to_string(hashtags, ' ')), 'B')
    || setweight(to_tsvector('english'::regconfig, description), 'C')
$$;
--> statement-breakpoint
CREATE FUNCTION pins_search_vector_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := pin_search_vector(NEW.title, NEW.description, NEW.hashtags,
    (SELECT name FROM boards WHERE id = NEW.board_id));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER pins_search_vector BEFORE INSERT OR UPDATE OF title, description, hashtags, board_id ON pins
  FOR EACH ROW EXECUTE FUNCTION pins_search_vector_set();
--> statement-breakpoint
CREATE FUNCTION boards_search_vector_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pins SET search_vector = pin_search_vector(title, description, hashtags, NEW.name)
  WHERE board_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER boards_search_vector_rename AFTER UPDATE OF name ON boards
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION boards_search_vector_rename();
--> statement-breakpoint
-- The vocabulary: words (3 to 30 letters or digits) and '#hashtags' of pins on public boards.
CREATE FUNCTION pin_search_terms(title text, description text, hashtags text[]) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT term FROM (
    SELECT regexp_split_to_table(lower(title || ' ' || description), '[^[:alnum:]]+') AS term
    UNION ALL
    SELECT '#' || tag FROM unnest(hashtags) AS tag
  ) terms
  WHERE length(term) BETWEEN 3 AND 30
$$;
--> statement-breakpoint
-- Statement-level, one upsert per term per statement: a row-level upsert would update a common
-- word's row once per pin, and one transaction inserting many pins (the seed) would then walk
-- ever longer chains of that row's versions.
CREATE FUNCTION pins_search_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_terms AS st (term, pin_count)
      SELECT term, count(*) FROM new_pins p
      JOIN boards b ON b.id = p.board_id AND b.privacy = 'public'
      CROSS JOIN LATERAL pin_search_terms(p.title, p.description, p.hashtags) AS term
      GROUP BY term ORDER BY term
    ON CONFLICT (term) DO UPDATE SET pin_count = st.pin_count + excluded.pin_count;
  ELSE
    INSERT INTO search_terms AS st (term, pin_count)
      SELECT term, count(*) FROM new_pins p
      JOIN old_pins o ON o.id = p.id
        AND (o.title, o.description, o.hashtags) IS DISTINCT FROM (p.title, p.description, p.hashtags)
      JOIN boards b ON b.id = p.board_id AND b.privacy = 'public'
      CROSS JOIN LATERAL pin_search_terms(p.title, p.description, p.hashtags) AS term
      GROUP BY term ORDER BY term
    ON CONFLICT (term) DO UPDATE SET pin_count = st.pin_count + excluded.pin_count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pins_search_terms_insert AFTER INSERT ON pins
  REFERENCING NEW TABLE AS new_pins FOR EACH STATEMENT EXECUTE FUNCTION pins_search_terms_add();
--> statement-breakpoint
CREATE TRIGGER pins_search_terms_update AFTER UPDATE ON pins
  REFERENCING OLD TABLE AS old_pins NEW TABLE AS new_pins
  FOR EACH STATEMENT EXECUTE FUNCTION pins_search_terms_add();
--> statement-breakpoint
UPDATE pins SET search_vector = pin_search_vector(pins.title, pins.description, pins.hashtags, boards.name)
FROM boards WHERE boards.id = pins.board_id;
--> statement-breakpoint
INSERT INTO search_terms (term, pin_count)
SELECT term, count(*) FROM pins
JOIN boards ON boards.id = pins.board_id AND boards.privacy = 'public'
CROSS JOIN LATERAL pin_search_terms(pins.title, pins.description, pins.hashtags) AS term
GROUP BY term;
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops,"pin_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "boards_text_search_idx" ON "boards" USING gin ((setweight(to_tsvector('english', "name"), 'A') || setweight(to_tsvector('english', "description"), 'B')));--> statement-breakpoint
CREATE INDEX "boards_name_trgm_idx" ON "boards" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pins_search_vector_idx" ON "pins" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "pins_title_prefix_idx" ON "pins" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower("username" || ' ' || "first_name" || ' ' || "last_name") gin_trgm_ops);
