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
import { insertPendingInvite } from '../../src/modules/boards/collaborators.repository.ts';
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
 * and the follower stand for the people close to a board without access. There are no business
 * roles yet: an `advertiser_id` only makes a new board protected.
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
  | 'approved QR code';

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
  ]),
  '/v3/pins/{copy}/',
  '/v3/pins/{copy}/related/',
  '/v3/pins/{copy}/saved_to/',
];

/** The viewer's own invitations name the boards they are invited to, but none of an inactive owner. */
const OWN_SCANS: string[] = ['/v3/users/me/board_invites/'];

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

const PROVIDERS = ['google', 'facebook', 'line', 'apple'];

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
  }, 300_000);
});
