import type { Pin, UserSummary } from '@pinboard/shared';
import type { TFunction } from '../../i18n.ts';

/** The name shown for a person: their full name, else their username. */
export function displayName(user: UserSummary): string {
  return user.full_name || user.username;
}

/** Text describing a pin's image: its alt text, else its title, else its description, else who pinned it. */
export function pinAltText(pin: Pin, t: TFunction): string {
  return pin.alt_text || pin.title || pin.description || t('pin.untitled', { name: displayName(pin.pinner) });
}
