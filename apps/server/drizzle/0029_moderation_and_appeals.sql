CREATE TABLE "age_appeals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "age_appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"birthday" date NOT NULL,
	"key_digest" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"decision_id" bigint NOT NULL,
	"appellant_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"object_type" text NOT NULL,
	"object_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pins" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "decision_id" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_appellant_id_users_id_fk" FOREIGN KEY ("appellant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_decision_key" ON "appeals" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "appeals_appellant_idx" ON "appeals" USING btree ("appellant_id","id");--> statement-breakpoint
CREATE INDEX "moderation_decisions_owner_idx" ON "moderation_decisions" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "moderation_decisions_object_idx" ON "moderation_decisions" USING btree ("object_type","object_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","id");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("id") WHERE "reports"."status" = 'open';--> statement-breakpoint
-- A pin an operator removed (decision 54) is seen by its pinner alone, on its closeup; no count
-- counts it: the board's, the section's, the person's and the per-board counts move as for a
-- delete when `removed_at` is set and as for an insert when it is cleared (a restore). A pin's
-- repin count still counts every save (it is only a hint for the public save count).
LOCK TABLE pins IN SHARE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pins_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pinner_counts boolean;
  old_listed boolean := false;
  new_listed boolean := false;
BEGIN
  IF current_setting('pinboard.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    old_listed := OLD.removed_at IS NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_listed := NEW.removed_at IS NULL;
  END IF;
  -- The boards' rows first, then the pinner's (migration 0014, Locking).
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM 1 FROM boards WHERE id = OLD.board_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM 1 FROM boards WHERE id = NEW.board_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET pin_count = pin_count + CASE WHEN new_listed THEN 1 ELSE 0 END WHERE id = NEW.pinner_id
      RETURNING status = 'active' INTO pinner_counts;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users SET pin_count = pin_count - CASE WHEN old_listed THEN 1 ELSE 0 END WHERE id = OLD.pinner_id
      RETURNING status = 'active' INTO pinner_counts;
  ELSIF old_listed <> new_listed THEN
    UPDATE users SET pin_count = pin_count + CASE WHEN new_listed THEN 1 ELSE -1 END WHERE id = NEW.pinner_id
      RETURNING status = 'active' INTO pinner_counts;
  ELSE
    pinner_counts := account_counts(NEW.pinner_id);
  END IF;
  pinner_counts := coalesce(pinner_counts, false);
  IF TG_OP IN ('DELETE', 'UPDATE') AND old_listed THEN
    IF pinner_counts THEN
      UPDATE boards SET pin_count = pin_count - 1 WHERE id = OLD.board_id;
      IF OLD.section_id IS NOT NULL THEN
        UPDATE board_sections SET pin_count = pin_count - 1 WHERE id = OLD.section_id;
      END IF;
    END IF;
    IF TG_OP = 'DELETE' OR OLD.board_id <> NEW.board_id OR NOT new_listed THEN
      UPDATE board_pinner_counts SET pin_count = pin_count - 1
        WHERE pinner_id = OLD.pinner_id AND board_id = OLD.board_id;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' AND OLD.via_pin_id IS NOT NULL THEN
    UPDATE pins SET repin_count = repin_count - 1 WHERE id = OLD.via_pin_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE boards SET pin_count = pin_count + CASE WHEN pinner_counts AND new_listed THEN 1 ELSE 0 END,
        last_pinned_to_at = greatest(last_pinned_to_at, NEW.created_at)
      WHERE id = NEW.board_id;
    IF pinner_counts AND new_listed AND NEW.section_id IS NOT NULL THEN
      UPDATE board_sections SET pin_count = pin_count + 1 WHERE id = NEW.section_id;
    END IF;
    IF new_listed AND (TG_OP = 'INSERT' OR OLD.board_id <> NEW.board_id OR NOT old_listed) THEN
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
DROP TRIGGER pins_count_move ON pins;--> statement-breakpoint
CREATE TRIGGER pins_count_move AFTER UPDATE OF board_id, section_id, removed_at ON pins
  FOR EACH ROW WHEN (OLD.board_id IS DISTINCT FROM NEW.board_id OR OLD.section_id IS DISTINCT FROM NEW.section_id
    OR (OLD.removed_at IS NULL) <> (NEW.removed_at IS NULL))
  EXECUTE FUNCTION pins_count_change();
--> statement-breakpoint
-- An account's status change moves the board and section counts of its listed pins only.
CREATE OR REPLACE FUNCTION account_counts_shift(account_id bigint, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM boards WHERE id IN (
      SELECT board_id FROM board_follows WHERE user_id = account_id
      UNION SELECT board_id FROM board_collaborators WHERE user_id = account_id
      UNION SELECT board_id FROM pins WHERE pinner_id = account_id)
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM users WHERE id IN (
      SELECT followee_id FROM user_follows WHERE follower_id = account_id
      UNION SELECT follower_id FROM user_follows WHERE followee_id = account_id)
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM board_sections WHERE id IN (SELECT section_id FROM pins WHERE pinner_id = account_id)
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE users SET follower_count = follower_count + delta
    WHERE id IN (SELECT followee_id FROM user_follows WHERE follower_id = account_id);
  UPDATE users SET following_count = following_count + delta
    WHERE id IN (SELECT follower_id FROM user_follows WHERE followee_id = account_id);
  UPDATE boards SET follower_count = follower_count + delta
    WHERE id IN (SELECT board_id FROM board_follows WHERE user_id = account_id);
  UPDATE boards SET collaborator_count = collaborator_count + delta,
      is_collaborative = collaborator_count + delta > 0
    WHERE id IN (SELECT board_id FROM board_collaborators WHERE user_id = account_id);
  UPDATE boards b SET pin_count = b.pin_count + delta * c.n
    FROM (SELECT board_id, count(*)::int AS n FROM pins
          WHERE pinner_id = account_id AND removed_at IS NULL GROUP BY board_id) c
    WHERE b.id = c.board_id;
  UPDATE board_sections s SET pin_count = s.pin_count + delta * c.n
    FROM (SELECT section_id, count(*)::int AS n FROM pins
          WHERE pinner_id = account_id AND section_id IS NOT NULL AND removed_at IS NULL GROUP BY section_id) c
    WHERE s.id = c.section_id;
END $$;
