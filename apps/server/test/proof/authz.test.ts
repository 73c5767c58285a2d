/**
 * The authorization proof: every operation of the OpenAPI document that addresses an object
 * (an id, username, slug, provider or session in the path, or a board, section, pin or upload id
 * in the body or query) is tried by every role on every kind of object it addresses. A role the
 * matrix does not allow must get no 2xx and change nothing in the database; a role that may not
 * see the object must get exactly the answer a missing object gets, and no answer to such a role
 * may carry the name of an object hidden from it. The allowed roles are tried too, on fresh copies
 * of the objects, and must succeed: a probe refused for a malformed request would prove nothing.
 *
 * Every operation is either in the matrix or on the list of public operations (those that address
 * no object), so an operation added later fails here until someone classifies it.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../src/db/sql-helpers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardFollows, userFollows } from '../../src/db/schema/social.ts';
import { mediaUploads } from '../../src/db/schema/media-uploads.ts';
import { QuickPromoteBodySchema } from '@pinboard/shared';
import {
  billingProfiles,
  businessInvites,
  businessMembers,
  businessProfiles,
} from '../../src/db/schema/business.ts';
import { openAdvertiser } from '../../src/modules/business/business.service.ts';
import { quickPromotePin } from '../../src/modules/business/quick-promote.service.ts';
import { users } from '../../src/db/schema/users.ts';
import { inArray } from 'drizzle-orm';
import { insertPendingInvite } from '../../src/modules/boards/collaborators.repository.ts';
import { createPinComment } from '../../src/modules/comments/comments.service.ts';
import {
  insertConversation,
  insertMessage,
  memberKeyOf,
} from '../../src/modules/messages/messages.repository.ts';
import { decidePendingQrLogin, insertQrLogin } from '../../src/modules/auth/qr/qr-login.repository.ts';
import { publicSessionId } from '../../src/modules/settings/settings.presenter.ts';
import { hashSessionToken } from '../../src/plugins/viewer.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { TestBrowser, type BrowserResponse } from '../helpers/browser.ts';
import { signedInBrowser } from '../helpers/board-writes.ts';
import { fillPath, listOperations } from '../helpers/openapi.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { TEST_ENGINE } from '../helpers/test-database.ts';

/**
 * The roles around an object. A collaborator always has write access (save, move pins, sections,
 * archive for themselves): there is no read-only collaborator, so the invitee who has not accepted
 * and the follower stand for the people close to a board without access. On a business profile
 * (decision 55) the owner holds the OWNER role, the collaborator ADMIN and the follower ANALYST (both
 * with two-factor login on, which acting for another profile needs); the others have no role.
 */
const ROLES = ['visitor', 'stranger', 'follower', 'invitee', 'collaborator', 'owner'] as const;
type Role = (typeof ROLES)[number];
const SIGNED_IN: Role[] = ['stranger', 'follower', 'invitee', 'collaborator', 'owner'];
const MEMBERS: Role[] = ['collaborator', 'owner'];

/**
 * Words in the names of hidden objects: MEMBERS_ONLY in secret and protected boards, their
 * sections and pins (seen by their owner and collaborators only); NOBODY in the objects of
 * suspended and deactivated accounts (seen by no one).
 */
const MEMBERS_ONLY = 'zqmembersonly';
const NOBODY = 'zqnobody';
const PUBLIC_WORD = 'zqpublic';
/** In the address of every board's email invitation, which only the board's owner may read. */
const INVITED_ADDRESS = 'zqaddress';

const MISSING_ID = '999999999999';
const MISSING_USERNAME = 'zz_nobody_here';
const PIN_LINK = 'https://example.com/zq-pin';

/** The values requests are built from: one object of some kind, or its missing twin. */
interface Target {
  username: string;
  userId: string;
  boardId: string;
  slug: string;
  sectionId: string;
  sectionSlug: string;
  pinId: string;
  inviteId: string;
  uploadId: string;
  sessionId: string;
  provider: string;
  qrId: string;
  qrSecret: string;
  claimId: string;
  /** The pin's comment, by the board's owner (who pinned the pin). */
  commentId: string;
  conversationId: string;
  /** The owner's message in that conversation. */
  messageId: string;
  /** A business profile and its ad account's things (decision 55). */
  profileId: string;
  memberId: string;
  businessInviteId: string;
  advertiserId: string;
  campaignId: string;
  adGroupId: string;
  adId: string;
}

const MISSING: Target = {
  username: MISSING_USERNAME,
  userId: MISSING_ID,
  boardId: MISSING_ID,
  slug: 'no-such-board',
  sectionId: MISSING_ID,
  sectionSlug: 'no-such-section',
  pinId: MISSING_ID,
  inviteId: MISSING_ID,
  uploadId: MISSING_ID,
  sessionId: 'A'.repeat(22),
  provider: 'nobody-provider',
  qrId: 'no-such-qr-code',
  qrSecret: 'no-such-secret',
  claimId: MISSING_ID,
  commentId: MISSING_ID,
  conversationId: MISSING_ID,
  messageId: MISSING_ID,
  profileId: MISSING_ID,
  memberId: MISSING_ID,
  businessInviteId: MISSING_ID,
  advertiserId: MISSING_ID,
  campaignId: MISSING_ID,
  adGroupId: MISSING_ID,
  adId: MISSING_ID,
};

/** A role's own things: the board it saves to, one of its sections and pins, one upload. */
interface Own {
  userId: string;
  boardId: string;
  sectionId: string;
  pinId: string;
  uploadId: string;
}

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path; filled from `params`. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

type KindName =
  | 'public board'
  | 'archived board'
  | 'secret board'
  | 'protected board'
  | "suspended owner's board"
  | "deactivated owner's board"
  | 'person'
  | 'suspended person'
  | 'deactivated person'
  | 'invitation by account'
  | 'invitation by email'
  | "invitation to a suspended owner's board"
  | 'upload'
  | 'session'
  | 'identity'
  | 'pending QR code'
  | 'approved QR code'
  | 'website claim'
  | 'conversation'
  | 'message request'
  | 'other person'
  | 'business profile'
  | 'removed pin'
  | 'removed comment';

interface Kind {
  name: KindName;
  /** Who may see it; to anyone else every answer about it is the answer about a missing one. */
  visibleTo: readonly Role[];
  /** Makes one (the world's, or a fresh one for an allowed role's try). */
  build(): Promise<Target>;
  /** The same target with the addressed object replaced by one that does not exist. */
  missing(target: Target): Target;
}

const BOARD_KINDS: KindName[] = [
  'public board',
  'archived board',
  'secret board',
  'protected board',
  "suspended owner's board",
  "deactivated owner's board",
];
const PERSON_KINDS: KindName[] = ['person', 'suspended person', 'deactivated person'];
const INVITATION_KINDS: KindName[] = [
  'invitation by account',
  'invitation by email',
  "invitation to a suspended owner's board",
];

/** One row of the matrix: an operation, the kinds it is tried on, its request, who may succeed. */
interface Entry {
  op: string;
  /** What varies between rows of the same operation. */
  label?: string;
  on: KindName[];
  request(target: Target, own: Own): Request;
  allowed(kind: Kind): readonly Role[];
  /** Why no role may ever succeed (so there is no allowed try to prove the request well formed). */
  noControl?: string;
}

const seers = (kind: Kind) => kind.visibleTo;
const signedInSeers = (kind: Kind) => kind.visibleTo.filter((role) => role !== 'visitor');
const members = (kind: Kind) => kind.visibleTo.filter((role) => MEMBERS.includes(role));
const ownerOnly = (kind: Kind) => kind.visibleTo.filter((role) => role === 'owner');
const notOwner = (roles: readonly Role[]) => roles.filter((role) => role !== 'owner');
const nobody = () => [];
/** A business profile's OWNER and ADMIN (the owner and the collaborator), of those who see it. */
const managers = (kind: Kind) => kind.visibleTo.filter((role) => MEMBERS.includes(role));

function quickPromoteBody(o: Target) {
  return {
    budget_in_micro_currency: 7_000_000,
    campaign_name: 'Probe',
    destination_url: null,
    duration: 10,
    auto_targeting_enabled: true,
    is_ongoing: true,
    start_now: true,
    targeting_spec: {},
    advertiser_id: o.advertiserId,
    ads_client_type: 'quick_promote',
    pin_id: o.pinId,
    product_group_id: null,
    flexible_daily_budget_enabled: false,
  };
}

/**
 * Operations that address no object: they act on the viewer's own account, or on nothing, or list
 * public things (those lists are searched for hidden names below).
 */
const PUBLIC_OPERATIONS: Record<string, string> = {
  'POST /v3/register/': 'creates an account',
  'POST /v3/login/': 'signs in with credentials',
  'POST /v3/users/forgot_password/': 'sends a reset link to the address given',
  'POST /v3/users/reset_password/': 'the reset token is the credential',
  'POST /v3/logout/': "ends the viewer's own session",
  'GET /v3/register/exists/': 'sign-up check of an address',
  'GET /v3/email/validation/': 'sign-up check of an address',
  'GET /v3/register/password_rules/': 'static rules',
  'GET /v3/bot_check/challenge/': 'a new challenge',
  'POST /v3/events/': "the viewer's own client events",
  'POST /v3/promoted/events/': 'each signed ad token names its viewer; only theirs count, once',
  'POST /v3/promoted/conversions/':
    "a conversion tag's call from any site, without cookies: each signed landing token converts once, after its click, for its ad group's own tag and event",
  'POST /v3/login/qr/': 'starts a new code for this screen',
  'GET /v3/auth/providers/': 'static list',
  'GET /v3/users/settings/': "the viewer's own settings",
  'GET /v3/users/settings/security/': "the viewer's own settings",
  'POST /v3/users/settings/email/': "the viewer's own settings (password asked)",
  'POST /v3/users/settings/password/': "the viewer's own settings (password asked)",
  'POST /v3/users/settings/phone/': "the viewer's own settings (password asked)",
  'DELETE /v3/users/settings/phone/': "the viewer's own settings (password asked)",
  'POST /v3/users/settings/phone/confirm/': "the viewer's own settings",
  'PUT /v3/users/settings/two_factor/': "the viewer's own settings (password asked)",
  'POST /v3/users/settings/backup_codes/': "the viewer's own settings (password asked)",
  'GET /v3/users/settings/sessions/': "the viewer's own sessions",
  'POST /v3/users/settings/sessions/logout_all/': "the viewer's own sessions",
  'POST /v3/users/settings/close/': "the viewer's own account (password asked)",
  'POST /v3/facebook/login_data/': "the provider's token is the credential",
  'POST /v3/facebook/profile_data/': "the provider's token is the credential",
  'POST /v3/sso/info/': 'whether an address has single sign-on',
  'POST /v3/sso/exchange/': "the provider's code is the credential",
  'GET /v3/users/settings/identities/': "the viewer's own identities",
  'POST /v3/users/settings/identities/':
    "links to the viewer's own account; the provider's signed token is the credential (another account's identity: settings-identities.test.ts)",
  'POST /v3/users/settings/password/first/': "the viewer's own account",
  'PATCH /v3/users/settings/profile/': "the viewer's own profile (a taken name: profile-edit.test.ts)",
  'GET /v3/users/settings/profile/username/': "the viewer's own profile (tells only taken or free)",
  'POST /v3/users/settings/avatar/': "the viewer's own profile picture",
  'DELETE /v3/users/settings/avatar/': "the viewer's own profile picture",
  'GET /v3/users/me/': 'the viewer',
  'GET /v3/collaborators/suggestions/': 'people to invite to a board not yet made',
  'GET /v3/users/me/board_invites/': "the viewer's own invitations",
  'GET /v3/search/autocomplete/': 'public search (scanned below)',
  'GET /v3/search/pins/': 'public search (scanned below)',
  'GET /v3/search/boards/': 'public search (scanned below)',
  'GET /v3/search/users/': 'public search (scanned below)',
  'GET /v3/search/typeahead/': 'public search (scanned below)',
  'GET /v3/search/recent/': "the viewer's own searches",
  'DELETE /v3/search/recent/': "the viewer's own searches",
  'PUT /v3/pins/image/': 'registers a new upload of the viewer',
  'GET /v3/pins/find_images/': 'reads a public web page',
  'POST /v3/media/uploads/': 'a new upload of the viewer',
  'GET /v3/feeds/home/': 'public pins (scanned below)',
  'GET /v3/discover/ideas/': 'public pins (scanned below)',
  'GET /v3/discover/today/': 'public pins (scanned below)',
  'GET /v3/discover/today/{kind}/': 'public pins of a fixed list (scanned below)',
  'GET /v3/discover/topics/{name}/pins/': 'public pins of a topic word (scanned below)',
  'GET /v3/experiments/': "the viewer's own groups",
  'GET /v3/notifications/':
    "the viewer's own notifications (scanned below; each kind's visibility: notifications.test.ts)",
  'POST /v3/notifications/seen/': "the viewer's own notifications",
  'GET /v3/live/': "the viewer's own live events (what they carry: the notifications list's items)",
  'PATCH /v3/users/settings/': "the viewer's own settings",
  'GET /v3/users/settings/notifications/': "the viewer's own settings",
  'PUT /v3/users/settings/notifications/': "the viewer's own settings",
  'POST /v3/users/settings/email/verification/': "mails the viewer's own address",
  'POST /v3/users/email/verify/': 'the mailed token is the credential',
  'GET /v3/users/settings/claimed_websites/': "the viewer's own claims",
  'POST /v3/users/settings/claimed_websites/': 'a new claim of the viewer',
  'GET /v3/domains/{domain}/official_user/':
    "a website's verified owner: a public fact, active accounts only",
  'GET /v3/feeds/following/': 'public pins of whom the viewer follows (scanned below)',
  'GET /v3/interests/': "public interests and the viewer's own choice (scanned below)",
  'PUT /v3/users/me/interests/': "the viewer's own interests",
  'GET /v3/email/subscription/':
    "the mailed token is the credential, else the viewer's own choices (tampering: email-notifications.test.ts)",
  'PUT /v3/email/subscription/':
    "the mailed token is the credential, else the viewer's own choices (tampering: email-notifications.test.ts)",
  'POST /v3/email/user_survey/': "the mailed token is the credential, else the viewer's own answer",
  'GET /v3/conversations/': "the viewer's own conversations (what a message shows: messages.test.ts)",
  'GET /v3/conversations/people/':
    'people the viewer may send to: active accounts, none blocked either way (messages.test.ts)',
  'POST /v3/business/convert/': "makes the viewer's own account a business",
  'POST /v3/business/create/': 'a new business the viewer owns',
  'GET /vx/business_access/profiles/':
    "the profiles the viewer has a role on (each role's: business-accounts.test.ts)",
  'GET /ads/v4/advertisers/': "the ad accounts of the viewer's profiles (business-roles.test.ts)",
  'POST /ads/v4/advertisers/':
    "a new ad account of the viewer's own profile, or of one they manage (business-roles.test.ts)",
  'GET /v3/business_access/invites/{token}/': 'the mailed token is the credential, for its address only',
  'POST /v3/business_access/invites/{token}/accept/':
    'the mailed token is the credential, for its address only',
  'GET /v3/reports/': "the viewer's own reports and the violations against the viewer's things",
  'GET /v3/appeals/': "the viewer's own appeals",
  'POST /v3/age-appeals/': 'a new age review asked for by anyone (there is no account yet)',
  'GET /v3/age-appeals/{id}/':
    'the key the review was given is the credential (a wrong key: moderation.test.ts)',
};

/**
 * The public reads searched for hidden names, as every role; `{copy}` is a public save of a secret
 * board's pin (its collaborator's, under a title of their own), `{secretPin}` that pin, `{role}` the
 * username of that role's person.
 */
const SCANS: string[] = [
  // First, before the searches below are among the viewer's recent ones (which typeahead shows).
  `/v3/search/typeahead/?term=zq`,
  `/v3/search/autocomplete/?q=zq`,
  `/v3/search/pins/?q=${MEMBERS_ONLY}`,
  `/v3/search/pins/?q=${MEMBERS_ONLY}&top_pin_id={secretPin}`,
  `/v3/search/pins/?q=${NOBODY}`,
  `/v3/search/boards/?q=${MEMBERS_ONLY}`,
  `/v3/search/boards/?q=${NOBODY}`,
  `/v3/search/users/?q=${NOBODY}`,
  `/v3/search/pins/?q=${PUBLIC_WORD}`,
  `/v3/search/boards/?q=${PUBLIC_WORD}`,
  `/v3/collaborators/suggestions/?q=${NOBODY}`,
  '/v3/feeds/home/',
  '/v3/feeds/following/',
  '/v3/interests/',
  '/v3/discover/ideas/',
  '/v3/discover/today/',
  ...['trending', 'popular', 'best', 'article'].map((kind) => `/v3/discover/today/${kind}/`),
  `/v3/discover/topics/${MEMBERS_ONLY}/pins/`,
  `/v3/discover/topics/${PUBLIC_WORD}/pins/`,
  // The profiles of the people around the objects: a collaborator's lists its secret boards.
  ...['collaborator', 'follower', 'invitee'].flatMap((person) => [
    `/v3/users/{${person}}/boards/?include_archived=true&privacy_filter=all`,
    `/v3/users/{${person}}/pins/`,
    `/v3/users/{${person}}/`,
    `/v3/users/{${person}}/followers/`,
    `/v3/users/{${person}}/following/`,
  ]),
  '/v3/pins/{copy}/',
  '/v3/pins/{copy}/related/',
  '/v3/pins/{copy}/saved_to/',
];

/** The viewer's own invitations name the boards they are invited to, but none of an inactive owner. */
const OWN_SCANS: string[] = [
  '/v3/users/me/board_invites/',
  '/v3/notifications/',
  '/v3/conversations/',
  '/v3/conversations/?filter=requests',
];

const MATRIX: Entry[] = [
  // Pins, addressed by their id (a pin of each kind of board).
  {
    op: 'GET /v3/pins/{id}/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/pins/{id}/', { id: o.pinId }),
  },
  {
    op: 'GET /v3/pins/{id}/related/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/pins/{id}/related/', { id: o.pinId }),
  },
  {
    op: 'GET /v3/pins/{id}/saved_to/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/pins/{id}/saved_to/', { id: o.pinId }),
  },
  {
    op: 'GET /v3/pins/{id}/board_title_suggestions/',
    on: BOARD_KINDS,
    allowed: signedInSeers,
    request: (o) => get('/v3/pins/{id}/board_title_suggestions/', { id: o.pinId }),
  },
  {
    op: 'POST /v3/pins/{id}/repin/',
    label: 'its pin to my board',
    on: BOARD_KINDS,
    allowed: signedInSeers,
    request: (o, own) => write('POST', '/v3/pins/{id}/repin/', { id: o.pinId }, { board_id: own.boardId }),
  },
  {
    op: 'POST /v3/pins/{id}/repin/',
    label: 'a public pin to its board and section',
    on: BOARD_KINDS,
    allowed: members,
    request: (o) =>
      write(
        'POST',
        '/v3/pins/{id}/repin/',
        { id: world.publicPinId },
        { board_id: o.boardId, section_id: o.sectionId },
      ),
  },
  {
    op: 'POST /v3/pins/{id}/repin/',
    label: 'a public pin to my board, into its section',
    on: BOARD_KINDS,
    allowed: nobody,
    noControl: 'a section of another board is refused to everyone',
    request: (o, own) =>
      write(
        'POST',
        '/v3/pins/{id}/repin/',
        { id: world.publicPinId },
        { board_id: own.boardId, section_id: o.sectionId },
      ),
  },
  {
    op: 'PATCH /v3/pins/{id}/',
    label: 'its text',
    on: BOARD_KINDS,
    allowed: ownerOnly,
    request: (o) => write('PATCH', '/v3/pins/{id}/', { id: o.pinId }, { title: 'Edited by a probe' }),
  },
  {
    op: 'PATCH /v3/pins/{id}/',
    label: 'its pin to my board',
    on: BOARD_KINDS,
    allowed: ownerOnly,
    request: (o, own) => write('PATCH', '/v3/pins/{id}/', { id: o.pinId }, { board_id: own.boardId }),
  },
  {
    op: 'PATCH /v3/pins/{id}/',
    label: 'my pin to its board and section',
    on: BOARD_KINDS,
    allowed: members,
    request: (o, own) =>
      write('PATCH', '/v3/pins/{id}/', { id: own.pinId }, { board_id: o.boardId, section_id: o.sectionId }),
  },
  {
    op: 'DELETE /v3/pins/{id}/',
    on: BOARD_KINDS,
    allowed: ownerOnly,
    request: (o) => write('DELETE', '/v3/pins/{id}/', { id: o.pinId }),
  },
  {
    op: 'PUT /v3/pins/{id}/hide/',
    on: BOARD_KINDS,
    allowed: signedInSeers,
    request: (o) => write('PUT', '/v3/pins/{id}/hide/', { id: o.pinId }),
  },
  {
    op: 'DELETE /v3/pins/{id}/hide/',
    on: BOARD_KINDS,
    allowed: signedInSeers,
    request: (o) => write('DELETE', '/v3/pins/{id}/hide/', { id: o.pinId }),
  },
  // Comments: seen, written and liked by whoever sees the pin; deleted by their author or the pinner.
  {
    op: 'GET /v3/pins/{id}/comments/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/pins/{id}/comments/', { id: o.pinId }),
  },
  {
    op: 'POST /v3/pins/{id}/comments/',
    on: BOARD_KINDS,
    allowed: signedInSeers,
    request: (o) => write('POST', '/v3/pins/{id}/comments/', { id: o.pinId }, { text: 'A probe comment' }),
  },
  {
    op: 'POST /v3/pins/{id}/comments/',
    label: 'a reply to its comment',
    on: BOARD_KINDS,
    allowed: signedInSeers,
    request: (o) =>
      write(
        'POST',
        '/v3/pins/{id}/comments/',
        { id: o.pinId },
        { text: 'A probe reply', parent_id: o.commentId },
      ),
  },
  {
    op: 'DELETE /v3/comments/{id}/',
    on: BOARD_KINDS,
    // The comment is the owner's, on the owner's pin: its author and pinner at once.
    allowed: ownerOnly,
    request: (o) => write('DELETE', '/v3/comments/{id}/', { id: o.commentId }),
  },
  {
    op: 'PUT /v3/comments/{id}/like/',
    on: BOARD_KINDS,
    allowed: signedInSeers,
    request: (o) => write('PUT', '/v3/comments/{id}/like/', { id: o.commentId }),
  },
  {
    op: 'DELETE /v3/comments/{id}/like/',
    on: BOARD_KINDS,
    allowed: signedInSeers,
    request: (o) => write('DELETE', '/v3/comments/{id}/like/', { id: o.commentId }),
  },
  {
    op: 'POST /v3/reports/',
    label: 'its pin',
    on: BOARD_KINDS,
    allowed: signedInSeers,
    request: (o) =>
      write('POST', '/v3/reports/', {}, { object_type: 'pin', object_id: o.pinId, reason: 'spam' }),
  },
  {
    op: 'POST /v3/reports/',
    label: 'its comment',
    on: BOARD_KINDS,
    allowed: signedInSeers,
    request: (o) =>
      write('POST', '/v3/reports/', {}, { object_type: 'comment', object_id: o.commentId, reason: 'spam' }),
  },
  {
    op: 'POST /v3/reports/',
    label: 'the board',
    on: BOARD_KINDS,
    allowed: signedInSeers,
    request: (o) =>
      write('POST', '/v3/reports/', {}, { object_type: 'board', object_id: o.boardId, reason: 'other' }),
  },
  {
    op: 'POST /v3/reports/',
    label: 'the person',
    on: PERSON_KINDS,
    allowed: signedInSeers,
    request: (o) =>
      write('POST', '/v3/reports/', {}, { object_type: 'user', object_id: o.userId, reason: 'harassment' }),
  },
  {
    op: 'POST /v3/offsite/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => write('POST', '/v3/offsite/', {}, { pin_id: o.pinId, url: PIN_LINK }),
  },
  {
    op: 'GET /v3/boards/picker/',
    on: BOARD_KINDS,
    // The picker lists the viewer's own boards; its pin_id only marks those already holding the pin.
    allowed: () => SIGNED_IN,
    request: (o) => ({ method: 'GET', path: '/v3/boards/picker/', query: { pin_id: o.pinId } }),
  },
  {
    op: 'POST /v3/pins/',
    label: 'my upload to its board and section',
    on: BOARD_KINDS,
    allowed: members,
    request: (o, own) =>
      write(
        'POST',
        '/v3/pins/',
        {},
        { board_id: o.boardId, section_id: o.sectionId, media_upload_id: own.uploadId },
      ),
  },

  // Boards, by id or by their owner's username and slug.
  {
    op: 'GET /v3/boards/{id}/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/boards/{id}/', { id: o.boardId }),
  },
  {
    op: 'PATCH /v3/boards/{id}/',
    on: BOARD_KINDS,
    allowed: ownerOnly,
    request: (o) =>
      write('PATCH', '/v3/boards/{id}/', { id: o.boardId }, { description: 'changed by a probe' }),
  },
  {
    op: 'DELETE /v3/boards/{id}/',
    on: BOARD_KINDS,
    allowed: ownerOnly,
    request: (o) => write('DELETE', '/v3/boards/{id}/', { id: o.boardId }),
  },
  {
    op: 'GET /v3/users/{username}/boards/{slug}/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/users/{username}/boards/{slug}/', { username: o.username, slug: o.slug }),
  },
  {
    op: 'GET /v3/boards/{id}/pins/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/boards/{id}/pins/', { id: o.boardId }),
  },
  {
    op: 'GET /v3/boards/{id}/followers/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/boards/{id}/followers/', { id: o.boardId }),
  },
  {
    op: 'GET /v3/boards/{id}/sections/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/boards/{id}/sections/', { id: o.boardId }),
  },
  {
    op: 'POST /v3/boards/{id}/sections/',
    label: 'with one of its pins',
    on: BOARD_KINDS,
    allowed: members,
    request: (o) =>
      write(
        'POST',
        '/v3/boards/{id}/sections/',
        { id: o.boardId },
        { name: 'Probe', initial_pins: [o.pinId] },
      ),
  },
  {
    op: 'POST /v3/boards/{id}/sections/',
    label: 'on my board with its pin',
    on: BOARD_KINDS,
    allowed: nobody,
    noControl: "another board's pin is refused to everyone",
    request: (o, own) =>
      write(
        'POST',
        '/v3/boards/{id}/sections/',
        { id: own.boardId },
        { name: 'Probe', initial_pins: [o.pinId] },
      ),
  },
  {
    op: 'GET /v3/boards/{id}/sections/{slug}/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/boards/{id}/sections/{slug}/', { id: o.boardId, slug: o.sectionSlug }),
  },
  {
    op: 'GET /v3/board_sections/{id}/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/board_sections/{id}/', { id: o.sectionId }),
  },
  {
    op: 'GET /v3/board_sections/{id}/pins/',
    on: BOARD_KINDS,
    allowed: seers,
    request: (o) => get('/v3/board_sections/{id}/pins/', { id: o.sectionId }),
  },
  {
    op: 'PUT /v3/boards/{id}/follow/',
    on: BOARD_KINDS,
    allowed: (kind) => notOwner(signedInSeers(kind)),
    request: (o) => write('PUT', '/v3/boards/{id}/follow/', { id: o.boardId }),
  },
  {
    op: 'DELETE /v3/boards/{id}/follow/',
    on: BOARD_KINDS,
    allowed: (kind) => notOwner(signedInSeers(kind)),
    request: (o) => write('DELETE', '/v3/boards/{id}/follow/', { id: o.boardId }),
  },
  {
    op: 'POST /v3/boards/{id}/archive/',
    on: BOARD_KINDS,
    allowed: members,
    request: (o) => write('POST', '/v3/boards/{id}/archive/', { id: o.boardId }),
  },
  {
    op: 'DELETE /v3/boards/{id}/archive/',
    on: BOARD_KINDS,
    allowed: members,
    request: (o) => write('DELETE', '/v3/boards/{id}/archive/', { id: o.boardId }),
  },
  {
    op: 'PUT /v3/boards/{id}/sections/order/',
    on: BOARD_KINDS,
    allowed: members,
    request: (o) =>
      write('PUT', '/v3/boards/{id}/sections/order/', { id: o.boardId }, { section_ids: [o.sectionId] }),
  },
  {
    op: 'PATCH /v3/board_sections/{id}/',
    on: BOARD_KINDS,
    allowed: members,
    request: (o) =>
      write('PATCH', '/v3/board_sections/{id}/', { id: o.sectionId }, { name: 'Renamed by a probe' }),
  },
  {
    op: 'DELETE /v3/board_sections/{id}/',
    on: BOARD_KINDS,
    allowed: members,
    request: (o) => write('DELETE', '/v3/board_sections/{id}/', { id: o.sectionId }),
  },
  {
    op: 'GET /v3/boards/{id}/collaborators/',
    on: BOARD_KINDS,
    allowed: members,
    request: (o) => get('/v3/boards/{id}/collaborators/', { id: o.boardId }),
  },
  {
    op: 'POST /v3/boards/{id}/collaborators/',
    on: BOARD_KINDS,
    allowed: ownerOnly,
    request: (o) =>
      write(
        'POST',
        '/v3/boards/{id}/collaborators/',
        { id: o.boardId },
        { invitees: [{ type: 'user', id: world.thirdId }] },
      ),
  },
  {
    op: 'GET /v3/boards/{id}/collaborators/suggestions/',
    on: BOARD_KINDS,
    allowed: ownerOnly,
    request: (o) => ({
      ...get('/v3/boards/{id}/collaborators/suggestions/', { id: o.boardId }),
      query: { q: NOBODY },
    }),
  },
  {
    op: 'DELETE /v3/boards/{id}/collaborators/{userId}/',
    label: 'its collaborator',
    on: BOARD_KINDS,
    // The owner removes them; the collaborator leaves.
    allowed: members,
    request: (o) =>
      write('DELETE', '/v3/boards/{id}/collaborators/{userId}/', {
        id: o.boardId,
        userId: world.ids.collaborator,
      }),
  },
  {
    op: 'DELETE /v3/boards/{id}/collaborators/{userId}/',
    label: 'its owner',
    on: BOARD_KINDS,
    allowed: nobody,
    noControl: 'the owner cannot be removed, not even by themselves',
    request: (o) =>
      write('DELETE', '/v3/boards/{id}/collaborators/{userId}/', { id: o.boardId, userId: o.userId }),
  },
  {
    op: 'POST /v3/bulk_edit/',
    label: 'its pin to my board',
    on: BOARD_KINDS,
    allowed: members,
    request: (o, own) =>
      write(
        'POST',
        '/v3/bulk_edit/',
        {},
        { board_id: o.boardId, new_board_id: own.boardId, pin_ids: [o.pinId] },
      ),
  },
  {
    op: 'POST /v3/bulk_edit/',
    label: 'my pin into its section',
    on: BOARD_KINDS,
    allowed: members,
    request: (o, own) =>
      write(
        'POST',
        '/v3/bulk_edit/',
        {},
        { board_id: own.boardId, new_board_id: o.boardId, new_section_id: o.sectionId, pin_ids: [own.pinId] },
      ),
  },
  {
    op: 'POST /v3/bulk_edit/',
    label: 'my pin into its section, said to stay on my board',
    on: BOARD_KINDS,
    allowed: nobody,
    noControl: 'a section of another board is refused to everyone',
    request: (o, own) =>
      write(
        'POST',
        '/v3/bulk_edit/',
        {},
        {
          board_id: own.boardId,
          new_board_id: own.boardId,
          new_section_id: o.sectionId,
          pin_ids: [own.pinId],
        },
      ),
  },
  {
    op: 'POST /v3/bulk_edit/',
    label: 'its pin, said to be on my board',
    on: BOARD_KINDS,
    allowed: nobody,
    noControl: 'a pin that is not where the call says is refused to everyone',
    request: (o, own) =>
      write(
        'POST',
        '/v3/bulk_edit/',
        {},
        {
          board_id: own.boardId,
          new_board_id: own.boardId,
          new_section_id: own.sectionId,
          pin_ids: [o.pinId],
        },
      ),
  },

  // People, by username (and user id for the account switch and board creation).
  {
    op: 'GET /v3/users/{username}/',
    on: PERSON_KINDS,
    allowed: seers,
    request: (o) => get('/v3/users/{username}/', { username: o.username }),
  },
  {
    op: 'GET /v3/users/{username}/followers/',
    on: PERSON_KINDS,
    allowed: seers,
    request: (o) => get('/v3/users/{username}/followers/', { username: o.username }),
  },
  {
    op: 'GET /v3/users/{username}/following/',
    on: PERSON_KINDS,
    allowed: seers,
    request: (o) => get('/v3/users/{username}/following/', { username: o.username }),
  },
  {
    op: 'GET /v3/users/{username}/pins/',
    on: PERSON_KINDS,
    allowed: seers,
    request: (o) => get('/v3/users/{username}/pins/', { username: o.username }),
  },
  {
    op: 'GET /v3/users/{username}/boards/',
    on: PERSON_KINDS,
    allowed: seers,
    request: (o) => ({
      ...get('/v3/users/{username}/boards/', { username: o.username }),
      query: { include_archived: 'true', privacy_filter: 'all' },
    }),
  },
  {
    op: 'PUT /v3/users/{username}/follow/',
    on: PERSON_KINDS,
    allowed: (kind) => notOwner(signedInSeers(kind)),
    request: (o) => write('PUT', '/v3/users/{username}/follow/', { username: o.username }),
  },
  {
    op: 'DELETE /v3/users/{username}/follow/',
    on: PERSON_KINDS,
    allowed: (kind) => notOwner(signedInSeers(kind)),
    request: (o) => write('DELETE', '/v3/users/{username}/follow/', { username: o.username }),
  },
  {
    op: 'POST /v3/boards/',
    on: PERSON_KINDS,
    allowed: ownerOnly,
    request: (o) =>
      write(
        'POST',
        '/v3/boards/',
        {},
        { name: `Probe ${randomBytes(3).toString('hex')}`, username: o.username },
      ),
  },
  {
    op: 'POST /v3/users/me/switch/',
    on: PERSON_KINDS,
    allowed: nobody,
    noControl:
      'no role has a session of that account in its browser (the switch itself: auth-switch.test.ts)',
    request: (o) => write('POST', '/v3/users/me/switch/', {}, { user_id: o.userId }),
  },

  // Invitations, addressed to the invitee's account or address.
  {
    op: 'POST /v3/board_invites/{id}/accept/',
    on: INVITATION_KINDS,
    allowed: seers,
    request: (o) => write('POST', '/v3/board_invites/{id}/accept/', { id: o.inviteId }),
  },
  {
    op: 'POST /v3/board_invites/{id}/decline/',
    on: INVITATION_KINDS,
    allowed: seers,
    request: (o) => write('POST', '/v3/board_invites/{id}/decline/', { id: o.inviteId }),
  },

  // Uploads, by id in the path or the body.
  {
    op: 'GET /v3/media/uploads/{id}/',
    on: ['upload'],
    allowed: seers,
    request: (o) => get('/v3/media/uploads/{id}/', { id: o.uploadId }),
  },
  {
    op: 'POST /v3/pins/',
    label: 'its upload to my board',
    on: ['upload'],
    allowed: seers,
    request: (o, own) =>
      write('POST', '/v3/pins/', {}, { board_id: own.boardId, media_upload_id: o.uploadId }),
  },
  {
    op: 'POST /v3/pins/',
    label: 'its upload as an idea pin page',
    on: ['upload'],
    allowed: seers,
    request: (o, own) =>
      write(
        'POST',
        '/v3/pins/',
        {},
        { board_id: own.boardId, story_pages: [{ media_upload_id: o.uploadId }] },
      ),
  },

  // Sessions and identities of an account.
  {
    op: 'DELETE /v3/users/settings/sessions/{id}/',
    on: ['session'],
    allowed: seers,
    request: (o) => write('DELETE', '/v3/users/settings/sessions/{id}/', { id: o.sessionId }),
  },
  {
    op: 'DELETE /v3/users/settings/identities/{provider}/',
    on: ['identity'],
    allowed: seers,
    request: (o) => write('DELETE', '/v3/users/settings/identities/{provider}/', { provider: o.provider }),
  },

  // A removed pin is its pinner's alone: its closeup with the removal, and its appeal (decision 54).
  {
    op: 'GET /v3/pins/{id}/',
    label: 'removed',
    on: ['removed pin'],
    allowed: seers,
    request: (o) => get('/v3/pins/{id}/', { id: o.pinId }),
  },
  {
    op: 'POST /v3/appeals/',
    on: ['removed pin'],
    allowed: seers,
    request: (o) =>
      write(
        'POST',
        '/v3/appeals/',
        {},
        { object_type: 'pin', object_id: o.pinId, reason: 'Please look again.' },
      ),
  },

  // A removed comment is its author's alone: they appeal it; it takes no reply, like, delete or
  // report from anyone (its author included: the removal stands until an operator decides).
  {
    op: 'POST /v3/appeals/',
    label: 'a removed comment',
    on: ['removed comment'],
    allowed: seers,
    request: (o) =>
      write(
        'POST',
        '/v3/appeals/',
        {},
        { object_type: 'comment', object_id: o.commentId, reason: 'Please look again.' },
      ),
  },
  {
    op: 'PUT /v3/comments/{id}/like/',
    label: 'a removed comment',
    on: ['removed comment'],
    allowed: nobody,
    noControl: 'a removed comment takes no likes, its author included',
    request: (o) => write('PUT', '/v3/comments/{id}/like/', { id: o.commentId }),
  },
  {
    op: 'DELETE /v3/comments/{id}/',
    label: 'a removed comment',
    on: ['removed comment'],
    allowed: nobody,
    noControl: 'a removed comment stays as the operator left it until an appeal is decided',
    request: (o) => write('DELETE', '/v3/comments/{id}/', { id: o.commentId }),
  },
  {
    op: 'POST /v3/reports/',
    label: 'a removed comment',
    on: ['removed comment'],
    allowed: nobody,
    noControl: 'a removed comment is already decided',
    request: (o) =>
      write('POST', '/v3/reports/', {}, { object_type: 'comment', object_id: o.commentId, reason: 'spam' }),
  },

  // Claimed websites are their person's alone (decision 46).
  {
    op: 'POST /v3/users/settings/claimed_websites/{id}/verify/',
    on: ['website claim'],
    allowed: seers,
    request: (o) => write('POST', '/v3/users/settings/claimed_websites/{id}/verify/', { id: o.claimId }),
  },
  {
    op: 'DELETE /v3/users/settings/claimed_websites/{id}/',
    on: ['website claim'],
    allowed: seers,
    request: (o) => write('DELETE', '/v3/users/settings/claimed_websites/{id}/', { id: o.claimId }),
  },

  // QR login codes: the code's id is shown to whoever holds the approving device, the secret only
  // to the screen that asked.
  {
    op: 'GET /v3/login/qr/{id}/',
    on: ['pending QR code', 'approved QR code'],
    allowed: () => SIGNED_IN,
    request: (o) => get('/v3/login/qr/{id}/', { id: o.qrId }),
  },
  {
    op: 'POST /v3/login/qr/{id}/approve/',
    on: ['pending QR code', 'approved QR code'],
    allowed: (kind) => (kind.name === 'pending QR code' ? SIGNED_IN : []),
    request: (o) => write('POST', '/v3/login/qr/{id}/approve/', { id: o.qrId }),
  },
  {
    op: 'POST /v3/login/qr/{id}/deny/',
    on: ['pending QR code', 'approved QR code'],
    allowed: (kind) => (kind.name === 'pending QR code' ? SIGNED_IN : []),
    request: (o) => write('POST', '/v3/login/qr/{id}/deny/', { id: o.qrId }),
  },
  {
    op: 'POST /v3/login/qr/{id}/claim/',
    label: 'with a guessed secret',
    on: ['pending QR code', 'approved QR code'],
    allowed: nobody,
    noControl: 'the row with its secret is the control',
    request: (o) => write('POST', '/v3/login/qr/{id}/claim/', { id: o.qrId }, { secret: 'guessed-secret' }),
  },
  {
    op: 'POST /v3/login/qr/{id}/claim/',
    label: 'with its secret (the screen that asked)',
    on: ['pending QR code', 'approved QR code'],
    allowed: () => ['visitor'],
    request: (o) => write('POST', '/v3/login/qr/{id}/claim/', { id: o.qrId }, { secret: o.qrSecret }),
  },
  // Conversations (decision 52): the owner and the collaborator are in it with a fresh third
  // person; in a message request nobody but the owner (who wrote) has accepted yet.
  {
    op: 'GET /v3/conversations/{id}/',
    on: ['conversation', 'message request'],
    allowed: seers,
    request: (o) => get('/v3/conversations/{id}/', { id: o.conversationId }),
  },
  {
    op: 'GET /v3/conversations/{id}/messages/',
    on: ['conversation', 'message request'],
    allowed: seers,
    request: (o) => get('/v3/conversations/{id}/messages/', { id: o.conversationId }),
  },
  {
    op: 'POST /v3/conversations/{id}/messages/',
    on: ['conversation', 'message request'],
    // The owner's request waits for an answer: only the collaborator may reply to it.
    allowed: (kind) => (kind.name === 'conversation' ? seers(kind) : ['collaborator']),
    request: (o) =>
      write('POST', '/v3/conversations/{id}/messages/', { id: o.conversationId }, { text: 'Probe' }),
  },
  // A message is changed by its sender alone (the owner wrote it), in a request too.
  {
    op: 'PATCH /v3/conversations/{id}/messages/{messageId}/',
    on: ['conversation', 'message request'],
    allowed: ownerOnly,
    request: (o) =>
      write(
        'PATCH',
        '/v3/conversations/{id}/messages/{messageId}/',
        { id: o.conversationId, messageId: o.messageId },
        { text: 'Probe edit' },
      ),
  },
  {
    op: 'DELETE /v3/conversations/{id}/messages/{messageId}/',
    on: ['conversation', 'message request'],
    allowed: ownerOnly,
    request: (o) =>
      write('DELETE', '/v3/conversations/{id}/messages/{messageId}/', {
        id: o.conversationId,
        messageId: o.messageId,
      }),
  },
  {
    op: 'POST /v3/conversations/{id}/read/',
    on: ['conversation', 'message request'],
    allowed: seers,
    request: (o) => write('POST', '/v3/conversations/{id}/read/', { id: o.conversationId }),
  },
  {
    op: 'POST /v3/conversations/{id}/accept/',
    on: ['conversation', 'message request'],
    allowed: seers,
    request: (o) => write('POST', '/v3/conversations/{id}/accept/', { id: o.conversationId }),
  },
  {
    op: 'POST /v3/conversations/{id}/decline/',
    on: ['conversation', 'message request'],
    allowed: (kind) => (kind.name === 'message request' ? ['collaborator'] : []),
    request: (o) => write('POST', '/v3/conversations/{id}/decline/', { id: o.conversationId }),
  },
  {
    op: 'POST /v3/conversations/{id}/leave/',
    on: ['conversation', 'message request'],
    // A group's accepted members; the collaborator's request is declined, not left.
    allowed: (kind) => (kind.name === 'message request' ? ['owner'] : kind.visibleTo),
    request: (o) => write('POST', '/v3/conversations/{id}/leave/', { id: o.conversationId }),
  },
  {
    op: 'POST /v3/conversations/',
    on: PERSON_KINDS,
    allowed: (kind) => notOwner(signedInSeers(kind)),
    request: (o) => write('POST', '/v3/conversations/', {}, { user_ids: [o.userId] }),
  },
  {
    op: 'POST /v3/pins/{id}/send_email/',
    on: BOARD_KINDS,
    // Mail leaves the product: only a pin anyone may see, sent by someone signed in.
    allowed: (kind) => (kind.visibleTo.includes('visitor') ? signedInSeers(kind) : []),
    request: (o) =>
      write('POST', '/v3/pins/{id}/send_email/', { id: o.pinId }, { email: 'probe@example.org' }),
  },
  // Blocking a fresh person each time, so the world's follows stay as they are.
  {
    op: 'PUT /v3/users/{username}/block/',
    on: ['other person', 'suspended person', 'deactivated person'],
    allowed: signedInSeers,
    request: (o) => write('PUT', '/v3/users/{username}/block/', { username: o.username }),
  },
  {
    op: 'DELETE /v3/users/{username}/block/',
    on: ['other person', 'suspended person', 'deactivated person'],
    allowed: signedInSeers,
    request: (o) => write('DELETE', '/v3/users/{username}/block/', { username: o.username }),
  },
  // Business profiles and their ad accounts (decision 55): OWNER and ADMIN manage, ANALYST reads.
  {
    op: 'GET /v3/business/{profileId}/hub/',
    on: ['business profile'],
    allowed: seers,
    request: (o) => get('/v3/business/{profileId}/hub/', { profileId: o.profileId }),
  },
  {
    op: 'GET /v3/business_access/{profileId}/members/',
    on: ['business profile'],
    allowed: seers,
    request: (o) => get('/v3/business_access/{profileId}/members/', { profileId: o.profileId }),
  },
  {
    op: 'POST /v3/business_access/{profileId}/members/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write(
        'POST',
        '/v3/business_access/{profileId}/members/',
        { profileId: o.profileId },
        { email: `probe.${unique()}@example.com`, role: 'ANALYST' },
      ),
  },
  {
    op: 'DELETE /v3/business_access/{profileId}/members/{userId}/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write('DELETE', '/v3/business_access/{profileId}/members/{userId}/', {
        profileId: o.profileId,
        userId: o.memberId,
      }),
  },
  {
    op: 'DELETE /v3/business_access/{profileId}/invites/{inviteId}/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write('DELETE', '/v3/business_access/{profileId}/invites/{inviteId}/', {
        profileId: o.profileId,
        inviteId: o.businessInviteId,
      }),
  },
  {
    op: 'GET /ads/v4/advertisers/{advertiserId}/',
    on: ['business profile'],
    allowed: seers,
    request: (o) => get('/ads/v4/advertisers/{advertiserId}/', { advertiserId: o.advertiserId }),
  },
  ...(['campaigns', 'ad_groups', 'ads', 'conversion_tags', 'reports'] as const).map((list): Entry => ({
    op: `GET /ads/v4/advertisers/{advertiserId}/${list}/`,
    on: ['business profile'],
    allowed: seers,
    request: (o) => get(`/ads/v4/advertisers/{advertiserId}/${list}/`, { advertiserId: o.advertiserId }),
  })),
  {
    op: 'POST /ads/v4/advertisers/{advertiserId}/campaigns/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write(
        'POST',
        '/ads/v4/advertisers/{advertiserId}/campaigns/',
        { advertiserId: o.advertiserId },
        {
          name: 'Probe',
          objective_type: 'CONSIDERATION',
          budget_type: 'DAILY',
          budget_in_micro_currency: 5_000_000,
        },
      ),
  },
  {
    op: 'PATCH /ads/v4/advertisers/{advertiserId}/campaigns/{campaignId}/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write(
        'PATCH',
        '/ads/v4/advertisers/{advertiserId}/campaigns/{campaignId}/',
        { advertiserId: o.advertiserId, campaignId: o.campaignId },
        { status: 'PAUSED' },
      ),
  },
  {
    op: 'POST /ads/v4/advertisers/{advertiserId}/ad_groups/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write(
        'POST',
        '/ads/v4/advertisers/{advertiserId}/ad_groups/',
        { advertiserId: o.advertiserId },
        { campaign_id: o.campaignId, name: 'Probe' },
      ),
  },
  {
    op: 'PATCH /ads/v4/advertisers/{advertiserId}/ad_groups/{adGroupId}/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write(
        'PATCH',
        '/ads/v4/advertisers/{advertiserId}/ad_groups/{adGroupId}/',
        { advertiserId: o.advertiserId, adGroupId: o.adGroupId },
        { status: 'PAUSED' },
      ),
  },
  {
    op: 'POST /ads/v4/advertisers/{advertiserId}/ads/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write(
        'POST',
        '/ads/v4/advertisers/{advertiserId}/ads/',
        { advertiserId: o.advertiserId },
        { ad_group_id: o.adGroupId, pin_id: o.pinId },
      ),
  },
  {
    op: 'PATCH /ads/v4/advertisers/{advertiserId}/ads/{adId}/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write(
        'PATCH',
        '/ads/v4/advertisers/{advertiserId}/ads/{adId}/',
        { advertiserId: o.advertiserId, adId: o.adId },
        { status: 'PAUSED' },
      ),
  },
  {
    op: 'POST /ads/v4/advertisers/{advertiserId}/conversion_tags/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write(
        'POST',
        '/ads/v4/advertisers/{advertiserId}/conversion_tags/',
        { advertiserId: o.advertiserId },
        { name: 'Probe' },
      ),
  },
  {
    op: 'GET /ads/v4/advertisers/{advertiserId}/billing_profile/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      get('/ads/v4/advertisers/{advertiserId}/billing_profile/', { advertiserId: o.advertiserId }),
  },
  {
    op: 'PUT /ads/v4/advertisers/{advertiserId}/billing_profile/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write(
        'PUT',
        '/ads/v4/advertisers/{advertiserId}/billing_profile/',
        { advertiserId: o.advertiserId },
        { business_name: 'Probe', address: 'Probe street' },
      ),
  },
  {
    op: 'GET /ads/v4/advertisers/{advertiserId}/invoices/',
    on: ['business profile'],
    allowed: managers,
    request: (o) => get('/ads/v4/advertisers/{advertiserId}/invoices/', { advertiserId: o.advertiserId }),
  },
  {
    op: 'POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/',
    on: ['business profile'],
    allowed: managers,
    request: (o) =>
      write(
        'POST',
        '/ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/',
        { advertiserId: o.advertiserId, pinId: o.pinId },
        quickPromoteBody(o),
      ),
  },
];

function get(path: string, params: Record<string, string>): Request {
  return { method: 'GET', path, params };
}
function write(
  method: Request['method'],
  path: string,
  params: Record<string, string>,
  body?: unknown,
): Request {
  return { method, path, params, ...(body === undefined ? {} : { body }) };
}

let t: TestApp;
type Browser = TestBrowser;
const world = {
  ids: {} as Record<Role, string>,
  thirdId: '',
  inviteeEmail: '',
  ownerUsername: '',
  usernames: {} as Record<string, string>,
  publicPinId: '',
  copyPinId: '',
  browsers: {} as Record<Role, Browser>,
  own: {} as Record<Role, Own>,
  targets: new Map<KindName, Target>(),
  kinds: new Map<KindName, Kind>(),
};
let sequence = 0;
const unique = () => `${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`;

/**
 * A board of `ownerId` as every kind of board is: a section, a pin in it and one outside, its
 * circle (a collaborator, an invitation to the invitee's account and one to an address, a follower).
 */
async function buildBoard(
  ownerId: number,
  ownerUsername: string,
  options: { privacy: 'public' | 'secret' | 'protected'; word: string; archived?: boolean },
): Promise<Target> {
  const board = await t.make.board(ownerId, {
    name: `Board ${options.word} ${unique()}`,
    privacy: options.privacy,
    ...(options.archived ? { archivedAt: new Date() } : {}),
  });
  const section = await t.make.section(board.id, { title: `Section ${options.word} ${unique()}` });
  const pin = await t.make.pin(ownerId, board.id, {
    title: `Pin ${options.word}`,
    link: PIN_LINK,
    domain: 'example.com',
  });
  await t.make.pin(ownerId, board.id, {
    sectionId: section.id,
    title: `Pin ${options.word}`,
    link: PIN_LINK,
  });
  await t.make.collaborator(board.id, Number(world.ids.collaborator));
  const inviteId = await insertPendingInvite(t.db, {
    boardId: board.id,
    inviterId: ownerId,
    inviteeUserId: Number(world.ids.invitee),
  });
  await insertPendingInvite(t.db, {
    boardId: board.id,
    inviterId: ownerId,
    inviteeEmail: `${INVITED_ADDRESS}.${unique()}@example.com`,
  });
  await t.db.insert(boardFollows).values({ userId: Number(world.ids.follower), boardId: board.id });
  // Mentioning everyone: only those who may see the pin are told (their notifications are scanned).
  const mentions = SIGNED_IN.filter((role) => role !== 'owner')
    .map((role) => `@${world.usernames[role]}`)
    .join(' ');
  const comment = await createPinComment(t.db, ownerId, pin.id, {
    text: `Comment ${options.word} ${mentions}`,
  });
  return {
    ...MISSING,
    username: ownerUsername,
    userId: String(ownerId),
    boardId: String(board.id),
    slug: board.slug,
    sectionId: String(section.id),
    sectionSlug: section.slug,
    pinId: String(pin.id),
    inviteId: String(inviteId),
    commentId: comment.id,
  };
}

/** An account of another status, with a public board and its circle, and a follower. */
async function buildInactive(status: 'suspended' | 'deactivated'): Promise<Target> {
  const person = await t.make.user({ username: `${status}_${unique()}`, firstName: NOBODY });
  await t.db.insert(userFollows).values({ followerId: Number(world.ids.follower), followeeId: person.id });
  const target = await buildBoard(person.id, person.username, { privacy: 'public', word: NOBODY });
  await t.db.execute(sql`update users set status = ${status} where id = ${person.id}`);
  return target;
}

async function readyUpload(userId: number): Promise<string> {
  const image = await t.make.image();
  const [row] = await t.db
    .insert(mediaUploads)
    .values({ userId, kind: 'image', status: 'ready', imageId: image.id, byteSize: 1234 })
    .returning({ id: mediaUploads.id });
  return String(row!.id);
}

async function buildQr(approvedBy: number | null): Promise<Target> {
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const now = new Date();
  await insertQrLogin(t.db, {
    id,
    secretHash: hashSessionToken(secret),
    requestIp: '10.9.9.9',
    userAgent: 'probe screen',
    country: 'US',
    createdAt: now,
    expiresAt: new Date(now.getTime() + 120_000),
  });
  if (approvedBy !== null)
    await decidePendingQrLogin(t.db, { id, decision: 'approved', userId: approvedBy, now });
  return { ...MISSING, qrId: id, qrSecret: secret };
}

/**
 * A conversation of the owner with the collaborator and a fresh third person (one per set of
 * people), with a message of the owner's that names MEMBERS_ONLY; `request`: nobody else has
 * accepted it yet.
 */
async function buildConversation(ownerId: number, others: 'accepted' | 'request'): Promise<Target> {
  const third = await t.make.user({ username: `talk_${unique()}` });
  const collaboratorId = Number(world.ids.collaborator);
  const conversationId = await insertConversation(t.db, {
    memberKey: memberKeyOf([ownerId, collaboratorId, third.id]),
    creatorId: ownerId,
    members: [
      { userId: ownerId, status: 'accepted' },
      { userId: collaboratorId, status: others },
      { userId: third.id, status: others },
    ],
  });
  const messageId = await t.db.transaction((tx) =>
    insertMessage(tx, { conversationId, senderId: ownerId, text: `Message ${MEMBERS_ONLY}`, pinId: null }),
  );
  return { ...MISSING, conversationId: String(conversationId), messageId: String(messageId) };
}

const PROVIDERS = ['google', 'facebook', 'line', 'apple'];

/**
 * A business profile (an account of its own) with the owner as OWNER, the collaborator as ADMIN,
 * the follower as ANALYST and a fourth person as ANALYST (the one removed), a pending invitation,
 * and an ad account with billing details and a promoted pin (a campaign, an ad group, an ad).
 */
async function buildBusiness(): Promise<Target> {
  const profile = await t.make.user({ username: `biz_${unique()}`, type: 'business' });
  const extra = await t.make.user({ username: `member_${unique()}` });
  await t.db
    .insert(businessProfiles)
    .values({ userId: profile.id, businessName: `Business ${unique()}`, country: 'US' });
  await t.db.insert(businessMembers).values([
    { profileId: profile.id, memberId: Number(world.ids.owner), role: 'OWNER' },
    { profileId: profile.id, memberId: Number(world.ids.collaborator), role: 'ADMIN' },
    { profileId: profile.id, memberId: Number(world.ids.follower), role: 'ANALYST' },
    { profileId: profile.id, memberId: extra.id, role: 'ANALYST' },
  ]);
  const [invite] = await t.db
    .insert(businessInvites)
    .values({
      profileId: profile.id,
      email: `business.invited.${unique()}@example.com`,
      role: 'ANALYST',
      tokenHash: randomBytes(32).toString('hex'),
    })
    .returning({ id: businessInvites.id });
  const advertiser = await openAdvertiser(t.db, profile.id, { name: 'Ads', country: 'US' });
  await t.db.insert(billingProfiles).values({
    advertiserId: Number(advertiser.id),
    businessName: 'B',
    address: 'A',
    country: 'US',
    currency: 'USD',
  });
  const board = await t.make.board(profile.id, { name: `Business board ${unique()}` });
  const pin = await t.make.pin(profile.id, board.id, { title: 'Business pin' });
  const target: Target = {
    ...MISSING,
    profileId: String(profile.id),
    memberId: String(extra.id),
    businessInviteId: String(invite!.id),
    advertiserId: advertiser.id,
    pinId: String(pin.id),
  };
  const made = await quickPromotePin(
    t.db,
    Number(world.ids.owner),
    { advertiserId: Number(advertiser.id), pinId: pin.id },
    QuickPromoteBodySchema.parse(quickPromoteBody(target)),
  );
  return { ...target, campaignId: made.campaign.id, adGroupId: made.ad_group.id, adId: made.ad.id };
}

function defineKinds(): Kind[] {
  const ownerId = Number(world.ids.owner);
  const ownerName = () => world.ownerUsername;
  const boardTwin = (o: Target): Target => ({ ...MISSING, username: o.username, userId: o.userId });
  const hiddenOwnerTwin = (): Target => ({ ...MISSING });
  let identities = 0;
  return [
    {
      name: 'public board',
      visibleTo: ROLES,
      missing: boardTwin,
      build: () => buildBoard(ownerId, ownerName(), { privacy: 'public', word: PUBLIC_WORD }),
    },
    {
      name: 'archived board',
      visibleTo: ROLES,
      missing: boardTwin,
      build: () => buildBoard(ownerId, ownerName(), { privacy: 'public', word: PUBLIC_WORD, archived: true }),
    },
    {
      name: 'secret board',
      visibleTo: MEMBERS,
      missing: boardTwin,
      build: () => buildBoard(ownerId, ownerName(), { privacy: 'secret', word: MEMBERS_ONLY }),
    },
    {
      name: 'protected board',
      visibleTo: MEMBERS,
      missing: boardTwin,
      build: () => buildBoard(ownerId, ownerName(), { privacy: 'protected', word: MEMBERS_ONLY }),
    },
    {
      name: "suspended owner's board",
      visibleTo: [],
      missing: hiddenOwnerTwin,
      build: () => buildInactive('suspended'),
    },
    {
      name: "deactivated owner's board",
      visibleTo: [],
      missing: hiddenOwnerTwin,
      build: () => buildInactive('deactivated'),
    },
    {
      name: 'person',
      visibleTo: ROLES,
      missing: () => ({ ...MISSING }),
      build: async () => ({ ...MISSING, username: ownerName(), userId: world.ids.owner }),
    },
    {
      name: 'suspended person',
      visibleTo: [],
      missing: () => ({ ...MISSING }),
      build: () => buildInactive('suspended'),
    },
    {
      name: 'deactivated person',
      visibleTo: [],
      missing: () => ({ ...MISSING }),
      build: () => buildInactive('deactivated'),
    },
    {
      name: 'invitation by account',
      visibleTo: ['invitee'],
      missing: () => ({ ...MISSING }),
      build: () => buildBoard(ownerId, ownerName(), { privacy: 'public', word: PUBLIC_WORD }),
    },
    {
      name: 'invitation by email',
      visibleTo: ['invitee'],
      missing: () => ({ ...MISSING }),
      build: async () => {
        const board = await t.make.board(ownerId, {
          name: `Board ${MEMBERS_ONLY} ${unique()}`,
          privacy: 'secret',
        });
        const inviteId = await insertPendingInvite(t.db, {
          boardId: board.id,
          inviterId: ownerId,
          inviteeEmail: world.inviteeEmail.toLowerCase(),
        });
        return { ...MISSING, inviteId: String(inviteId) };
      },
    },
    {
      name: "invitation to a suspended owner's board",
      visibleTo: [],
      missing: () => ({ ...MISSING }),
      build: () => buildInactive('suspended'),
    },
    {
      name: 'upload',
      visibleTo: ['owner'],
      missing: () => ({ ...MISSING }),
      build: async () => ({ ...MISSING, uploadId: await readyUpload(ownerId) }),
    },
    {
      name: 'session',
      visibleTo: ['owner'],
      missing: () => ({ ...MISSING }),
      build: async () => {
        const cookie = await t.make.sessionCookie(ownerId);
        return { ...MISSING, sessionId: publicSessionId(hashSessionToken(cookie.split('=')[1]!)) };
      },
    },
    {
      name: 'identity',
      visibleTo: ['owner'],
      missing: () => ({ ...MISSING }),
      build: async () => {
        const provider = PROVIDERS[identities++ % PROVIDERS.length]!;
        await t.make.identity(ownerId, provider);
        return { ...MISSING, provider };
      },
    },
    // Whoever holds the code may look at it and decide it (the design of QR login); what stops
    // others is the id's 128 random bits and the secret the asking screen alone has.
    {
      name: 'pending QR code',
      visibleTo: ROLES,
      missing: () => ({ ...MISSING }),
      build: () => buildQr(null),
    },
    {
      name: 'approved QR code',
      visibleTo: ROLES,
      missing: () => ({ ...MISSING }),
      build: () => buildQr(ownerId),
    },
    // A pin of a public board an operator removed: seen by its pinner alone.
    {
      name: 'removed pin',
      visibleTo: ['owner'],
      missing: boardTwin,
      build: async () => {
        const target = await buildBoard(ownerId, ownerName(), { privacy: 'public', word: PUBLIC_WORD });
        const pinId = Number(target.pinId);
        await t.db.execute(sql`update pins set removed_at = now() where id = ${pinId}`);
        await t.db
          .execute(sql`insert into moderation_decisions (object_type, object_id, owner_id, action, reason)
          values ('pin', ${pinId}, ${ownerId}, 'remove', 'spam')`);
        return target;
      },
    },
    // The owner's comment on their pin of a public board, which an operator removed: its author's alone.
    {
      name: 'removed comment',
      visibleTo: ['owner'],
      missing: boardTwin,
      build: async () => {
        const target = await buildBoard(ownerId, ownerName(), { privacy: 'public', word: PUBLIC_WORD });
        const commentId = Number(target.commentId);
        await t.db.execute(sql`update pin_comments set removed_at = now() where id = ${commentId}`);
        await t.db
          .execute(sql`insert into moderation_decisions (object_type, object_id, owner_id, action, reason)
          values ('comment', ${commentId}, ${ownerId}, 'remove', 'spam')`);
        return target;
      },
    },
    // Verified already, so the owner's check succeeds without a site to fetch.
    {
      name: 'website claim',
      visibleTo: ['owner'],
      missing: () => ({ ...MISSING }),
      build: async () => {
        const [claim] = await selectRows<{ id: number }>(
          t.db,
          sql`insert into website_claims (user_id, domain, origin, code, verified_at, verified_by)
              values (${ownerId}, ${`zq-${unique()}.example.com`}, 'https://example.com', 'code', now(), 'meta')
              returning id`,
        );
        return { ...MISSING, claimId: String(claim!.id) };
      },
    },
    {
      name: 'conversation',
      visibleTo: MEMBERS,
      missing: () => ({ ...MISSING }),
      build: () => buildConversation(ownerId, 'accepted'),
    },
    {
      name: 'message request',
      visibleTo: MEMBERS,
      missing: () => ({ ...MISSING }),
      build: () => buildConversation(ownerId, 'request'),
    },
    {
      name: 'other person',
      visibleTo: ROLES,
      missing: () => ({ ...MISSING }),
      build: async () => {
        const person = await t.make.user({ username: `other_${unique()}` });
        return { ...MISSING, username: person.username, userId: String(person.id) };
      },
    },
    {
      name: 'business profile',
      visibleTo: ['owner', 'collaborator', 'follower'],
      missing: () => ({ ...MISSING }),
      build: () => buildBusiness(),
    },
  ];
}

/**
 * A role's own board (with a section and a pin) and upload; a visitor's are missing ones. The
 * allowed tries save hidden pins to theirs, so theirs are secret: a public one would show them.
 */
async function buildOwn(role: Role, privacy: 'public' | 'secret'): Promise<Own> {
  if (role === 'visitor') {
    return {
      userId: MISSING_ID,
      boardId: MISSING_ID,
      sectionId: MISSING_ID,
      pinId: MISSING_ID,
      uploadId: MISSING_ID,
    };
  }
  const userId = Number(world.ids[role]);
  const board = await t.make.board(userId, { name: `Own ${unique()}`, privacy });
  const section = await t.make.section(board.id);
  const pin = await t.make.pin(userId, board.id, { title: `Own pin ${PUBLIC_WORD}` });
  return {
    userId: String(userId),
    boardId: String(board.id),
    sectionId: String(section.id),
    pinId: String(pin.id),
    uploadId: await readyUpload(userId),
  };
}

async function browserOf(role: Role): Promise<Browser> {
  if (role === 'visitor') return new TestBrowser(t);
  return signedInBrowser(t, Number(world.ids[role]));
}

function urlOf(request: Request): string {
  const path = request.params ? fillPath(request.path, request.params) : request.path;
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  return `${path}${query}`;
}

function send(browser: Browser, request: Request): Promise<BrowserResponse> {
  return browser.request(request.method, urlOf(request), request.body);
}

/**
 * Notes every row written from now on, in any table of the application (a row trigger on each,
 * on this test's own database), so a probe's writes are read back in one cheap query.
 */
async function watchWrites(): Promise<void> {
  const tables = await selectRows<{ table_name: string }>(
    t.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  await t.db.execute(sql`create table authz_writes (table_name text not null)`);
  await t.db.execute(
    sql.raw(`create function authz_note_write() returns trigger language plpgsql as $$
      begin insert into authz_writes values (tg_table_name); return null; end $$`),
  );
  for (const { table_name: name } of tables) {
    await t.db.execute(
      sql.raw(`create trigger authz_note_write after insert or update or delete on "${name}"
        for each row execute function authz_note_write()`),
    );
  }
}

/** The tables written since the last call (and forgets them). */
async function writtenTables(): Promise<string[]> {
  // Mail goes out after the answer: an allowed write's mail is its own, not the next probe's.
  await t.app.background.settled();
  const rows = await selectRows<{ table_name: string }>(
    t.db,
    sql`delete from authz_writes returning table_name`,
  );
  return [...new Set(rows.map((row) => row.table_name))].sort();
}

/** The words of objects hidden from this role, which no answer to it may carry. */
function forbiddenWords(role: Role): string[] {
  if (role === 'owner') return [NOBODY];
  return role === 'collaborator' ? [NOBODY, INVITED_ADDRESS] : [NOBODY, MEMBERS_ONLY, INVITED_ADDRESS];
}

/** The hidden words an answer carries, each with the text around it. */
function leaks(words: string[], text: string): string[] {
  return words
    .filter((word) => text.includes(word))
    .map((word) => {
      const at = text.indexOf(word);
      return `${word} in …${text.slice(Math.max(0, at - 120), at + 40)}…`;
    });
}

const rowName = (entry: Entry) => (entry.label ? `${entry.op} (${entry.label})` : entry.op);
const isSuccess = (status: number) => status >= 200 && status < 300;
const summary = (response: BrowserResponse) =>
  `${response.status} ${response.body?.resource_response?.error?.code ?? ''}`.trim();

beforeAll(async () => {
  t = await createTestApp();
  world.inviteeEmail = uniqueEmail('invitee');
  const owner = await t.make.userWithPassword(GOOD_PASSWORD, { username: `owner_${unique()}` });
  world.ids.owner = String(owner.id);
  world.ownerUsername = owner.username;
  for (const role of ['stranger', 'follower', 'collaborator', 'invitee'] as const) {
    const email = role === 'invitee' ? world.inviteeEmail : uniqueEmail(role);
    const user = await t.make.user({ username: `${role}_${unique()}`, email });
    world.ids[role] = String(user.id);
    world.usernames[role] = user.username;
  }
  world.ids.visitor = MISSING_ID;
  // Acting for a business profile with a role other than owner needs two-factor login (decision 55).
  await t.db
    .update(users)
    .set({ twoFactorEnabled: true })
    .where(inArray(users.id, [Number(world.ids.collaborator), Number(world.ids.follower)]));
  const third = await t.make.user({ username: `third_${unique()}` });
  world.thirdId = String(third.id);
  const thirdBoard = await t.make.board(third.id, { name: `Third ${PUBLIC_WORD}` });
  world.publicPinId = String(
    (await t.make.pin(third.id, thirdBoard.id, { title: `Third ${PUBLIC_WORD}` })).id,
  );
  await t.db.insert(userFollows).values({ followerId: Number(world.ids.follower), followeeId: owner.id });

  for (const kind of defineKinds()) world.kinds.set(kind.name, kind);
  for (const kind of world.kinds.values()) world.targets.set(kind.name, await kind.build());
  for (const role of ROLES) {
    world.own[role] = await buildOwn(role, 'public');
    world.browsers[role] = await browserOf(role);
  }
  const secret = world.targets.get('secret board')!;
  const copy = await world.browsers.collaborator.post(`/v3/pins/${secret.pinId}/repin/`, {
    board_id: world.own.collaborator.boardId,
    title: 'A copy',
  });
  world.copyPinId = String(copy.body.resource_response.data.pin.id);
  await watchWrites();
}, 120_000);
afterAll(() => t?.close());

describe('authorization proof', () => {
  it('classifies every operation of the OpenAPI document: in the matrix or public', () => {
    const documented = listOperations(t.app).map((operation) => operation.name);
    const inMatrix = new Set(MATRIX.map((entry) => entry.op));
    const unclassified = documented.filter((name) => !inMatrix.has(name) && !(name in PUBLIC_OPERATIONS));
    expect(unclassified, 'operations to add to the matrix or to PUBLIC_OPERATIONS').toEqual([]);
    const stale = [...inMatrix, ...Object.keys(PUBLIC_OPERATIONS)].filter(
      (name) => !documented.includes(name),
    );
    expect(stale, 'classified operations the document no longer has').toEqual([]);
    const both = [...inMatrix].filter((name) => name in PUBLIC_OPERATIONS);
    expect(both, 'operations both in the matrix and public').toEqual([]);
    expect(
      MATRIX.filter(
        (entry) =>
          entry.on.every((kind) => entry.allowed(world.kinds.get(kind)!).length === 0) && !entry.noControl,
      ).map(rowName),
    ).toEqual([]);
  });

  it('lets no role do what the matrix does not allow, and hides what it may not see', async () => {
    const started = performance.now();
    const failures: string[] = [];
    const figures = {
      probes: 0,
      refusedWrites: 0,
      sameAsMissing: 0,
      controls: 0,
      writeControls: 0,
      writesSeen: 0,
      unauthorised: 0,
    };
    // Public reads, as every role, first (the allowed tries below change who is whose collaborator):
    // none may name an object hidden from it.
    let scans = 0;
    let scansShowingPublic = 0;
    for (const [url, words] of [
      ...SCANS.map(
        (scan) =>
          [
            scan
              .replace('{copy}', world.copyPinId)
              .replace('{secretPin}', world.targets.get('secret board')!.pinId)
              .replace(/\{(\w+)\}/, (match, role: string) => world.usernames[role] ?? match),
            forbiddenWords,
          ] as const,
      ),
      ...OWN_SCANS.map((scan) => [scan, () => [NOBODY]] as const),
    ]) {
      for (const role of ROLES) {
        const response = await world.browsers[role].get(url);
        const text = JSON.stringify(response.body);
        scans += 1;
        if (text.includes(PUBLIC_WORD)) scansShowingPublic += 1;
        if (response.status >= 500 || (!isSuccess(response.status) && role !== 'visitor')) {
          failures.push(`GET ${url} as ${role}: ${summary(response)}`);
        }
        for (const leak of leaks(words(role), text)) {
          failures.push(`GET ${url} as ${role}: names a hidden object: ${leak}`);
        }
      }
    }

    // Searches above are the viewer's recent ones: from here on, every write is a probe's.
    await writtenTables();
    for (const entry of MATRIX) {
      for (const kindName of entry.on) {
        const kind = world.kinds.get(kindName)!;
        const allowed = entry.allowed(kind);
        const where = `${rowName(entry)} on ${kindName}`;
        for (const role of ROLES) {
          const refused = !allowed.includes(role);
          const hidden = !kind.visibleTo.includes(role);
          const isWrite = entry.request(MISSING, world.own[role]).method !== 'GET';
          if (!refused && isWrite) {
            // An allowed write, on a fresh copy of the object and of the role's own things, so the
            // world every probe shares stays as it was.
            const freshBrowser = await browserOf(role);
            const freshRequest = entry.request(await kind.build(), await buildOwn(role, 'secret'));
            await writtenTables();
            const response = await send(freshBrowser, freshRequest);
            figures.controls += 1;
            figures.writeControls += 1;
            if (!isSuccess(response.status))
              failures.push(`${where} as ${role}: allowed, yet ${summary(response)}`);
            if ((await writtenTables()).length > 0) figures.writesSeen += 1;
            continue;
          }
          const browser = world.browsers[role];
          const own = world.own[role];
          const target = world.targets.get(kindName)!;
          const response = await send(browser, entry.request(target, own));
          const text = JSON.stringify(response.body);
          for (const leak of leaks(forbiddenWords(role), text))
            failures.push(`${where} as ${role}: names a hidden object: ${leak}`);
          if (response.status >= 500) failures.push(`${where} as ${role}: ${summary(response)}`);
          if (refused) {
            figures.probes += 1;
            if (isSuccess(response.status)) {
              figures.unauthorised += 1;
              failures.push(`${where} as ${role}: unauthorised success ${response.status}`);
            }
          } else {
            figures.controls += 1;
            if (!isSuccess(response.status))
              failures.push(`${where} as ${role}: allowed, yet ${summary(response)}`);
          }
          if (hidden) {
            const twin = await send(browser, entry.request(kind.missing(target), own));
            if (twin.status !== response.status || JSON.stringify(twin.body) !== text) {
              failures.push(
                `${where} as ${role}: answers ${summary(response)}, a missing one ${summary(twin)}`,
              );
            } else figures.sameAsMissing += 1;
          }
          // The world is shared: nothing tried on it (reads, refused writes, twins) may write.
          const changed = await writtenTables();
          if (changed.length > 0) {
            failures.push(`${where} as ${role}: ${summary(response)} wrote to ${changed.join(', ')}`);
          } else if (refused && isWrite) figures.refusedWrites += 1;
        }
      }
    }

    const operations = new Set(MATRIX.map((entry) => entry.op)).size;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `[proof:authz] ${figures.probes} probes over ${operations} operations × ${ROLES.length} roles ` +
        `(${MATRIX.length} matrix rows, ${world.kinds.size} kinds of object, ${TEST_ENGINE}): ` +
        `${figures.unauthorised} unauthorised successes, ${figures.refusedWrites} refused writes left the database as it was, ` +
        `${figures.sameAsMissing} answers about hidden objects identical to a missing one's, ` +
        `${figures.controls} allowed tries succeeded (${figures.writesSeen} of their ${figures.writeControls} writes seen in the database), ` +
        `${Object.keys(PUBLIC_OPERATIONS).length} operations public, ${scans} public reads named nothing hidden ` +
        `(${scansShowingPublic} showed public objects), ${failures.length} failures, ${seconds} s`,
    );
    expect(failures).toEqual([]);
    expect(figures.unauthorised).toBe(0);
  }, 900_000);
});
