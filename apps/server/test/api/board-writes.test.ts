import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards } from '../../src/db/schema/boards.ts';
import { pins } from '../../src/db/schema/pins.ts';
import { boardFollows } from '../../src/db/schema/social.ts';
import { users } from '../../src/db/schema/users.ts';
import { dataOf, signedInBrowser, type SignedInBrowser } from '../helpers/board-writes.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let owner: SignedInBrowser;
let collaborator: SignedInBrowser;
let stranger: SignedInBrowser;
let visitor: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInBrowser(t);
  collaborator = await signedInBrowser(t);
  stranger = await signedInBrowser(t);
  visitor = new TestBrowser(t);
});
afterAll(() => t.close());

async function boardOf(ownerId: number, privacy: 'public' | 'secret' | 'protected' = 'public') {
  const board = await t.make.board(ownerId, { privacy });
  await t.make.collaborator(board.id, collaborator.userId);
  return board;
}

describe('POST /v3/boards/ creates a board', () => {
  it('answers the board as reads present it, public by default, owner included', async () => {
    const response = await owner.post('/v3/boards/', { name: '  Kitchen ideas ', description: 'Tiles' });
    expect(response.status).toBe(200);
    const board = dataOf(response);
    expect(board).toMatchObject({
      name: 'Kitchen ideas',
      description: 'Tiles',
      privacy: 'public',
      pin_count: 0,
    });
    expect(board.owner.id).toBe(String(owner.userId));
    expect(board.url).toBe(`/${board.owner.username}/kitchen-ideas/`);
    expect(dataOf(await owner.get(`/v3/boards/${board.id}/`))).toEqual(board);
  });

  it('makes the board secret from the toggle, invisible to others', async () => {
    const board = dataOf(await owner.post('/v3/boards/', { name: 'Gifts', privacy: 'secret' }));
    expect(board.privacy).toBe('secret');
    expect((await stranger.get(`/v3/boards/${board.id}/`)).status).toBe(404);
  });

  it("gives each of the owner's boards of one name its own slug, and other owners the plain one", async () => {
    const urls = [];
    for (let i = 0; i < 3; i++)
      urls.push(dataOf(await owner.post('/v3/boards/', { name: 'Road Trip!' })).url);
    expect(urls.map((url: string) => url.split('/')[2])).toEqual(['road-trip', 'road-trip-2', 'road-trip-3']);
    expect(dataOf(await stranger.post('/v3/boards/', { name: 'Road trip' })).url).toMatch(/\/road-trip\/$/);
  });

  it('keeps letters of every script in the slug and falls back when there are none', async () => {
    expect(dataOf(await owner.post('/v3/boards/', { name: 'Café Déco' })).url).toMatch(/\/cafe-deco\/$/);
    expect(dataOf(await owner.post('/v3/boards/', { name: '旅行 2026' })).url).toMatch(/\/旅行-2026\/$/);
    expect(dataOf(await owner.post('/v3/boards/', { name: '!!!' })).url).toMatch(/\/board\/$/);
  });

  it('counts the board on its owner', async () => {
    const user = await signedInBrowser(t);
    await user.post('/v3/boards/', { name: 'One' });
    await user.post('/v3/boards/', { name: 'Two' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.boardCount).toBe(2);
  });

  it.each([
    [{}, 'board_name_required', "Don't forget to name your board!", 'name'],
    [{ name: '   ' }, 'board_name_required', "Don't forget to name your board!", 'name'],
    [{ name: 'x'.repeat(51) }, 'board_name_too_long', 'Please enter no more than 50 characters.', 'name'],
    [
      { name: 'ok', description: 'd'.repeat(501) },
      'board_description_too_long',
      'Please enter no more than 500 characters.',
      'description',
    ],
    [{ name: 'ok', privacy: 'hidden' }, 'invalid_request', undefined, 'privacy'],
    [{ name: 'ok', colour: 'red' }, 'unknown_field', undefined, 'colour'],
  ])('refuses %j with %s', async (payload, code, message, field) => {
    const response = await owner.post('/v3/boards/', payload);
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ code, field, ...(message ? { message } : {}) });
  });

  it('takes exactly 50 characters, counted after trimming', async () => {
    const name = 'n'.repeat(50);
    expect(dataOf(await owner.post('/v3/boards/', { name: ` ${name} ` })).name).toBe(name);
  });

  it("makes an ad account's board protected, with the secret toggle locked on", async () => {
    const created = await owner.post('/v3/boards/', {
      name: 'Campaign',
      advertiser_id: '12345',
      aux_data: { source: 'board_picker' },
    });
    expect(dataOf(created).privacy).toBe('protected');
    expect(
      dataOf(await owner.post('/v3/boards/', { name: 'C2', advertiser_id: '1', privacy: 'secret' })).privacy,
    ).toBe('protected');
    const publicOne = await owner.post('/v3/boards/', { name: 'C3', advertiser_id: '1', privacy: 'public' });
    expect(errorOf(publicOne)).toMatchObject({ code: 'board_privacy_locked', field: 'privacy' });
    const noAdvertiser = await owner.post('/v3/boards/', { name: 'C4', privacy: 'protected' });
    expect(errorOf(noAdvertiser).code).toBe('board_privacy_locked');
    const id = dataOf(created).id;
    const edit = await owner.patch(`/v3/boards/${id}/`, { privacy: 'public' });
    expect(errorOf(edit).code).toBe('board_privacy_locked');
  });

  it("takes the owner's own username and refuses another one", async () => {
    const me = dataOf(await owner.get(`/v3/boards/${(await t.make.board(owner.userId)).id}/`)).owner.username;
    expect((await owner.post('/v3/boards/', { name: 'Mine', username: me.toUpperCase() })).status).toBe(200);
    const other = await owner.post('/v3/boards/', { name: 'Theirs', username: 'somebody_else' });
    expect(errorOf(other)).toMatchObject({ code: 'board_owner_mismatch', http_status: 403 });
  });

  it('needs a signed-in viewer', async () => {
    const response = await visitor.post('/v3/boards/', { name: 'Nope' });
    expect(errorOf(response)).toMatchObject({ code: 'auth_required', http_status: 401 });
  });
});

describe('PATCH /v3/boards/{id}/ edits a board', () => {
  it('renames (moving the slug), describes and makes it secret for the owner', async () => {
    const board = await boardOf(owner.userId);
    await t.make.board(owner.userId, { name: 'Taken', slug: 'taken' });
    const response = await owner.patch(`/v3/boards/${board.id}/`, {
      name: ' Taken ',
      description: 'New words',
      privacy: 'secret',
    });
    expect(response.status).toBe(200);
    expect(dataOf(response)).toMatchObject({ name: 'Taken', description: 'New words', privacy: 'secret' });
    expect(dataOf(response).url).toMatch(/\/taken-2\/$/);
    expect((await visitor.get(`/v3/boards/${board.id}/`)).status).toBe(404);
  });

  it('drops the follows of non-members when the board turns secret, keeping the counts exact', async () => {
    const board = await boardOf(owner.userId);
    await stranger.put(`/v3/boards/${board.id}/follow/`);
    await collaborator.put(`/v3/boards/${board.id}/follow/`);
    expect(dataOf(await owner.get(`/v3/boards/${board.id}/`)).follower_count).toBe(2);
    await owner.patch(`/v3/boards/${board.id}/`, { name: 'Quiet now', privacy: 'secret' });
    const follows = await t.db.select().from(boardFollows).where(eq(boardFollows.boardId, board.id));
    expect(follows.map((row) => row.userId)).toEqual([collaborator.userId]);
    await owner.patch(`/v3/boards/${board.id}/`, { privacy: 'public' });
    expect(dataOf(await stranger.get(`/v3/boards/${board.id}/`))).toMatchObject({
      follower_count: 1,
      followed_by_me: false,
    });
  });

  it('keeps the slug when the name does not change, and validates like create', async () => {
    const board = await boardOf(owner.userId);
    const same = await owner.patch(`/v3/boards/${board.id}/`, { name: board.name });
    expect(dataOf(same).url).toMatch(new RegExp(`/${board.slug}/$`));
    expect(errorOf(await owner.patch(`/v3/boards/${board.id}/`, { name: '' })).code).toBe(
      'board_name_required',
    );
    expect(errorOf(await owner.patch(`/v3/boards/${board.id}/`, { privacy: 'protected' })).field).toBe(
      'privacy',
    );
  });

  it('refuses collaborators and readers (403), hides secret and missing boards (404)', async () => {
    const open = await boardOf(owner.userId);
    const secret = await boardOf(owner.userId, 'secret');
    expect(errorOf(await collaborator.patch(`/v3/boards/${open.id}/`, { name: 'x' })).code).toBe('forbidden');
    expect(errorOf(await collaborator.patch(`/v3/boards/${secret.id}/`, { name: 'x' })).code).toBe(
      'forbidden',
    );
    expect(errorOf(await stranger.patch(`/v3/boards/${open.id}/`, { name: 'x' })).code).toBe('forbidden');
    const hidden = await stranger.patch(`/v3/boards/${secret.id}/`, { name: 'x' });
    const missing = await stranger.patch('/v3/boards/987654321/', { name: 'x' });
    expect(hidden.status).toBe(404);
    expect(errorOf(hidden)).toEqual(errorOf(missing));
    expect(errorOf(await visitor.request('PATCH', `/v3/boards/${open.id}/`, { name: 'x' })).code).toBe(
      'auth_required',
    );
    const [row] = await t.db.select().from(boards).where(eq(boards.id, open.id));
    expect(row!.name).toBe(open.name);
  });
});

describe('DELETE /v3/boards/{id}/', () => {
  it('deletes the board with its pins, for the owner only', async () => {
    const board = await boardOf(owner.userId);
    const section = await t.make.section(board.id);
    await t.make.pin(owner.userId, board.id, { sectionId: section.id });
    await t.make.pin(collaborator.userId, board.id);
    const [before] = await t.db.select().from(users).where(eq(users.id, collaborator.userId));

    expect(errorOf(await collaborator.del(`/v3/boards/${board.id}/`)).code).toBe('forbidden');
    expect(errorOf(await stranger.del(`/v3/boards/${board.id}/`)).code).toBe('forbidden');
    const response = await owner.del(`/v3/boards/${board.id}/`);
    expect(response.status).toBe(200);
    expect(dataOf(response)).toBeNull();

    expect((await owner.get(`/v3/boards/${board.id}/`)).status).toBe(404);
    expect(await t.db.select().from(pins).where(eq(pins.boardId, board.id))).toEqual([]);
    const [after] = await t.db.select().from(users).where(eq(users.id, collaborator.userId));
    expect(after!.pinCount).toBe(before!.pinCount - 1);
    expect((await owner.del(`/v3/boards/${board.id}/`)).status).toBe(404);
  });

  it('answers 404 for a secret board of someone else', async () => {
    const secret = await boardOf(owner.userId, 'secret');
    expect(errorOf(await stranger.del(`/v3/boards/${secret.id}/`)).code).toBe('board_not_found');
  });
});

describe('archiving: POST and DELETE /v3/boards/{id}/archive/', () => {
  it('the owner archives for everyone', async () => {
    const board = await boardOf(owner.userId);
    const archived = dataOf(await owner.post(`/v3/boards/${board.id}/archive/`));
    expect(archived.archived_by_me_at).toEqual(expect.any(String));
    const again = dataOf(await owner.post(`/v3/boards/${board.id}/archive/`));
    expect(again.archived_by_me_at).toBe(archived.archived_by_me_at);
    const [row] = await t.db.select().from(boards).where(eq(boards.id, board.id));
    expect(row!.archivedAt).not.toBeNull();
    const restored = dataOf(await owner.request('DELETE', `/v3/boards/${board.id}/archive/`));
    expect(restored.archived_by_me_at).toBeNull();
  });

  it('a collaborator archives for themselves only', async () => {
    const board = await boardOf(owner.userId);
    const mine = dataOf(await collaborator.post(`/v3/boards/${board.id}/archive/`));
    expect(mine.archived_by_me_at).toEqual(expect.any(String));
    expect(dataOf(await owner.get(`/v3/boards/${board.id}/`)).archived_by_me_at).toBeNull();
    const [row] = await t.db.select().from(boards).where(eq(boards.id, board.id));
    expect(row!.archivedAt).toBeNull();
    expect(dataOf(await collaborator.del(`/v3/boards/${board.id}/archive/`)).archived_by_me_at).toBeNull();
  });

  it('refuses readers and hides secret boards', async () => {
    const open = await boardOf(owner.userId);
    const secret = await boardOf(owner.userId, 'secret');
    expect(errorOf(await stranger.post(`/v3/boards/${open.id}/archive/`)).code).toBe('forbidden');
    expect(errorOf(await stranger.post(`/v3/boards/${secret.id}/archive/`)).code).toBe('board_not_found');
  });
});

describe("visitors' one-second answers", () => {
  it('stop showing a board the moment it turns secret or is deleted', async () => {
    const board = await boardOf(owner.userId);
    await t.make.pin(owner.userId, board.id);
    expect((await visitor.get(`/v3/boards/${board.id}/pins/`)).status).toBe(200);
    await owner.patch(`/v3/boards/${board.id}/`, { privacy: 'secret' });
    expect((await visitor.get(`/v3/boards/${board.id}/pins/`)).status).toBe(404);

    const other = await boardOf(owner.userId);
    expect((await visitor.get(`/v3/boards/${other.id}/pins/`)).status).toBe(200);
    await owner.del(`/v3/boards/${other.id}/`);
    expect((await visitor.get(`/v3/boards/${other.id}/pins/`)).status).toBe(404);
  });

  it('take a board turned secret out of the signed-out home feed at once', async () => {
    const board = await boardOf(owner.userId);
    const pin = await t.make.pin(owner.userId, board.id);
    const feedIds = async () =>
      (
        (await visitor.get('/v3/feeds/home/?page_size=50')).body.resource_response.data as { id: string }[]
      ).map((item) => item.id);
    expect(await feedIds()).toContain(String(pin.id));
    await owner.patch(`/v3/boards/${board.id}/`, { privacy: 'secret' });
    expect(await feedIds()).not.toContain(String(pin.id));
  });
});

it('describes the board writes in the API reference', async () => {
  const { body } = await t.request({ method: 'GET', url: '/v3/openapi.json' });
  expect(Object.keys(body.paths['/v3/boards/'])).toContain('post');
  expect(Object.keys(body.paths['/v3/boards/{id}/'])).toEqual(
    expect.arrayContaining(['get', 'patch', 'delete']),
  );
  expect(Object.keys(body.paths['/v3/boards/{id}/archive/'])).toEqual(
    expect.arrayContaining(['post', 'delete']),
  );
  expect(Object.keys(body.paths['/v3/boards/{id}/sections/order/'])).toContain('put');
  expect(Object.keys(body.paths['/v3/board_sections/{id}/'])).toEqual(
    expect.arrayContaining(['patch', 'delete']),
  );
});

it('hides boards of an account that is not active from every write, as reads do', async () => {
  const suspended = await t.make.user({ status: 'suspended' });
  const board = await t.make.board(suspended.id);
  await t.make.collaborator(board.id, collaborator.userId);
  expect(errorOf(await collaborator.post(`/v3/boards/${board.id}/sections/`, { name: 'x' })).code).toBe(
    'board_not_found',
  );
  expect(errorOf(await collaborator.post(`/v3/boards/${board.id}/archive/`)).code).toBe('board_not_found');
});
