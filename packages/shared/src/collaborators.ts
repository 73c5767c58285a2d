import { z } from 'zod';
import { EmailSchema } from './auth/email.ts';
import { BoardPrivacySchema } from './boards.ts';
import { IdSchema } from './ids.ts';
import { UserSummarySchema } from './users.ts';

/** How many people one invite call may name (the web's invite queue). */
export const INVITEES_MAX = 50;
/** Rows of the invite field's typeahead. */
export const COLLABORATOR_SUGGESTIONS_MAX = 10;

/**
 * A collaborator email is valid when it passes the product's email format
 * check (the sign-up one, so a throwaway-inbox domain is not valid either).
 */
export function isValidCollaboratorEmail(email: string): boolean {
  return EmailSchema.safeParse(email).success;
}

/** Whether a typed query is meant as an email address (then the typeahead offers an email row). */
export const looksLikeEmail = (q: string) => q.includes('@');

/** One entry of the invite queue: an account by id, or an email address. */
export const InviteeSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('user'), id: IdSchema }),
  z.strictObject({ type: z.literal('email'), email: EmailSchema }),
]);
export type Invitee = z.infer<typeof InviteeSchema>;

/** `POST /v3/boards/{id}/collaborators/`: the invite queue, sent after the board is saved. */
export const InviteCollaboratorsBodySchema = z.strictObject({
  invitees: z.array(InviteeSchema).min(1).max(INVITEES_MAX),
});
export type InviteCollaboratorsBody = z.infer<typeof InviteCollaboratorsBodySchema>;

export const BoardCollaboratorParamsSchema = z.strictObject({ id: IdSchema, userId: IdSchema });
export const BoardInviteParamsSchema = z.strictObject({ id: IdSchema });

export const CollaboratorSuggestionsQuerySchema = z.strictObject({
  q: z.string().trim().max(254).default(''),
});

/**
 * A row of the invite field's typeahead (docs/product/boards.md#invitations). An email
 * row carries the typed address as `id` and `full_name`; `valid` drives 'Keep typing!' or
 * 'Click to send!'. User rows are always valid.
 */
export const CollaboratorSuggestionSchema = z.object({
  type: z.enum(['user', 'email']),
  id: z.string(),
  full_name: z.string(),
  username: z.string().nullable(),
  image_medium_url: z.string().nullable(),
  valid: z.boolean(),
});
export type CollaboratorSuggestion = z.infer<typeof CollaboratorSuggestionSchema>;

/** A pending invitation of a board, as its owner and collaborators see it. */
export const BoardInviteSchema = z.object({
  id: IdSchema,
  type: z.literal('board_invite'),
  board_id: IdSchema,
  status: z.enum(['pending', 'accepted', 'declined']),
  /** The invited account; null for an invitation by email. */
  invitee: UserSummarySchema.nullable(),
  /** The invited address (shown to the board's owner only; null otherwise and for accounts). */
  invitee_email: z.string().nullable(),
  inviter: UserSummarySchema,
  created_at: z.string(),
});
export type BoardInvite = z.infer<typeof BoardInviteSchema>;

/** `GET|POST /v3/boards/{id}/collaborators/`: who is on a board and who is invited. */
export const BoardCollaboratorsSchema = z.object({
  board_id: IdSchema,
  owner: UserSummarySchema,
  collaborators: z.array(UserSummarySchema),
  invites: z.array(BoardInviteSchema),
});
export type BoardCollaborators = z.infer<typeof BoardCollaboratorsSchema>;

/** Who invited someone to a board (docs/product/boards.md#invitations). */
export const InviterSchema = z.object({
  id: IdSchema,
  username: z.string(),
  first_name: z.string(),
  full_name: z.string(),
  image_medium_url: z.string().nullable(),
  is_default_image: z.boolean(),
});
export type Inviter = z.infer<typeof InviterSchema>;

/** An invitation addressed to the viewer (`GET /v3/users/me/board_invites/`). */
export const ViewerBoardInviteSchema = z.object({
  id: IdSchema,
  type: z.literal('board_invite'),
  status: z.enum(['pending', 'accepted', 'declined']),
  created_at: z.string(),
  board: z.object({
    id: IdSchema,
    name: z.string(),
    url: z.string(),
    privacy: BoardPrivacySchema,
  }),
  inviter: InviterSchema,
});
export type ViewerBoardInvite = z.infer<typeof ViewerBoardInviteSchema>;
