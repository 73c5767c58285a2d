import { AUTH_LIMITS } from '@pinboard/shared';
import { readCookie } from '../../api/client.ts';

const COOKIE = 'underage';
const DAY_SECONDS = 86_400;

/** The flag that blocks sign-up after an underage answer. */
export function hasUnderageFlag(): boolean {
  return readCookie(COOKIE, document.cookie) === '1';
}

export function setUnderageFlag() {
  const maxAge = AUTH_LIMITS.underageFlagDays * DAY_SECONDS;
  document.cookie = `${COOKIE}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export function clearUnderageFlag() {
  document.cookie = `${COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
