-- Counts of what everyone may see (decision 33): a suspended, soft-banned or deactivated account's
-- profile, boards and pins are hidden from everyone, so the kept counts leave out what it adds:
-- a person's follower and following counts count follows by and of active accounts, a board's
-- follower and collaborator counts active accounts, a board's and a section's pin count the pins
-- of active pinners (the board's pin list shows no others). The counts stay kept by triggers
-- (decision 3): each follow, collaborator or pin counts only while its account is active, and an
-- account's status change moves every count it is part of, set-based, in the same transaction;
-- reactivating moves them back. A person's own pin and board counts, a section count and a pin's
-- repin count are unchanged.
--
-- Locking: each trigger reads the account's status from its row locked as an update locks it
-- (FOR NO KEY UPDATE, or the update of the row itself), so a status change and a follow,
-- collaborator or pin write of the same account run one after the other: the later one sees the
-- other's row and its status, and no count is moved twice or not at all. Not FOR SHARE: two
-- follows of one person would each share its row and then wait on each other to update it.
-- Rows are locked boards first, then accounts (two accounts in id order), then sections, as the
-- pin triggers always locked them, so these triggers add no new circle of waits between ordinary
-- writes. A status change locks its own account first (the update of the status), then the
-- others in that same order; only a write of that same account at that moment can wait on it in
-- a circle, which PostgreSQL ends by failing one of the two.

-- Whether the account counts, waiting for a status change of it under way.
CREATE FUNCTION account_counts(account_id bigint) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  account_status text;
BEGIN
  SELECT status INTO account_status FROM users WHERE id = account_id FOR NO KEY UPDATE;
  RETURN coalesce(account_status = 'active', false);
END $$;
--> statement-breakpoint
-- Adds `delta` (1 or -1) to every count the account's follows, collaborations and pins are in.
CREATE FUNCTION account_counts_shift(account_id bigint, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The rows it changes, locked in the triggers' order (boards, accounts, sections; each by id).
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
    FROM (SELECT board_id, count(*)::int AS n FROM pins WHERE pinner_id = account_id GROUP BY board_id) c
    WHERE b.id = c.board_id;
  UPDATE board_sections s SET pin_count = s.pin_count + delta * c.n
    FROM (SELECT section_id, count(*)::int AS n FROM pins
          WHERE pinner_id = account_id AND section_id IS NOT NULL GROUP BY section_id) c
    WHERE s.id = c.section_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_status_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Before the row goes: its follows, collaborations and pins are deleted by the cascades
    -- after it, when the account is no longer found and their triggers move nothing.
    IF OLD.status = 'active' THEN
      PERFORM account_counts_shift(OLD.id, -1);
    END IF;
    RETURN OLD;
  END IF;
  IF (OLD.status = 'active') <> (NEW.status = 'active') THEN
    PERFORM account_counts_shift(NEW.id, CASE WHEN NEW.status = 'active' THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_status_counts AFTER UPDATE OF status ON users
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION users_status_counts();
--> statement-breakpoint
CREATE TRIGGER users_delete_counts BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_status_counts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pins_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pinner_counts boolean;
BEGIN
  IF current_setting('pinboard.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- The boards' rows first, then the pinner's (see Locking above).
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
    IF TG_OP = 'INSERT' AND NEW.via_pin_id IS NOT NULL THEN
      UPDATE pins SET repin_count = repin_count + 1 WHERE id = NEW.via_pin_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION board_follows_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM boards WHERE id = NEW.board_id FOR NO KEY UPDATE;
    IF account_counts(NEW.user_id) THEN
      UPDATE boards SET follower_count = follower_count + 1 WHERE id = NEW.board_id;
    END IF;
  ELSE
    PERFORM 1 FROM boards WHERE id = OLD.board_id FOR NO KEY UPDATE;
    IF account_counts(OLD.user_id) THEN
      UPDATE boards SET follower_count = follower_count - 1 WHERE id = OLD.board_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_follows_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  follow user_follows%ROWTYPE;
  delta integer;
  follower_counts boolean;
  followee_counts boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    follow := NEW;
    delta := 1;
  ELSE
    follow := OLD;
    delta := -1;
  END IF;
  -- Both accounts' rows in id order, so two such writes never wait on each other in a circle.
  IF follow.follower_id < follow.followee_id THEN
    follower_counts := account_counts(follow.follower_id);
    followee_counts := account_counts(follow.followee_id);
  ELSE
    followee_counts := account_counts(follow.followee_id);
    follower_counts := account_counts(follow.follower_id);
  END IF;
  IF follower_counts THEN
    UPDATE users SET follower_count = follower_count + delta WHERE id = follow.followee_id;
  END IF;
  IF followee_counts THEN
    UPDATE users SET following_count = following_count + delta WHERE id = follow.follower_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION board_collaborators_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM boards WHERE id = NEW.board_id FOR NO KEY UPDATE;
    IF account_counts(NEW.user_id) THEN
      UPDATE boards SET collaborator_count = collaborator_count + 1, is_collaborative = true
        WHERE id = NEW.board_id;
    END IF;
  ELSE
    PERFORM 1 FROM boards WHERE id = OLD.board_id FOR NO KEY UPDATE;
    IF account_counts(OLD.user_id) THEN
      UPDATE boards SET collaborator_count = collaborator_count - 1,
        is_collaborative = collaborator_count - 1 > 0 WHERE id = OLD.board_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The counts kept so far counted every account: take out what the inactive ones add.
SELECT account_counts_shift(id, -1) FROM users WHERE status <> 'active';
