-- Counts are kept by the database so they stay right under concurrent writes:
-- each change is an atomic `x = x + 1` on the row, in the writing transaction.

CREATE FUNCTION pins_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER pins_count_insert_delete AFTER INSERT OR DELETE ON pins
  FOR EACH ROW EXECUTE FUNCTION pins_count_change();
--> statement-breakpoint
CREATE TRIGGER pins_count_move AFTER UPDATE OF board_id, section_id ON pins
  FOR EACH ROW WHEN (OLD.board_id IS DISTINCT FROM NEW.board_id OR OLD.section_id IS DISTINCT FROM NEW.section_id)
  EXECUTE FUNCTION pins_count_change();
--> statement-breakpoint
CREATE FUNCTION boards_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET board_count = board_count + 1 WHERE id = NEW.owner_id;
  ELSE
    UPDATE users SET board_count = board_count - 1 WHERE id = OLD.owner_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER boards_count AFTER INSERT OR DELETE ON boards
  FOR EACH ROW EXECUTE FUNCTION boards_count_change();
--> statement-breakpoint
CREATE FUNCTION board_sections_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE boards SET section_count = section_count + 1 WHERE id = NEW.board_id;
  ELSE
    UPDATE boards SET section_count = section_count - 1 WHERE id = OLD.board_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER board_sections_count AFTER INSERT OR DELETE ON board_sections
  FOR EACH ROW EXECUTE FUNCTION board_sections_count_change();
--> statement-breakpoint
CREATE FUNCTION board_follows_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE boards SET follower_count = follower_count + 1 WHERE id = NEW.board_id;
  ELSE
    UPDATE boards SET follower_count = follower_count - 1 WHERE id = OLD.board_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER board_follows_count AFTER INSERT OR DELETE ON board_follows
  FOR EACH ROW EXECUTE FUNCTION board_follows_count_change();
--> statement-breakpoint
CREATE FUNCTION user_follows_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET follower_count = follower_count + 1 WHERE id = NEW.followee_id;
    UPDATE users SET following_count = following_count + 1 WHERE id = NEW.follower_id;
  ELSE
    UPDATE users SET follower_count = follower_count - 1 WHERE id = OLD.followee_id;
    UPDATE users SET following_count = following_count - 1 WHERE id = OLD.follower_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_follows_count AFTER INSERT OR DELETE ON user_follows
  FOR EACH ROW EXECUTE FUNCTION user_follows_count_change();
--> statement-breakpoint
CREATE FUNCTION board_collaborators_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE boards SET collaborator_count = collaborator_count + 1, is_collaborative = true WHERE id = NEW.board_id;
  ELSE
    UPDATE boards SET collaborator_count = collaborator_count - 1,
      is_collaborative = collaborator_count - 1 > 0 WHERE id = OLD.board_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER board_collaborators_count AFTER INSERT OR DELETE ON board_collaborators
  FOR EACH ROW EXECUTE FUNCTION board_collaborators_count_change();
