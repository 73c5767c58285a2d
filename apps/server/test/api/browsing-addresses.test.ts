import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The calls behind the profile, board and section pages: boards and sections by slug, a user's pins. */
let t: TestApp;
const ids = {} as Record<
  'publicBoard' | 'secretBoard' | 'protectedBoard' | 'section' | 'secretSection' | 'otherBoard',
  number
>;
const pins = {} as Record<'uploaded' | 'scraped' | 'repin' | 'secret' | 'othersBoard', number>;
const cookies = {} as Record<'owner' | 'collaborator' | 'stranger', string>;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.make.user({ username: 'Slug.Owner' });
  const collaborator = await t.make.user();
  const stranger = await t.make.user();
  const friend = await t.make.user({ username: 'slug_friend' });
  const publicBoard = await t.make.board(owner.id, { name: 'Garden ideas' });
  const secretBoard = await t.make.board(owner.id, { name: 'Gift list', privacy: 'secret' });
  const protectedBoard = await t.make.board(owner.id, { name: 'Drafts', privacy: 'protected' });
  const friendBoard = await t.make.board(friend.id, { name: 'Garden ideas' });
  await t.make.collaborator(secretBoard.id, collaborator.id);
  await t.make.collaborator(friendBoard.id, owner.id);
  const section = await t.make.section(publicBoard.id, { title: 'Raised beds' });
  const secretSection = await t.make.section(secretBoard.id, { title: 'Raised beds' });
  Object.assign(ids, {
    publicBoard: publicBoard.id,
    secretBoard: secretBoard.id,
    protectedBoard: protectedBoard.id,
    section: section.id,
    secretSection: secretSection.id,
    otherBoard: friendBoard.id,
  });

  const original = await t.make.pin(friend.id, friendBoard.id);
  pins.uploaded = (await t.make.pin(owner.id, publicBoard.id, { sectionId: section.id })).id;
  pins.scraped = (await t.make.pin(owner.id, publicBoard.id, { createdMethod: 'scraped' })).id;
  pins.repin = (
    await t.make.pin(owner.id, publicBoard.id, {
      createdMethod: 'repin',
      viaPinId: original.id,
      sectionId: section.id,
    })
  ).id;
  pins.secret = (await t.make.pin(owner.id, secretBoard.id)).id;
  // Pinned by the owner onto a board they collaborate on: it is still theirs.
  pins.othersBoard = (await t.make.pin(owner.id, friendBoard.id)).id;

  cookies.owner = await t.make.sessionCookie(owner.id);
  cookies.collaborator = await t.make.sessionCookie(collaborator.id);
  cookies.stranger = await t.make.sessionCookie(stranger.id);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const idsOf = (body: any): number[] => body.resource_response.data.map((x: { id: string }) => Number(x.id));

describe('GET /v3/users/{username}/boards/{slug}/', () => {
  it('answers the public board by its address, whatever the case of the username', async () => {
    for (const username of ['Slug.Owner', 'slug.owner']) {
      const { status, body } = await get(`/v3/users/${username}/boards/garden-ideas/`);
      expect(status).toBe(200);
      expect(body.resource_response.data).toMatchObject({
        id: String(ids.publicBoard),
        name: 'Garden ideas',
        // Board links are lower case (docs/product/site.md#what-visitors-see); the owner keeps their
        // spelling.
        url: '/slug.owner/garden-ideas/',
        section_count: 1,
        pin_count: 3,
        owner: { username: 'Slug.Owner' },
      });
    }
  });

  it("tells apart two owners' boards with the same slug", async () => {
    const { body } = await get('/v3/users/slug_friend/boards/garden-ideas/');
    expect(body.resource_response.data.id).toBe(String(ids.otherBoard));
  });

  it('404s an unknown slug or owner', async () => {
    for (const url of [
      '/v3/users/Slug.Owner/boards/no-such-board/',
      '/v3/users/nobody_here/boards/garden-ideas/',
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body.resource_response.error.code).toBe('board_not_found');
    }
  });

  it.each([
    ['a visitor', undefined],
    ['a signed-in stranger', 'stranger'],
  ] as const)('hides secret and protected boards from %s', async (_who, as) => {
    for (const slug of ['gift-list', 'drafts']) {
      const { status } = await get(`/v3/users/slug.owner/boards/${slug}/`, as && cookies[as]);
      expect(status, slug).toBe(404);
    }
  });

  it.each(['owner', 'collaborator'] as const)('shows the secret board to its %s', async (as) => {
    const { status, body } = await get('/v3/users/slug.owner/boards/gift-list/', cookies[as]);
    expect(status).toBe(200);
    expect(body.resource_response.data).toMatchObject({
      id: String(ids.secretBoard),
      privacy: 'secret',
      collaborated_by_me: as === 'collaborator',
    });
  });

  it('404s the boards of a suspended owner, like their profile', async () => {
    const suspended = await t.make.user({ username: 'gone_away', status: 'suspended' });
    await t.make.board(suspended.id, { name: 'Still here' });
    const { status } = await get('/v3/users/gone_away/boards/still-here/');
    expect(status).toBe(404);
  });

  it('refuses a malformed username by field', async () => {
    const { status, body } = await get('/v3/users/no%20spaces/boards/garden-ideas/');
    expect(status).toBe(400);
    expect(body.resource_response.error.field).toBe('username');
  });
});

describe('GET /v3/boards/{id}/sections/{slug}/', () => {
  it('answers the section with its pin count and preview pins', async () => {
    const { status, body } = await get(`/v3/boards/${ids.publicBoard}/sections/raised-beds/`);
    expect(status).toBe(200);
    expect(body.resource_response.data).toMatchObject({
      id: String(ids.section),
      type: 'board_section',
      board_id: String(ids.publicBoard),
      title: 'Raised beds',
      slug: 'raised-beds',
      pin_count: 2,
    });
    expect(body.resource_response.data.preview_pins).toHaveLength(2);
  });

  it('404s a slug the board does not have', async () => {
    const { status, body } = await get(`/v3/boards/${ids.otherBoard}/sections/raised-beds/`);
    expect(status).toBe(404);
    expect(body.resource_response.error.code).toBe('section_not_found');
  });

  it('404s a section of a secret board to a stranger and shows it to a collaborator', async () => {
    const url = `/v3/boards/${ids.secretBoard}/sections/raised-beds/`;
    expect((await get(url)).status).toBe(404);
    expect((await get(url, cookies.stranger)).status).toBe(404);
    const { status, body } = await get(url, cookies.collaborator);
    expect(status).toBe(200);
    expect(body.resource_response.data.id).toBe(String(ids.secretSection));
  });
});

describe('GET /v3/board_sections/{id}/', () => {
  it('answers the section by id as by its address', async () => {
    const byAddress = await get(`/v3/boards/${ids.publicBoard}/sections/raised-beds/`);
    const byId = await get(`/v3/board_sections/${ids.section}/`);
    expect(byId.status).toBe(200);
    expect(byId.body.resource_response.data).toEqual(byAddress.body.resource_response.data);
  });

  it("404s a secret board's section to everyone but its members, and a missing one", async () => {
    const url = `/v3/board_sections/${ids.secretSection}/`;
    expect((await get(url)).body.resource_response.error.code).toBe('section_not_found');
    expect((await get(url, cookies.stranger)).status).toBe(404);
    expect((await get(url, cookies.collaborator)).status).toBe(200);
    expect((await get('/v3/board_sections/999999999/')).status).toBe(404);
  });
});

describe('GET /v3/users/{username}/pins/', () => {
  it('lists created pins newest first, without saves of other pins', async () => {
    const { status, body } = await get('/v3/users/slug.owner/pins/?filter=created');
    expect(status).toBe(200);
    expect(idsOf(body)).toEqual([pins.othersBoard, pins.scraped, pins.uploaded]);
    expect(body.resource_response.bookmark).toBeNull();
  });

  it('lists every pin as saved, saves included, and uses saved by default', async () => {
    const saved = await get('/v3/users/slug.owner/pins/?filter=saved');
    expect(idsOf(saved.body)).toEqual([pins.othersBoard, pins.repin, pins.scraped, pins.uploaded]);
    const byDefault = await get('/v3/users/slug.owner/pins/');
    expect(byDefault.body).toEqual(saved.body);
  });

  it('shows pins of secret boards only to members', async () => {
    expect(idsOf((await get('/v3/users/slug.owner/pins/', cookies.stranger)).body)).not.toContain(
      pins.secret,
    );
    for (const as of ['owner', 'collaborator'] as const) {
      const { body } = await get('/v3/users/slug.owner/pins/?filter=created', cookies[as]);
      expect(idsOf(body), as).toEqual([pins.othersBoard, pins.secret, pins.scraped, pins.uploaded]);
    }
  });

  it('pages with the bookmark, without gaps or repeats', async () => {
    const seen: number[] = [];
    let bookmark: string | null = null;
    let pages = 0;
    do {
      const query: string = bookmark ? `&bookmark=${encodeURIComponent(bookmark)}` : '';
      const { status, body } = await get(
        `/v3/users/slug.owner/pins/?filter=saved&page_size=1${query}`,
        cookies.owner,
      );
      expect(status).toBe(200);
      seen.push(...idsOf(body));
      bookmark = body.resource_response.bookmark;
      pages++;
    } while (bookmark && pages < 10);
    expect(seen).toEqual([pins.othersBoard, pins.secret, pins.repin, pins.scraped, pins.uploaded]);
    expect(pages).toBe(5);
  });

  it('404s an unknown user and refuses an unknown filter by field', async () => {
    const missing = await get('/v3/users/nobody_here/pins/');
    expect(missing.status).toBe(404);
    expect(missing.body.resource_response.error.code).toBe('user_not_found');
    const wrong = await get('/v3/users/slug.owner/pins/?filter=liked');
    expect(wrong.status).toBe(400);
    expect(wrong.body.resource_response.error.field).toBe('filter');
  });
});
