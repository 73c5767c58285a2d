import { createContext, useContext } from 'react';

/**
 * The ad account the viewer is acting for, if any (docs/product/saving.md#rules). An ad-account
 * viewer who is not its owner makes boards that are always protected (the secret toggle locked
 * on, `advertiser_id` sent); with no context, or as the owner, the viewer acts for themselves.
 */
export interface AdvertiserContextValue {
  advertiserId: string;
  isOwner: boolean;
}

/**
 * Nobody provides a value yet: switching to a business profile (the business access profiles call)
 * is a later issue, which will provide it around the app from the chosen profile. Until then
 * every viewer acts for themselves.
 */
export const AdvertiserContext = createContext<AdvertiserContextValue | null>(null);

export function useAdvertiserContext(): AdvertiserContextValue | null {
  return useContext(AdvertiserContext);
}

/** Acting for an ad account one does not own. */
export function isAdAccountViewer(context: AdvertiserContextValue | null): context is AdvertiserContextValue {
  return context !== null && !context.isOwner;
}

/**
 * The `advertiser_id` a save and the board picker send (docs/product/saving.md#who-may-do-what): the ad
 * account's id for an ad-account viewer who is not its owner; none for everyone else.
 */
export function useAdvertiserIdToSend(): string | undefined {
  const context = useAdvertiserContext();
  return isAdAccountViewer(context) ? context.advertiserId : undefined;
}
