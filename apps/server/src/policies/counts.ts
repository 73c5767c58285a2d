import { sql, type SQL } from 'drizzle-orm';
import { boards } from '../db/schema/boards.ts';
import { pins } from '../db/schema/pins.ts';
import { users } from '../db/schema/users.ts';
import { activeAccountAs, boardPrivacyAdmits, publicSaves, type UsersTable } from './visibility.ts';

/*
 * Counts follow visibility: a count shows only what its viewer may see. The kept counts
 * (triggers of migrations 0001 and 0014) already leave out what inactive accounts add; what
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
export function visibleBoardCount(user: UsersTable, viewerId: number | null): SQL<number> {
  const visible = sql<number>`(select count(*)::int from ${boards} where ${boards.ownerId} = ${user.id} and ${boardPrivacyAdmits(viewerId)})`;
  return viewerId === null
    ? visible
    : sql<number>`case when ${user.id} = ${viewerId} then ${user.boardCount} else ${visible} end`;
}

/**
 * The pins of `user` (an active account) the viewer may see, the rule of their pin list
 * (`pinVisibleTo`): on a board the viewer may see, of an active owner. The kept count for the
 * owner; for anyone else the kept count less the pins on other boards, counted over the user's
 * own pins (`pins_pinner_id_idx`).
 */
export function visiblePinCount(user: UsersTable, viewerId: number | null): SQL<number> {
  const hidden = sql<number>`(select count(*)::int from ${pins} hp
    join ${boards} on ${boards.id} = hp.board_id
    join ${users} ho on ho.id = ${boards.ownerId}
    where hp.pinner_id = ${user.id} and not (${boardPrivacyAdmits(viewerId)} and ${activeAccountAs('ho')}))`;
  const visible = sql<number>`(${user.pinCount} - ${hidden})`;
  return viewerId === null
    ? visible
    : sql<number>`case when ${user.id} = ${viewerId} then ${user.pinCount} else ${visible} end`;
}
