/** The viewer's place, from the session's client_context (docs/product/accounts.md#api-calls). */
export interface ClientPlace {
  country?: string | null;
  region_from_ip?: string | null;
}

export type TermsVariant = 'florida' | 'noticeAtCollection';

/**
 * Which extra notice the sign-up terms carry (the rule is ours; docs/product/accounts.md#screens).
 * Ours: a viewer in Florida (country US, region FL) gets the under-18 opt-in notice that
 * Florida's law on minors' accounts calls for; everyone else gets the Notice at collection
 * link, which California requires and which does no harm elsewhere.
 */
export function termsVariant(place: ClientPlace | null | undefined): TermsVariant {
  const country = place?.country?.toUpperCase();
  const region = place?.region_from_ip?.toUpperCase();
  return country === 'US' && (region === 'FL' || region === 'US-FL') ? 'florida' : 'noticeAtCollection';
}
