import { AUTH_LIMITS, isBotCheckLocalLimitExceeded } from '@pinboard/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { fetchBotCheckChallenge } from '../authApi.ts';
import { altchaPayload, solveAltcha } from './altcha.ts';

const STAMPS_KEY = 'pinboard.botCheckStamps';
// A submit waits this long for a token, then goes without
// one (the server then decides; a missing token is a failed check, not a hung form).
const TOKEN_WAIT_MS = 8000;

function readStamps(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STAMPS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((value): value is number => typeof value === 'number') : [];
  } catch {
    return [];
  }
}

function addStamp(nowSeconds: number) {
  const kept = readStamps().slice(-(AUTH_LIMITS.botCheckLocalLimit.stamps - 1));
  try {
    localStorage.setItem(STAMPS_KEY, JSON.stringify([...kept, nowSeconds]));
  } catch {
    // Storage may be full or blocked; the limit then simply does not apply.
  }
}

/** A fresh bot-check token, or undefined when the server runs none (BOT_CHECK=off) or it failed. */
async function produceToken(signal: AbortSignal): Promise<string | undefined> {
  const answer = await fetchBotCheckChallenge(signal);
  if (answer.provider !== 'altcha' || !answer.challenge) return undefined;
  addStamp(Math.floor(Date.now() / 1000));
  const number = await solveAltcha(answer.challenge, signal);
  return number === null ? undefined : altchaPayload(answer.challenge, number);
}

export interface BotCheck {
  /** The current token, solving a challenge first when there is none. */
  getToken: () => Promise<string | undefined>;
  /** Drops the token (it was spent or refused) and solves a new one. */
  refresh: () => void;
  /** Solves a new challenge now, whatever the local limit (the visible check after 'too quick'). */
  verify: () => Promise<boolean>;
}

/**
 * The bot check the sign-up and login forms send as `recaptchaV3Token` (docs/product/accounts.md#api-calls).
 * A token is solved in the background and renewed every 105 s, as it expires server-side.
 * The local limit (docs/product/accounts.md#bot-check): once three tokens were solved within an hour
 * (stamps in localStorage), the background renewal pauses, so an idle modal does not keep
 * spending the visitor's CPU; a submit still solves one on demand.
 */
export function useBotCheck(): BotCheck {
  const token = useRef<Promise<string | undefined> | null>(null);
  const controller = useRef<AbortController | null>(null);

  const solve = useCallback(() => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    token.current = produceToken(next.signal).catch(() => undefined);
    return token.current;
  }, []);

  const refreshInBackground = useCallback(() => {
    if (isBotCheckLocalLimitExceeded(readStamps(), Math.floor(Date.now() / 1000))) {
      token.current = null;
      return;
    }
    void solve();
  }, [solve]);

  useEffect(() => {
    refreshInBackground();
    const timer = setInterval(refreshInBackground, AUTH_LIMITS.botCheckRefreshMs);
    return () => {
      clearInterval(timer);
      controller.current?.abort();
    };
  }, [refreshInBackground]);

  const getToken = useCallback(() => {
    const pending = token.current ?? solve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), TOKEN_WAIT_MS);
    });
    return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
  }, [solve]);
  const verify = useCallback(async () => Boolean(await solve()), [solve]);
  return useMemo(
    () => ({ getToken, refresh: refreshInBackground, verify }),
    [getToken, refreshInBackground, verify],
  );
}

/**
 * A bot check that solves only when asked, for a button most visitors never press (the one-tap
 * card): no background work on every page.
 */
export const onDemandBotCheck: BotCheck = {
  getToken: () => produceToken(new AbortController().signal).catch(() => undefined),
  refresh: () => {},
  verify: async () => Boolean(await onDemandBotCheck.getToken()),
};
