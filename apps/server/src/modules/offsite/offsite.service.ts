import {
  domainCandidates,
  linkHostOf,
  type OffsiteCheck,
  type OffsiteCheckBody,
  type OffsiteRedirectStatus,
  type OffsiteRuleStatus,
} from '@pinboard/shared/offsite';
import type { CounterStore } from '../../adapters/counters/counters.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { byIp, byUser, enforceRateLimit } from '../../policies/rate-limits.ts';
import { findPinById } from '../pins/pins.repository.ts';
import { findRulesFor } from './offsite.repository.ts';
import type { OffsiteTokens } from './offsite-token.ts';
import { resolveShortener, type ShortenerOptions } from './shortener-resolver.ts';

export interface OffsiteDeps {
  db: Executor;
  tokens: OffsiteTokens;
  counters: CounterStore;
  shorteners: ShortenerOptions;
}

/** Who asks: the signed-in user (or null), the address as a rate-limit key, the browser's csrftoken. */
export interface OffsiteRequester {
  viewerId: number | null;
  address: string;
  browser: string;
}

// When several rules cover a host (a domain and its parent), the strictest one counts.
const SEVERITY: Record<OffsiteRuleStatus, number> = { blocked: 3, porn: 2, suspicious: 1 };

/** The status the rules give an http(s) link's host and its parent domains ('safe' without one). */
export async function ruleStatusOf(db: Executor, url: string): Promise<OffsiteRedirectStatus | null> {
  const host = linkHostOf(url);
  if (!host) return null;
  const rules = await findRulesFor(db, domainCandidates(host));
  let status: OffsiteRedirectStatus = 'safe';
  for (const rule of rules) {
    if (status === 'safe' || SEVERITY[rule.status] > SEVERITY[status]) status = rule.status;
  }
  return status;
}

/**
 * `POST /v3/offsite/` (decision 28; docs/product/outbound-links.md): whether a link may open. With a pin,
 * the link must be that pin's, and the pin one the viewer may see (else pin_not_found, as a pin
 * that does not exist). A shortener's link is followed first and its destination checked;
 * one we cannot follow is suspicious. A safe link gets a token that opens it through
 * `/offsite/` for ten minutes in this browser. A promoted card's safe link first goes through
 * `onSafe`, which counts the click and answers the link to open (decision 69: with the landing
 * token a conversion tag reads).
 */
export async function checkOffsiteLink(
  deps: OffsiteDeps,
  requester: OffsiteRequester,
  body: OffsiteCheckBody,
  now: Date,
  onSafe?: (url: string) => Promise<string>,
): Promise<OffsiteCheck> {
  const who = requester.viewerId === null ? byIp(requester.address) : byUser(requester.viewerId);
  await enforceRateLimit(deps.counters, 'offsite-check', who);
  if (!linkHostOf(body.url)) throw new AppError('offsite_bad_url');
  const pinId = body.pin_id ?? null;
  if (pinId !== null) {
    const pin = await findPinById(deps.db, Number(pinId), requester.viewerId);
    if (!pin) throw new AppError('pin_not_found');
    if (!pin.link || !sameLink(pin.link, body.url)) throw new AppError('offsite_link_mismatch');
  }

  const resolution = await resolveShortener(body.url, deps.shorteners);
  if (resolution.kind === 'unresolved') return { redirect_status: 'suspicious', url: body.url, token: null };
  const url = resolution.kind === 'resolved' ? resolution.url : body.url;
  const status = (await ruleStatusOf(deps.db, url)) ?? 'suspicious';
  if (status !== 'safe') return { redirect_status: status, url, token: null };
  const opened = onSafe ? await onSafe(url) : url;
  return {
    redirect_status: status,
    url: opened,
    token: deps.tokens.sign({ url: opened, pinId, browser: requester.browser }, now),
  };
}

export type OffsiteOpening =
  | { kind: 'redirect'; url: string }
  | { kind: 'refused'; reason: 'blocked' | 'suspicious' | 'porn' | 'invalid' };

/**
 * `GET /offsite/`: the link opens only with a valid, unexpired token for this exact link, pin
 * and browser, and only if no rule covers it now (a rule added after the check still stops it).
 */
export async function openOffsiteLink(
  deps: Pick<OffsiteDeps, 'db' | 'tokens'>,
  input: { token: string; url: string; pinId: string | null; browser: string },
  now: Date,
): Promise<OffsiteOpening> {
  const status = await ruleStatusOf(deps.db, input.url);
  if (status === null) return { kind: 'refused', reason: 'invalid' };
  if (status !== 'safe') return { kind: 'refused', reason: status };
  const claims = { url: input.url, pinId: input.pinId, browser: input.browser };
  if (!deps.tokens.verify(input.token, claims, now)) return { kind: 'refused', reason: 'invalid' };
  return { kind: 'redirect', url: input.url };
}

/** The same link, allowing for how a URL parser writes it (`HTTP://Example.com` = `http://example.com/`). */
function sameLink(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}
