import { sql, type SQL } from 'drizzle-orm';
import { boards } from '../db/schema/boards.ts';
import { boardPinnerCounts, pins } from '../db/schema/pins.ts';
import { users } from '../db/schema/users.ts';
import {
  activeAccountAs,
  boardPrivacyAdmits,
  publicSaves,
  type UsersTable,
  type ViewerIdParam,
} from './visibility.ts';

/*
 * Counts follow visibility: a count shows only what its viewer may see. The kept counts
 * (triggers of migrations 0001, 0014 and 0017) already leave out what inactive accounts add; what
 * privacy hides is taken out here, for anyone but the owner.
 */

/**
 * How many times the pin was saved where anyone may see the save (`publicSaves`). The kept
 * `repin_count` also counts saves onto secret boards, which must not show to everyone; it is
 * read only to skip the count for pins never saved (most).
 */
export const publicSaveCount = sql<number>`(case when ${pins.repinCount} = 0 then 0 else (
  select count(*)::int from ${publicSaves} where save.via_pin_id = ${pins.id}) end)`;

/**
 * The boards of `user` the viewer may see (owned ones, archived included, as `board_count`
 * counts them): the kept count for the owner, else counted over the owner's boards (few, by
 * `boards_owner_slug_key`), so secret and protected boards count only for their members.
 */
export function visibleBoardCount(user: UsersTable, viewerId: ViewerIdParam | null): SQL<number> {
  const visible = sql<number>`(select count(*)::int from ${boards} where ${boards.ownerId} = ${user.id} and ${boardPrivacyAdmits(viewerId)})`;
  return viewerId === null
    ? visible
    : sql<number>`case when ${user.id} = ${viewerId} then ${user.boardCount} else ${visible} end`;
}

/**
 * The pins of `user` (an active account) the viewer may see, the rule of their pin list
 * (`pinVisibleTo`): on a board the viewer may see, of an active owner. The kept count for the
 * owner; for anyone else the kept count less the user's kept counts per board
 * (`board_pinner_counts`, one row per board they pinned to) of the boards the viewer may not see.
 */
export function visiblePinCount(user: UsersTable, viewerId: ViewerIdParam | null): SQL<number> {
  const hidden = sql<number>`(select coalesce(sum(hc.pin_count), 0)::int from ${boardPinnerCounts} hc
    join ${boards} on ${boards.id} = hc.board_id
    join ${users} ho on ho.id = ${boards.ownerId}
    where hc.pinner_id = ${user.id} and not (${boardPrivacyAdmits(viewerId)} and ${activeAccountAs('ho')}))`;
  const visible = sql<number>`(${user.pinCount} - ${hidden})`;
  return viewerId === null
    ? visible
    : sql<number>`case when ${user.id} = ${viewerId} then ${user.pinCount} else ${visible} end`;
}
