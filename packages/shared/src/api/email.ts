import {
  EmailSubscriptionBodySchema,
  EmailSubscriptionQuerySchema,
  EmailSubscriptionSchema,
  UserSurveyBodySchema,
  UserSurveyResultSchema,
} from '../email-mail.ts';
import { defineEndpoint } from './endpoint.ts';

const tag = 'email';

/**
 * Mail choices by a mail's link or signed in, and the user survey (decision 53). A mail's token is
 * the credential, so these take visitors; without a token they need a session. The one-click
 * unsubscribe of RFC 8058 is not here: it is `POST /email/subscription/?token=` (a mail client's
 * form post to the link itself, not a JSON call).
 */
export const emailEndpoints = {
  getEmailSubscription: defineEndpoint({
    method: 'GET',
    path: '/v3/email/subscription/',
    summary: "The mail choices of a mail link's person (by its token) or of the viewer",
    tag,
    access: 'visitor',
    query: EmailSubscriptionQuerySchema,
    rateLimit: { limit: 'email-link', by: 'address' },
    response: EmailSubscriptionSchema,
    cache: { control: 'private, no-store' },
  }),
  updateEmailSubscription: defineEndpoint({
    method: 'PUT',
    path: '/v3/email/subscription/',
    summary: "Changes mail choices by category, by a mail link's token or signed in",
    tag,
    access: 'visitor',
    body: EmailSubscriptionBodySchema,
    rateLimit: { limit: 'email-link', by: 'address' },
    response: EmailSubscriptionSchema,
    cache: { control: 'private, no-store' },
  }),
  submitUserSurvey: defineEndpoint({
    method: 'POST',
    path: '/v3/email/user_survey/',
    summary: "Stores the user survey's answers, by a mail link's token or signed in",
    tag,
    access: 'visitor',
    body: UserSurveyBodySchema,
    rateLimit: { limit: 'user-survey', by: 'address' },
    response: UserSurveyResultSchema,
    cache: { control: 'no-store' },
  }),
};
