import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Every count in an answer counts only what its viewer may see: a secret or protected board and
// its pins count for their owner and collaborators only, boards of inactive owners for no one.
let t: TestApp;
const cookies = {} as Record<'owner' | 'collaborator' | 'stranger', string>;
const names = {} as Record<'owner' | 'collaborator', string>;
const ids = {} as Record<'publicPin', number>;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.make.user();
  const collaborator = await t.make.user();
  const stranger = await t.make.user();
  const gone = await t.make.user({ status: 'suspended' });
  names.owner = owner.username;
  names.collaborator = collaborator.username;
  const open = await t.make.board(owner.id);
  const secret = await t.make.board(owner.id, { privacy: 'secret' });
  const hidden = await t.make.board(owner.id, { privacy: 'protected' });
  await t.make.collaborator(secret.id, collaborator.id);
  // A public board of a suspended account the owner collaborates on: hidden from everyone.
  const goneBoard = await t.make.board(gone.id);
  await t.make.collaborator(goneBoard.id, owner.id);

  ids.publicPin = (await t.make.pin(owner.id, open.id)).id;
  await t.make.pin(owner.id, open.id);
  for (let i = 0; i < 3; i++) await t.make.pin(owner.id, secret.id);
  await t.make.pin(owner.id, hidden.id);
  await t.make.pin(owner.id, goneBoard.id);
  await t.make.pin(collaborator.id, secret.id);

  cookies.owner = await t.make.sessionCookie(owner.id);
  cookies.collaborator = await t.make.sessionCookie(collaborator.id);
  cookies.stranger = await t.make.sessionCookie(stranger.id);
});
afterAll(() => t.close());

const get = (url: string, as?: keyof typeof cookies) =>
  t.request({ method: 'GET', url, headers: as ? { cookie: cookies[as] } : {} });

describe("a profile's board and pin counts", () => {
  it.each([
    ['a visitor', undefined, { board_count: 1, pin_count: 2 }],
    ['a signed-in stranger', 'stranger', { board_count: 1, pin_count: 2 }],
    ['a collaborator of the secret board', 'collaborator', { board_count: 2, pin_count: 5 }],
    ['the owner', 'owner', { board_count: 3, pin_count: 7 }],
  ] as const)('count for %s what they may see', async (_who, as, counts) => {
    const { body } = await get(`/v3/users/${names.owner}/`, as);
    expect(body.resource_response.data).toMatchObject(counts);
  });

  it("count a collaborator's pins on a secret board only for its members", async () => {
    expect((await get(`/v3/users/${names.collaborator}/`)).body.resource_response.data).toMatchObject({
      pin_count: 0,
      board_count: 0,
    });
    expect(
      (await get(`/v3/users/${names.collaborator}/`, 'owner')).body.resource_response.data.pin_count,
    ).toBe(1);
  });

  it('are the same in people search results', async () => {
    for (const [as, counts] of [
      [undefined, { board_count: 1, pin_count: 2 }],
      ['collaborator', { board_count: 2, pin_count: 5 }],
    ] as const) {
      const { body } = await get(`/v3/search/users/?q=${names.owner}`, as);
      const found = body.resource_response.data.results.find(
        (user: { username: string }) => user.username === names.owner,
      );
      expect(found).toMatchObject(counts);
    }
  });

  it('match the lists they stand for', async () => {
    for (const as of [undefined, 'stranger', 'collaborator'] as const) {
      const profile = (await get(`/v3/users/${names.owner}/`, as)).body.resource_response.data;
      const pinList = (await get(`/v3/users/${names.owner}/pins/?page_size=50`, as)).body.resource_response
        .data;
      expect(pinList).toHaveLength(profile.pin_count);
    }
  });
});

describe("a pin's save count", () => {
  it('counts only saves anyone may see: not those onto secret boards or by inactive accounts', async () => {
    const saver = await t.make.user();
    const gone = await t.make.user({ status: 'deactivated' });
    const saverSecret = await t.make.board(saver.id, { privacy: 'secret' });
    const saverPublic = await t.make.board(saver.id);
    const goneBoard = await t.make.board(gone.id);
    const save = { viaPinId: ids.publicPin, createdMethod: 'repin' as const };
    await t.make.pin(saver.id, saverSecret.id, save);
    await t.make.pin(saver.id, saverPublic.id, save);
    await t.make.pin(gone.id, goneBoard.id, save);

    for (const as of [undefined, 'stranger', 'owner'] as const) {
      const closeup = (await get(`/v3/pins/${ids.publicPin}/`, as)).body.resource_response.data;
      expect(closeup.repin_count).toBe(1);
      const listed = (await get(`/v3/users/${names.owner}/pins/?page_size=50`, as)).body.resource_response
        .data;
      expect(listed.find((pin: { id: string }) => Number(pin.id) === ids.publicPin).repin_count).toBe(1);
    }
  });
});
