import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_SORTS } from '@pinboard/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let boardId: number;
const pinIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.make.user({ username: 'pager' });
  const friend = await t.make.user();
  const board = await t.make.board(owner.id, { name: 'Many pins' });
  boardId = board.id;
  for (let i = 0; i < 23; i++) pinIds.push((await t.make.pin(owner.id, board.id)).id);
  // 30 boards with names, ages, last pins and custom positions that disagree with each other.
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 30; i++) {
    const other = await t.make.board(owner.id, {
      name: `${String.fromCharCode(97 + ((i * 7) % 26))} board ${i}`,
      createdAt: new Date(base + i * 3_600_000),
      customPosition: (i * 11) % 30,
    });
    if (i % 3 === 0)
      await t.make.pin(owner.id, other.id, { createdAt: new Date(base + (40 - i) * 7_200_000) });
    if (i % 4 === 0) await t.make.collaborator(other.id, friend.id);
  }
});
afterAll(() => t.close());

async function collect(url: string, pageSize: number) {
  const items: { id: string }[] = [];
  let bookmark: string | null = null;
  let pages = 0;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const query: string = `page_size=${pageSize}${bookmark ? `&bookmark=${encodeURIComponent(bookmark)}` : ''}`;
    const { status, body } = await t.request({ method: 'GET', url: `${url}${separator}${query}` });
    expect(status).toBe(200);
    items.push(...body.resource_response.data);
    bookmark = body.resource_response.bookmark;
    pages++;
  } while (bookmark && pages < 100);
  return { items, pages };
}

describe('pin lists', () => {
  it('walks a board page by page, newest first, with no gap or repeat, ending in a null bookmark', async () => {
    const { items, pages } = await collect(`/v3/boards/${boardId}/pins/`, 5);
    expect(pages).toBe(5);
    expect(items.map((p) => Number(p.id))).toEqual([...pinIds].reverse());
  });

  it('answers the default page size of 25', async () => {
    const { body } = await t.request({ method: 'GET', url: '/v3/feeds/home/' });
    expect(body.resource_response.data).toHaveLength(25);
    expect(body.resource_response.bookmark).toEqual(expect.any(String));
  });

  it('refuses page sizes out of range', async () => {
    for (const size of ['0', '251', '-3', '2.5']) {
      const { status } = await t.request({ method: 'GET', url: `/v3/feeds/home/?page_size=${size}` });
      expect(status, size).toBe(400);
    }
  });
});

describe("a user's boards", () => {
  it.each(BOARD_SORTS)('pages through every board exactly once in %s order', async (sort) => {
    const whole = await t.request({
      method: 'GET',
      url: `/v3/users/pager/boards/?sort=${sort}&page_size=250`,
    });
    const expected = whole.body.resource_response.data.map((b: { id: string }) => b.id);
    expect(expected).toHaveLength(31);
    const { items } = await collect(`/v3/users/pager/boards/?sort=${sort}`, 4);
    expect(items.map((b) => b.id)).toEqual(expected);
  });

  it('orders boards as each sort says', async () => {
    const names = async (sort: string) => {
      const { body } = await t.request({
        method: 'GET',
        url: `/v3/users/pager/boards/?sort=${sort}&page_size=250`,
      });
      return body.resource_response.data as {
        name: string;
        created_at: string;
        is_collaborative: boolean;
        last_pinned_to_at: string | null;
      }[];
    };
    const alphabetical = (await names('alphabetical')).map((b) => b.name.toLowerCase());
    expect(alphabetical).toEqual([...alphabetical].sort((a, b) => a.localeCompare(b, 'en')));
    const newest = (await names('newest')).map((b) => b.created_at);
    expect(newest).toEqual([...newest].sort().reverse());
    const oldest = (await names('oldest')).map((b) => b.created_at);
    expect(oldest).toEqual([...oldest].sort());
    const grouped = (await names('group_boards_at_top')).map((b) => b.is_collaborative);
    expect(grouped).toEqual([...grouped].sort((a, b) => Number(b) - Number(a)));
    const lastPinned = (await names('last_pinned_to')).map((b) => b.last_pinned_to_at ?? b.created_at);
    expect(lastPinned).toEqual([...lastPinned].sort().reverse());
  });

  it('uses last_pinned_to by default and 25 per page', async () => {
    const byDefault = await t.request({ method: 'GET', url: '/v3/users/pager/boards/' });
    const explicit = await t.request({ method: 'GET', url: '/v3/users/pager/boards/?sort=last_pinned_to' });
    expect(byDefault.body.resource_response.data).toHaveLength(25);
    expect(byDefault.body).toEqual(explicit.body);
  });

  it('rejects a bookmark from another sort order', async () => {
    const first = await t.request({ method: 'GET', url: '/v3/users/pager/boards/?sort=newest&page_size=2' });
    const bookmark = encodeURIComponent(first.body.resource_response.bookmark);
    const { status, body } = await t.request({
      method: 'GET',
      url: `/v3/users/pager/boards/?sort=group_boards_at_top&bookmark=${bookmark}`,
    });
    expect(status).toBe(400);
    expect(body.resource_response.error.code).toBe('invalid_bookmark');
  });

  it('rejects an unknown sort by name', async () => {
    const { status, body } = await t.request({ method: 'GET', url: '/v3/users/pager/boards/?sort=random' });
    expect(status).toBe(400);
    expect(body.resource_response.error.field).toBe('sort');
  });
});
