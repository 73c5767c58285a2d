import type { FollowListUser } from '@pinboard/shared';
import { presentUserSummary } from '../users/users.presenter.ts';
import type { FollowListRow } from './follow-lists.repository.ts';

export function presentFollowListUser(row: FollowListRow, viewerId: number | null): FollowListUser {
  return {
    ...presentUserSummary(row),
    follower_count: row.followerCount,
    followed_by_me: row.followedByMe,
    is_me: row.id === viewerId,
  };
}
