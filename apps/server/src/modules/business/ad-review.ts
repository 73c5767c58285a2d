import type { RejectionReason } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { isPublicBoard } from '../../policies/visibility.ts';
import { ruleStatusOf } from '../offsite/offsite.service.ts';
import { findPinForReview, listAdsOfPin, listAdsOnBoard, updateAdRow } from './ads.repository.ts';

export type Review = { status: 'APPROVED' } | { status: 'REJECTED'; reason: RejectionReason };

/**
 * The automatic review of an ad (decision 55): rejected when its pin is gone (deleted, or its
 * pinner no longer active), when the pin is on a board that is not public (a secret or protected
 * board: promoting it would show it to strangers), or when an outbound-link rule stops its link
 * (blocked, suspicious or porn); approved otherwise.
 */
export async function reviewAd(
  db: Executor,
  pinId: number | null,
  destinationUrl: string | null,
): Promise<Review> {
  const pin = pinId === null ? null : await findPinForReview(db, pinId);
  if (!pin || !pin.pinnerActive) return { status: 'REJECTED', reason: 'pin_removed' };
  if (!isPublicBoard(pin)) return { status: 'REJECTED', reason: 'pin_on_secret_board' };
  for (const url of [destinationUrl, pin.link]) {
    const status = url ? await ruleStatusOf(db, url) : null;
    if (status && status !== 'safe') return { status: 'REJECTED', reason: 'link_blocked' };
  }
  return { status: 'APPROVED' };
}

export function reviewColumns(review: Review) {
  return {
    reviewStatus: review.status,
    rejectionReason: review.status === 'REJECTED' ? review.reason : null,
    reviewedAt: new Date(),
  };
}

/**
 * Reviews the ads of a pin again after the pin, its board or its link changed (a pin moved to a
 * secret board, edited to a blocked link). A deleted pin's ads are rejected by the same rule: their
 * pin id is gone.
 */
export async function reviewAdsOfPin(db: Executor, pinId: number): Promise<void> {
  for (const ad of await listAdsOfPin(db, pinId)) {
    await updateAdRow(db, ad.id, reviewColumns(await reviewAd(db, ad.pinId, ad.destinationUrl)));
  }
}

/** Before a pin is deleted: its ads are rejected as removed (the pin id goes with it). */
export async function rejectAdsOfDeletedPin(db: Executor, pinId: number): Promise<void> {
  for (const ad of await listAdsOfPin(db, pinId)) {
    await updateAdRow(db, ad.id, reviewColumns({ status: 'REJECTED', reason: 'pin_removed' }));
  }
}

/** After a board's privacy changed: the ads of its pins are reviewed again. */
export async function reviewAdsOnBoard(db: Executor, boardId: number): Promise<void> {
  for (const ad of await listAdsOnBoard(db, boardId)) {
    await updateAdRow(db, ad.id, reviewColumns(await reviewAd(db, ad.pinId, ad.destinationUrl)));
  }
}

/** Before a board is deleted with its pins: the ads of its pins are rejected as removed. */
export async function rejectAdsOnDeletedBoard(db: Executor, boardId: number): Promise<void> {
  for (const ad of await listAdsOnBoard(db, boardId)) {
    await updateAdRow(db, ad.id, reviewColumns({ status: 'REJECTED', reason: 'pin_removed' }));
  }
}
