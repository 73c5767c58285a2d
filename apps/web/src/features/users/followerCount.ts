import type { UserProfile } from '@pinboard/shared';

/**
 * Logged-out viewers see no follower count for unverified creators. Nothing
 * verifies a person's website yet, so a verified creator is a business account (made through
 * business sign-up); every personal account's count is for signed-in viewers only (decision 28).
 */
export function showsFollowerCount(signedIn: boolean, creator: Pick<UserProfile, 'is_partner'>): boolean {
  return signedIn || creator.is_partner;
}
