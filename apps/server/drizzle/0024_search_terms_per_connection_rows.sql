-- Saves waited on the vocabulary (decision 49). Every pin write on a public board adds to the
-- count of each of its terms, and the row of a common word ('the', 'ideas', a topic's noun) is
-- the same for every write: each save held it locked from its insert to its commit, so saves of
-- all people ran one after the other there. Now each database connection adds to its own row of
-- a term (`shard`, from its backend's pid), and a term's count is the sum of its rows; readers
-- group by term. Two connections whose pids share a shard still take turns, and still lock the
-- rows in term order (no circle of waits). The bulk load and the existing rows are shard 0.
ALTER TABLE "search_terms" DROP CONSTRAINT "search_terms_pkey";--> statement-breakpoint
ALTER TABLE "search_terms" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_term_shard_pk" PRIMARY KEY("term","shard");--> statement-breakpoint
CREATE FUNCTION search_terms_shard() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 32)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pins_search_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('pinboard.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_terms AS st (term, shard, pin_count)
      SELECT term, search_terms_shard(), count(*) FROM new_pins p
      JOIN boards b ON b.id = p.board_id AND b.privacy = 'public'
      CROSS JOIN LATERAL pin_search_terms(p.title, p.description, p.hashtags) AS term
      GROUP BY term ORDER BY term
    ON CONFLICT (term, shard) DO UPDATE SET pin_count = st.pin_count + excluded.pin_count;
  ELSE
    INSERT INTO search_terms AS st (term, shard, pin_count)
      SELECT term, search_terms_shard(), count(*) FROM new_pins p
      JOIN old_pins o ON o.id = p.id
        AND (o.title, o.description, o.hashtags) IS DISTINCT FROM (p.title, p.description, p.hashtags)
      JOIN boards b ON b.id = p.board_id AND b.privacy = 'public'
      CROSS JOIN LATERAL pin_search_terms(p.title, p.description, p.hashtags) AS term
      GROUP BY term ORDER BY term
    ON CONFLICT (term, shard) DO UPDATE SET pin_count = st.pin_count + excluded.pin_count;
  END IF;
  RETURN NULL;
END $$;
