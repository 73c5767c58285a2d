-- The home feed leaves out of its fresh part every picture a followed board or person has. It
-- tested that over every copy of the picture (`pins_image_id_idx`), about a hundred per picture
-- on the benchmark seed and without bound for a picture many save; with these it probes each
-- board and person the viewer follows once (modules/feed/home-feed.repository.ts).
CREATE INDEX "pins_board_image_idx" ON "pins" USING btree ("board_id","image_id");--> statement-breakpoint
CREATE INDEX "pins_pinner_image_idx" ON "pins" USING btree ("pinner_id","image_id");--> statement-breakpoint
-- A profile counts the pins its viewer may see as the person's kept pin count less the pins on
-- boards the viewer may not see. Counting those read every pin of each such board (about 2,500
-- rows each on the benchmark seed). Now each person's pins are kept counted per board, whatever
-- their status or the board's privacy, by the pin count trigger in the same transaction as the
-- pin's insert, delete or move; the profile sums one row per board the person pinned to.
--
-- Exact under concurrency: the trigger changes a board's rows here only while it holds that
-- board's row locked (FOR NO KEY UPDATE, taken first, as before), so the writes of one board
-- run one after the other, and the lock order (boards, accounts, then these rows) adds no new
-- circle of waits. A row at zero stays; a board's or a person's delete removes theirs.
CREATE TABLE "board_pinner_counts" (
	"pinner_id" bigint NOT NULL,
	"board_id" bigint NOT NULL,
	"pin_count" integer NOT NULL,
	CONSTRAINT "board_pinner_counts_pinner_id_board_id_pk" PRIMARY KEY("pinner_id","board_id")
);
--> statement-breakpoint
ALTER TABLE "board_pinner_counts" ADD CONSTRAINT "board_pinner_counts_pinner_id_users_id_fk" FOREIGN KEY ("pinner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_pinner_counts" ADD CONSTRAINT "board_pinner_counts_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_pinner_counts_board_idx" ON "board_pinner_counts" USING btree ("board_id");--> statement-breakpoint
-- No pin write of a running server (its trigger still the old one) between the count below and
-- this migration's commit.
LOCK TABLE pins IN SHARE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pins_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pinner_counts boolean;
BEGIN
  IF current_setting('pinboard.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- The boards' rows first, then the pinner's (migration 0014, Locking).
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM 1 FROM boards WHERE id = OLD.board_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM 1 FROM boards WHERE id = NEW.board_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET pin_count = pin_count + 1 WHERE id = NEW.pinner_id
      RETURNING status = 'active' INTO pinner_counts;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users SET pin_count = pin_count - 1 WHERE id = OLD.pinner_id
      RETURNING status = 'active' INTO pinner_counts;
  ELSE
    pinner_counts := account_counts(NEW.pinner_id);
  END IF;
  pinner_counts := coalesce(pinner_counts, false);
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF pinner_counts THEN
      UPDATE boards SET pin_count = pin_count - 1 WHERE id = OLD.board_id;
      IF OLD.section_id IS NOT NULL THEN
        UPDATE board_sections SET pin_count = pin_count - 1 WHERE id = OLD.section_id;
      END IF;
    END IF;
    IF TG_OP = 'DELETE' OR OLD.board_id <> NEW.board_id THEN
      UPDATE board_pinner_counts SET pin_count = pin_count - 1
        WHERE pinner_id = OLD.pinner_id AND board_id = OLD.board_id;
    END IF;
    IF TG_OP = 'DELETE' AND OLD.via_pin_id IS NOT NULL THEN
      UPDATE pins SET repin_count = repin_count - 1 WHERE id = OLD.via_pin_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE boards SET pin_count = pin_count + CASE WHEN pinner_counts THEN 1 ELSE 0 END,
        last_pinned_to_at = greatest(last_pinned_to_at, NEW.created_at)
      WHERE id = NEW.board_id;
    IF pinner_counts AND NEW.section_id IS NOT NULL THEN
      UPDATE board_sections SET pin_count = pin_count + 1 WHERE id = NEW.section_id;
    END IF;
    IF TG_OP = 'INSERT' OR OLD.board_id <> NEW.board_id THEN
      INSERT INTO board_pinner_counts AS c (pinner_id, board_id, pin_count)
        VALUES (NEW.pinner_id, NEW.board_id, 1)
        ON CONFLICT (pinner_id, board_id) DO UPDATE SET pin_count = c.pin_count + 1;
    END IF;
    IF TG_OP = 'INSERT' AND NEW.via_pin_id IS NOT NULL THEN
      UPDATE pins SET repin_count = repin_count + 1 WHERE id = NEW.via_pin_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO board_pinner_counts (pinner_id, board_id, pin_count)
  SELECT pinner_id, board_id, count(*)::int FROM pins GROUP BY pinner_id, board_id;
