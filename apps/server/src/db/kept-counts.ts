import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { selectRows } from './sql-helpers.ts';

/** How many rows of each table keep a count that differs from a recount of the rows it stands for. */
export interface DriftedCounts {
  users: number;
  boards: number;
  sections: number;
}

/**
 * Recounts every kept count from its rows, over active accounts only (the rule of the counts
 * migration): people's followers and followings, boards' followers, collaborators and pins,
 * sections' pins. All zero when the triggers kept every count exact.
 */
export async function countDriftedCounts(db: Executor): Promise<DriftedCounts> {
  const rows = await selectRows<{ kind: keyof DriftedCounts; wrong: number }>(
    db,
    sql`
    select 'users' as kind, count(*)::int as wrong from users u
    where u.follower_count <> (select count(*) from user_follows f join users a on a.id = f.follower_id
                                 and a.status = 'active' where f.followee_id = u.id)
       or u.following_count <> (select count(*) from user_follows f join users a on a.id = f.followee_id
                                 and a.status = 'active' where f.follower_id = u.id)
    union all
    select 'boards', count(*)::int from boards b
    where b.follower_count <> (select count(*) from board_follows f join users a on a.id = f.user_id
                                 and a.status = 'active' where f.board_id = b.id)
       or b.collaborator_count <> (select count(*) from board_collaborators c join users a on a.id = c.user_id
                                 and a.status = 'active' where c.board_id = b.id)
       or b.is_collaborative <> (b.collaborator_count > 0)
       or b.pin_count <> (select count(*) from pins p join users a on a.id = p.pinner_id
                                 and a.status = 'active' where p.board_id = b.id and p.removed_at is null)
    union all
    select 'sections', count(*)::int from board_sections s
    where s.pin_count <> (select count(*) from pins p join users a on a.id = p.pinner_id
                            and a.status = 'active' where p.section_id = s.id and p.removed_at is null)`,
  );
  const drifted: DriftedCounts = { users: 0, boards: 0, sections: 0 };
  for (const row of rows) drifted[row.kind] = row.wrong;
  return drifted;
}
