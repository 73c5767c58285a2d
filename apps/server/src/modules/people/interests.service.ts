import type { Interests } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import type { DiscoverService } from '../discover/discover.service.ts';
import { listChosenInterests, replaceChosenInterests } from './interests.repository.ts';

/**
 * The interests to pick from are the ideas page's (the most used hashtags, each with a recent
 * public picture; decision 47), so a pick always has pins behind it. A chosen interest is a
 * hashtag: one that has left the catalogue since is kept and still shapes the feed.
 */
export async function getInterests(
  db: Executor,
  discover: DiscoverService,
  viewerId: number | null,
): Promise<Interests> {
  const [{ interests }, chosen] = await Promise.all([
    discover.ideas(),
    viewerId === null ? Promise.resolve([]) : listChosenInterests(db, viewerId),
  ]);
  return { interests, chosen };
}

/** Replaces the viewer's interests (the schema already lowered, checked and de-duplicated the names). */
export async function setInterests(
  db: Executor,
  discover: DiscoverService,
  viewerId: number,
  names: string[],
): Promise<Interests> {
  await db.transaction((tx) => replaceChosenInterests(tx, viewerId, names));
  return getInterests(db, discover, viewerId);
}
