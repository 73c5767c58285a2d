/** The viewer's place, from the session's client_context (spec 1 section 3 'Other'). */
export interface ClientPlace {
  country?: string | null;
  region_from_ip?: string | null;
}

export type TermsVariant = 'florida' | 'noticeAtCollection';

/**
 * Which extra notice the sign-up terms carry (spec 1 section 2 gives the two without the rule).
 * Ours: a viewer in Florida (country US, region FL) gets the under-18 opt-in notice that
 * Florida's law on minors' accounts calls for; everyone else gets the Notice at collection
 * link, which California requires and which does no harm elsewhere.
 */
export function termsVariant(place: ClientPlace | null | undefined): TermsVariant {
  const country = place?.country?.toUpperCase();
  const region = place?.region_from_ip?.toUpperCase();
  return country === 'US' && (region === 'FL' || region === 'US-FL') ? 'florida' : 'noticeAtCollection';
}
