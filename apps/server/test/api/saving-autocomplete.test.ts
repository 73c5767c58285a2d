import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let ownerCookie: string;
let strangerCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.make.user();
  const stranger = await t.make.user();
  ownerCookie = await t.make.sessionCookie(owner.id);
  strangerCookie = await t.make.sessionCookie(stranger.id);
  const open = await t.make.board(owner.id);
  const secret = await t.make.board(owner.id, { privacy: 'secret' });
  const tagged = (board: number, hashtags: string[], times: number) =>
    Promise.all(Array.from({ length: times }, () => t.make.pin(owner.id, board, { hashtags })));
  await tagged(open.id, ['garden'], 3);
  await tagged(open.id, ['gardening', 'garden'], 2);
  await tagged(open.id, ['gardenparty'], 1);
  await tagged(open.id, ['garlic'], 4);
  await tagged(open.id, ['gazebo'], 1);
  await tagged(open.id, ['gate'], 1);
  await tagged(secret.id, ['gardensecret'], 9);
});
afterAll(() => t.close());

const autocomplete = (query: string, cookie?: string) =>
  t.request({ method: 'GET', url: `/v3/search/autocomplete/${query}`, headers: cookie ? { cookie } : {} });

describe('GET /v3/search/autocomplete/', () => {
  it('suggests at most 5 hashtags by prefix, the most used first, with pin counts', async () => {
    const { status, body } = await autocomplete('?q=%23ga&show_pin_count=true');
    expect(status).toBe(200);
    expect(body.resource_response.data).toEqual([
      { query: '#garden', pin_count: 5 },
      { query: '#garlic', pin_count: 4 },
      { query: '#gardening', pin_count: 2 },
      { query: '#gardenparty', pin_count: 1 },
      { query: '#gate', pin_count: 1 },
    ]);
  });

  it("counts a secret board's pins only for its owner", async () => {
    const visitor = await autocomplete('?q=gardens&show_pin_count=true');
    expect(visitor.body.resource_response.data).toEqual([]);
    const stranger = await autocomplete('?q=gardens&show_pin_count=true', strangerCookie);
    expect(stranger.body.resource_response.data).toEqual([]);
    const owner = await autocomplete('?q=GardenS&show_pin_count=true', ownerCookie);
    expect(owner.body.resource_response.data).toEqual([{ query: '#gardensecret', pin_count: 9 }]);
  });

  it('leaves pin counts out unless asked, and finds nothing for punctuation', async () => {
    const { body } = await autocomplete('?q=gaz&show_pin_count=false');
    expect(body.resource_response.data).toEqual([{ query: '#gazebo', pin_count: null }]);
    const odd = await autocomplete('?q=%25ga');
    expect(odd.body.resource_response.data).toEqual([]);
    expect((await autocomplete('?q=')).status).toBe(400);
  });
});
