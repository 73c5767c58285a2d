import type { Executor } from '../../db/client.ts';
import type { PageOptions } from '../../lib/bookmark.ts';
import { pagePins, type PinPage } from '../pins/pins.service.ts';

/**
 * The home feed: the newest pins the viewer may see on public boards. The personalised
 * feed (followed boards and people first) comes with the discovery work.
 */
export function pageHomeFeed(db: Executor, options: PageOptions): Promise<PinPage> {
  // Everyone's home feed shows public pins only; secret pins stay on their boards.
  return pagePins(db, undefined, { ...options, viewerId: null });
}
