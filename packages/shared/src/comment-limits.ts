/**
 * Comment limits, free of zod so the closeup's comment field can import them
 * (`@pinboard/shared/comment-limits`) without pulling the schemas into the first view.
 */

/** The longest comment, in characters after trimming. */
export const COMMENT_TEXT_MAX = 500;
