-- Bulk load (the demo seed, decision 29): a transaction that sets `pinboard.bulk_load` to 'on'
-- (`set_config('pinboard.bulk_load', 'on', true)`, transaction-local) inserts pins without the
-- per-pin count updates and vocabulary upserts, and recounts once, set-based, before it commits.
-- Per pin, the count trigger updates the same few board and user rows; one transaction inserting
-- 100,000 pins leaves thousands of row versions on each of them, which no vacuum can remove while
-- it runs, and every later lookup of the row walks them all: the seed slowed down with every pin.
-- Only the pin triggers look at the setting; an app transaction never sets it.
CREATE OR REPLACE FUNCTION pins_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('pinboard.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE boards SET pin_count = pin_count - 1 WHERE id = OLD.board_id;
    IF OLD.section_id IS NOT NULL THEN
      UPDATE board_sections SET pin_count = pin_count - 1 WHERE id = OLD.section_id;
    END IF;
    IF TG_OP = 'DELETE' THEN
      UPDATE users SET pin_count = pin_count - 1 WHERE id = OLD.pinner_id;
      IF OLD.via_pin_id IS NOT NULL THEN
        UPDATE pins SET repin_count = repin_count - 1 WHERE id = OLD.via_pin_id;
      END IF;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE boards SET pin_count = pin_count + 1, last_pinned_to_at = greatest(last_pinned_to_at, NEW.created_at)
      WHERE id = NEW.board_id;
    IF NEW.section_id IS NOT NULL THEN
      UPDATE board_sections SET pin_count = pin_count + 1 WHERE id = NEW.section_id;
    END IF;
    IF TG_OP = 'INSERT' THEN
      UPDATE users SET pin_count = pin_count + 1 WHERE id = NEW.pinner_id;
      IF NEW.via_pin_id IS NOT NULL THEN
        UPDATE pins SET repin_count = repin_count + 1 WHERE id = NEW.via_pin_id;
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pins_search_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('pinboard.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
