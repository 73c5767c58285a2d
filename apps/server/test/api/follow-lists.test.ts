import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardFollows, userFollows } from '../../src/db/schema/social.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const ids = {} as Record<'star' | 'fan1' | 'fan2' | 'fan3' | 'gone' | 'member' | 'stranger', number>;
const cookies = {} as Record<'member' | 'stranger' | 'fan1', string>;
const boards = {} as Record<'public' | 'secret', number>;

interface Listed {
  username: string;
  followed_by_me: boolean;
  is_me: boolean;
  follower_count: number;
}

async function list(url: string, cookie?: string) {
  const { status, body } = await t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return {
    status,
    body,
    items: body.resource_response?.data as Listed[],
    bookmark: body.resource_response?.bookmark,
  };
}

async function all(url: string, pageSize: number, cookie?: string) {
  const names: string[] = [];
  let bookmark: string | null = null;
  do {
    const page = await list(`${url}?page_size=${pageSize}${bookmark ? `&bookmark=${bookmark}` : ''}`, cookie);
    expect(page.status).toBe(200);
    names.push(...page.items.map((item) => item.username));
    bookmark = page.bookmark ?? null;
  } while (bookmark);
  return names;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of Object.keys({
    star: 0,
    fan1: 0,
    fan2: 0,
    fan3: 0,
    member: 0,
    stranger: 0,
  }) as (keyof typeof ids)[]) {
    ids[name] = (await t.make.user({ username: `fl_${name}` })).id;
  }
  ids.gone = (await t.make.user({ username: 'fl_gone', status: 'suspended' })).id;
  cookies.member = await t.make.sessionCookie(ids.member);
  cookies.stranger = await t.make.sessionCookie(ids.stranger);
  cookies.fan1 = await t.make.sessionCookie(ids.fan1);
  // Followers in a known order of follow time.
  let at = Date.parse('2026-01-01T00:00:00Z');
  for (const fan of ['fan1', 'fan2', 'gone', 'fan3'] as const) {
    at += 60_000;
    await t.db
      .insert(userFollows)
      .values({ followerId: ids[fan], followeeId: ids.star, createdAt: new Date(at) });
  }
  await t.db.insert(userFollows).values({ followerId: ids.star, followeeId: ids.fan2 });
  await t.db.insert(userFollows).values({ followerId: ids.star, followeeId: ids.gone });
  await t.db.insert(userFollows).values({ followerId: ids.fan1, followeeId: ids.fan3 });
  boards.public = (await t.make.board(ids.star, { name: 'Open board' })).id;
  boards.secret = (await t.make.board(ids.star, { name: 'Hidden board', privacy: 'secret' })).id;
  await t.make.collaborator(boards.secret, ids.member);
  for (const board of [boards.public, boards.secret]) {
    await t.db.insert(boardFollows).values([
      { userId: ids.fan1, boardId: board },
      { userId: ids.gone, boardId: board },
    ]);
  }
});
afterAll(() => t.close());

describe('GET /v3/users/{username}/followers/ and /following/', () => {
  it('lists active followers, most recent follow first, across pages', async () => {
    expect(await all('/v3/users/fl_star/followers/', 1)).toEqual(['fl_fan3', 'fl_fan2', 'fl_fan1']);
    expect(await all('/v3/users/FL_STAR/followers/', 2)).toEqual(['fl_fan3', 'fl_fan2', 'fl_fan1']);
  });

  it('lists the active people a person follows (people only)', async () => {
    expect(await all('/v3/users/fl_star/following/', 25)).toEqual(['fl_fan2']);
  });

  it("marks whom the viewer follows, and the viewer's own row", async () => {
    const { items } = await list('/v3/users/fl_star/followers/', cookies.fan1);
    expect(items.find((item) => item.username === 'fl_fan3')).toMatchObject({
      followed_by_me: true,
      is_me: false,
    });
    expect(items.find((item) => item.username === 'fl_fan1')).toMatchObject({
      followed_by_me: false,
      is_me: true,
    });
    expect(items.find((item) => item.username === 'fl_fan2')?.follower_count).toBe(1);
  });

  it('answers an inactive or unknown person as missing', async () => {
    for (const name of ['fl_gone', 'fl_nobody']) {
      const { status, body } = await list(`/v3/users/${name}/followers/`);
      expect(status).toBe(404);
      expect(body.resource_response.error.code).toBe('user_not_found');
    }
  });

  // '6' is a date to Date.parse, not to PostgreSQL (the fuzz proof found it).
  it.each([
    ['not a time', 1],
    ['6', 5],
    ['2026-02-30 10:00:00+00', 1],
  ])('refuses a forged bookmark [%j, %j] with the envelope', async (at, id) => {
    const forged = Buffer.from(JSON.stringify([at, id])).toString('base64url');
    const { status, body } = await list(`/v3/users/fl_star/followers/?bookmark=${forged}`);
    expect(status).toBe(400);
    expect(body.resource_response.error.code).toBe('invalid_bookmark');
  });
});

describe('GET /v3/boards/{id}/followers/', () => {
  it("lists a public board's active followers to anyone", async () => {
    expect(await all(`/v3/boards/${boards.public}/followers/`, 25)).toEqual(['fl_fan1']);
  });

  it("shows a secret board's followers to its members only", async () => {
    expect(await all(`/v3/boards/${boards.secret}/followers/`, 25, cookies.member)).toEqual(['fl_fan1']);
    for (const cookie of [undefined, cookies.stranger]) {
      const { status, body } = await list(`/v3/boards/${boards.secret}/followers/`, cookie);
      expect(status).toBe(404);
      expect(body.resource_response.error.code).toBe('board_not_found');
    }
  });
});
