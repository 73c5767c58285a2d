import { z } from 'zod';
import {
  EmailFrequencySchema,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
} from './account-settings.ts';

/**
 * Mail preferences by link and the user survey (decision 53). Not re-exported from
 * the package index (it reads the account settings): import it as `@pinboard/shared/email-mail`.
 */

/** The web page every notification mail's unsubscribe link opens (with `?token=`). */
export const EMAIL_SUBSCRIPTION_PATH = '/email/subscription/';
/** The feedback form a digest links to (with `?token=`); signed in, no token is needed. */
export const USER_SURVEY_PATH = '/email/user_survey/';

/** A mailed link's token: signed, never longer than this. */
const TokenSchema = z
  .string({ error: 'email_link_invalid' })
  .min(1)
  .max(300, { error: 'email_link_invalid' });

/** `GET /v3/email/subscription/`: the token of a mail's link, or none when signed in. */
export const EmailSubscriptionQuerySchema = z.strictObject({ token: TokenSchema.optional() });
export type EmailSubscriptionQuery = z.infer<typeof EmailSubscriptionQuerySchema>;

/** Each category's mail choice. */
export const EmailChoicesSchema = z.object(
  Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, EmailFrequencySchema])) as {
    [K in NotificationCategory]: typeof EmailFrequencySchema;
  },
);
export type EmailChoices = z.infer<typeof EmailChoicesSchema>;

/** The answer of the subscription calls: the address (partly hidden) and every category's choice. */
export const EmailSubscriptionSchema = z.object({
  /** `l***@example.com`: enough to recognise one's own address, not enough to learn someone's. */
  email: z.string(),
  /** The categories the link's mail was sent for (null when signed in without a token). */
  categories: z.array(z.enum(NOTIFICATION_CATEGORIES)).nullable(),
  choices: EmailChoicesSchema,
});
export type EmailSubscription = z.infer<typeof EmailSubscriptionSchema>;

/** `PUT /v3/email/subscription/`: the categories to change (the others stay), by token or signed in. */
export const EmailSubscriptionBodySchema = z.strictObject({
  token: TokenSchema.optional(),
  choices: EmailChoicesSchema.partial().strict(),
});
export type EmailSubscriptionBody = z.infer<typeof EmailSubscriptionBodySchema>;

/** What people use Pinboard for (the survey's choices, any number of them). */
export const SURVEY_USES = [
  'ideas',
  'recipes',
  'home',
  'style',
  'diy',
  'travel',
  'shopping',
  'work',
  'other',
] as const;
export type SurveyUse = (typeof SURVEY_USES)[number];
/** The longest free-text answer, in characters. */
export const SURVEY_TEXT_MAX = 1000;

/** `POST /v3/email/user_survey/`: the answers, with the mail's token or signed in. */
export const UserSurveyBodySchema = z.strictObject({
  token: TokenSchema.optional(),
  satisfaction: z
    .number({ error: 'survey_satisfaction_invalid' })
    .int({ error: 'survey_satisfaction_invalid' })
    .min(1, { error: 'survey_satisfaction_invalid' })
    .max(5, { error: 'survey_satisfaction_invalid' }),
  uses: z
    .array(z.enum(SURVEY_USES, { error: 'survey_uses_invalid' }), { error: 'survey_uses_invalid' })
    .max(SURVEY_USES.length, { error: 'survey_uses_invalid' })
    .refine((uses) => new Set(uses).size === uses.length, { error: 'survey_uses_invalid' })
    .default([]),
  text: z
    .string({ error: 'survey_text_too_long' })
    .max(SURVEY_TEXT_MAX, { error: 'survey_text_too_long' })
    .default(''),
});
export type UserSurveyBody = z.input<typeof UserSurveyBodySchema>;
/** The answers as the server reads them (defaults filled in). */
export type UserSurveyAnswers = z.output<typeof UserSurveyBodySchema>;
export const UserSurveyResultSchema = z.object({ received: z.literal(true) });
export type UserSurveyResult = z.infer<typeof UserSurveyResultSchema>;
