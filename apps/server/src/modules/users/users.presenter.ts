import type { UserProfile, UserSummary } from '@pinboard/shared';
import { renditionUrl } from '../../lib/media-url.ts';
import type { ProfileRow, UserSummaryRow } from './users.repository.ts';

export function presentUserSummary(row: UserSummaryRow): UserSummary {
  return {
    id: String(row.id),
    username: row.username,
    first_name: row.firstName,
    full_name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    image_medium_url: renditionUrl(row.avatarSizes, '236x'),
    image_large_url: renditionUrl(row.avatarSizes, '474x'),
    avatar_color_index: row.avatarColorIndex,
  };
}

export function presentProfile(row: ProfileRow, viewerId: number | null): UserProfile {
  return {
    ...presentUserSummary(row),
    last_name: row.lastName,
    about: row.about,
    website_url: row.websiteUrl,
    pronouns: row.pronouns,
    type: row.type,
    is_partner: row.type === 'business',
    pin_count: row.pinCount,
    board_count: row.boardCount,
    follower_count: row.followerCount,
    following_count: row.followingCount,
    created_at: row.createdAt.toISOString(),
    followed_by_me: row.followedByMe,
    blocked_by_me: row.blockedByMe,
    is_me: viewerId === row.id,
  };
}
