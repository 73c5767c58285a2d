import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const ids = {} as Record<
  'publicBoard' | 'secretBoard' | 'protectedBoard' | 'secretPin' | 'secretSection' | 'publicPin',
  number
>;
const cookies = {} as Record<'owner' | 'collaborator' | 'stranger', string>;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.make.user({ username: 'privacy_owner' });
  const collaborator = await t.make.user();
  const stranger = await t.make.user();
  const publicBoard = await t.make.board(owner.id, { name: 'Out in the open' });
  const secretBoard = await t.make.board(owner.id, { name: 'Surprise party', privacy: 'secret' });
  const protectedBoard = await t.make.board(owner.id, { name: 'Campaign drafts', privacy: 'protected' });
  await t.make.collaborator(secretBoard.id, collaborator.id);
  const secretSection = await t.make.section(secretBoard.id);
  ids.publicBoard = publicBoard.id;
  ids.secretBoard = secretBoard.id;
  ids.protectedBoard = protectedBoard.id;
  ids.secretSection = secretSection.id;
  ids.publicPin = (await t.make.pin(owner.id, publicBoard.id)).id;
  ids.secretPin = (await t.make.pin(owner.id, secretBoard.id, { sectionId: secretSection.id })).id;
  await t.make.pin(owner.id, protectedBoard.id);
  cookies.owner = await t.make.sessionCookie(owner.id);
  cookies.collaborator = await t.make.sessionCookie(collaborator.id);
  cookies.stranger = await t.make.sessionCookie(stranger.id);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe.each([
  ['a visitor', undefined],
  ['a signed-in stranger', 'stranger'],
] as const)('for %s, secret and protected boards do not exist', (_who, as) => {
  const cookie = () => (as ? cookies[as] : undefined);

  it('404s the secret board, its pins, sections and section pins', async () => {
    for (const url of [
      `/v3/boards/${ids.secretBoard}/`,
      `/v3/boards/${ids.secretBoard}/pins/`,
      `/v3/boards/${ids.secretBoard}/sections/`,
      `/v3/board_sections/${ids.secretSection}/pins/`,
      `/v3/pins/${ids.secretPin}/`,
      `/v3/boards/${ids.protectedBoard}/`,
    ]) {
      const { status } = await get(url, cookie());
      expect(status, url).toBe(404);
    }
  });

  it('lists only the public board on the profile', async () => {
    const { body } = await get('/v3/users/privacy_owner/boards/', cookie());
    expect(body.resource_response.data.map((b: { id: string }) => Number(b.id))).toEqual([ids.publicBoard]);
  });

  it('keeps secret pins out of the home feed', async () => {
    const { body } = await get('/v3/feeds/home/?page_size=100', cookie());
    const feedIds = body.resource_response.data.map((p: { id: string }) => Number(p.id));
    expect(feedIds).toContain(ids.publicPin);
    expect(feedIds).not.toContain(ids.secretPin);
  });

  it('cannot follow the secret board', async () => {
    const { status } = await t.request({
      method: 'PUT',
      url: `/v3/boards/${ids.secretBoard}/follow/`,
      headers: { cookie: `${cookie() ?? ''}; csrftoken=tok`, 'x-csrftoken': 'tok' },
    });
    expect(status).toBe(as ? 404 : 401);
  });
});

describe.each([['owner'], ['collaborator']] as const)('for the %s', (as) => {
  it('shows the secret board, its section pins and the secret pin', async () => {
    const board = await get(`/v3/boards/${ids.secretBoard}/`, cookies[as]);
    expect(board.status).toBe(200);
    expect(board.body.resource_response.data).toMatchObject({
      privacy: 'secret',
      collaborated_by_me: as === 'collaborator',
    });
    const sectionPins = await get(`/v3/board_sections/${ids.secretSection}/pins/`, cookies[as]);
    expect(sectionPins.body.resource_response.data.map((p: { id: string }) => Number(p.id))).toEqual([
      ids.secretPin,
    ]);
    expect((await get(`/v3/pins/${ids.secretPin}/`, cookies[as])).status).toBe(200);
  });

  it('still keeps the secret pin out of the home feed', async () => {
    const { body } = await get('/v3/feeds/home/?page_size=100', cookies[as]);
    expect(body.resource_response.data.map((p: { id: string }) => Number(p.id))).not.toContain(ids.secretPin);
  });
});

it('lists every board to the owner, and protected ones only to members', async () => {
  const owner = await get('/v3/users/privacy_owner/boards/', cookies.owner);
  expect(owner.body.resource_response.data.map((b: { id: string }) => Number(b.id)).sort()).toEqual(
    [ids.publicBoard, ids.secretBoard, ids.protectedBoard].sort(),
  );
  const collaborator = await get(
    '/v3/users/privacy_owner/boards/?privacy_filter=secret',
    cookies.collaborator,
  );
  expect(collaborator.body.resource_response.data.map((b: { id: string }) => Number(b.id))).toEqual([
    ids.secretBoard,
  ]);
});

it('ignores an expired or unknown session cookie', async () => {
  const { status } = await get(`/v3/boards/${ids.secretBoard}/`, '_pinboard_sess=forged-token');
  expect(status).toBe(404);
});
