import type { OffsiteCheck } from '@pinboard/shared/offsite';
import { api } from '../../api/endpoints.ts';
import { openDirectly } from './openDirectly.ts';

/** A link the check stopped, and why. */
export interface OffsiteStop {
  status: 'blocked' | 'suspicious' | 'porn';
  url: string;
}

/**
 * Long enough for a shortener to be followed; short enough that the browser still counts the
 * click as the reason for the new tab (it blocks tabs opened long after one).
 */
const CHECK_TIMEOUT_MS = 4000;

/**
 * Asks the link check about a pin's link, then opens it through `/offsite/` with the token
 * when safe; answers why when it is stopped. A failed check (an error, no answer in time)
 * falls back to opening the link normally (docs/product/outbound-links.md).
 */
export async function openOutboundLink(link: { url: string; pinId: string }): Promise<OffsiteStop | null> {
  let check: OffsiteCheck;
  try {
    const body = { pin_id: link.pinId, url: link.url, check_only: true };
    check = (await api.checkOffsiteLink({ body }, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })).data;
  } catch {
    openDirectly(link.url);
    return null;
  }
  if (check.redirect_status !== 'safe') return { status: check.redirect_status, url: check.url };
  if (!check.token) {
    openDirectly(link.url);
    return null;
  }
  const query = new URLSearchParams({ token: check.token, url: check.url, pin: link.pinId });
  openDirectly(`/offsite/?${query}`);
  return null;
}
