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
 * Asks the link check about a pin's (or a comment's) link, then opens it through `/offsite/` with the token
 * when safe; answers why when it is stopped. A failed check (an error, no answer in time)
 * falls back to opening the link normally (docs/product/outbound-links.md).
 */
export async function openOutboundLink(link: {
  url: string;
  pinId?: string;
  /** A promoted card's token: the click goes as the ad's (`third_party_ad`) and is counted once. */
  adToken?: string | undefined;
}): Promise<OffsiteStop | null> {
  let check: OffsiteCheck;
  try {
    // A comment's link is checked by itself: it belongs to no pin.
    const body = {
      ...(link.pinId ? { pin_id: link.pinId } : {}),
      ...(link.adToken ? { third_party_ad: true, ad_token: link.adToken } : {}),
      url: link.url,
      check_only: true,
    };
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
  const query = new URLSearchParams({
    token: check.token,
    url: check.url,
    ...(link.pinId ? { pin: link.pinId } : {}),
  });
  openDirectly(`/offsite/?${query}`);
  return null;
}
