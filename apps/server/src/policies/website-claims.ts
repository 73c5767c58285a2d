import { AppError } from '../lib/app-error.ts';

/**
 * A website claim is its person's alone (decision 46): anyone else, and a claim that does not
 * exist, get the same `website_claim_not_found`, so claim ids cannot be probed.
 */
export function authorizeOwnClaim<C extends { userId: number }>(claim: C | null, viewerId: number): C {
  if (!claim || claim.userId !== viewerId) throw new AppError('website_claim_not_found');
  return claim;
}
