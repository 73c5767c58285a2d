/**
 * Discovery and link safety (issue 9): the values the search advisories, recent searches and
 * outbound link checks share between the server, the admin commands and the web app.
 */

/** Spec 3 section 3: a search advisory's severity. */
export const ADVISORY_SEVERITIES = { ABUSIVE: 0, SENSITIVE: 1, BRAND_UNSAFE: 2 } as const;
export type AdvisorySeverityName = keyof typeof ADVISORY_SEVERITIES;

/** What an operator can say about a link's domain (`npm run admin -- offsite-rule add`). */
export const OFFSITE_RULE_STATUSES = ['blocked', 'suspicious', 'porn'] as const;
export type OffsiteRuleStatus = (typeof OFFSITE_RULE_STATUSES)[number];

/** How many recent searches a signed-in viewer keeps. */
export const RECENT_SEARCHES_MAX = 10;
