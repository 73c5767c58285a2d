import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards } from '../../src/db/schema/boards.ts';
import { boardCollaborators } from '../../src/db/schema/social.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const picker = (cookie: string | null, query = '') =>
  t.request({ method: 'GET', url: `/v3/boards/picker/${query}`, headers: cookie ? { cookie } : {} });

type PickerBoard = { id: string; name: string; sections: { id: string; title: string }[] } & Record<
  string,
  unknown
>;

describe('GET /v3/boards/picker/', () => {
  it("lists the viewer's boards and group boards by name, digits last, without archived or others' boards", async () => {
    const viewer = await t.make.user();
    const cookie = await t.make.sessionCookie(viewer.id);
    const friend = await t.make.user({ firstName: 'Fran', lastName: 'Lee' });
    const stranger = await t.make.user();
    const owned = await Promise.all(
      ['zebra', 'Apples', '2024 trips', 'banana', '10 ideas', 'Ångström'].map((name) =>
        t.make.board(viewer.id, { name, privacy: name === 'banana' ? 'secret' : 'public' }),
      ),
    );
    await t.make.board(viewer.id, { name: 'Archived', archivedAt: new Date() });
    const group = await t.make.board(friend.id, { name: 'Cakes' });
    await t.make.collaborator(group.id, viewer.id);
    const archivedGroup = await t.make.board(friend.id, { name: 'Old group' });
    await t.db
      .insert(boardCollaborators)
      .values({ boardId: archivedGroup.id, userId: viewer.id, archivedAt: new Date() });
    await t.make.board(stranger.id, { name: 'Not mine' });
    const section = await t.make.section(owned[1]!.id, { title: 'Red', position: 1 });
    const section2 = await t.make.section(owned[1]!.id, { title: 'Green', position: 0 });

    const { status, body } = await picker(cookie);
    expect(status).toBe(200);
    const all: PickerBoard[] = body.resource_response.data.all_boards;
    // Case and accents do not split the alphabet; numbers compare as numbers; digit-led names last.
    expect(all.map((b) => b.name)).toEqual([
      'Ångström',
      'Apples',
      'banana',
      'Cakes',
      'zebra',
      '10 ideas',
      '2024 trips',
    ]);
    const apples = all.find((b) => b.name === 'Apples')!;
    expect(apples).toMatchObject({
      section_count: 2,
      sections: [
        { id: String(section2.id), title: 'Green' },
        { id: String(section.id), title: 'Red' },
      ],
      collaborated_by_me: false,
      owner: { id: String(viewer.id) },
    });
    expect(all.find((b) => b.name === 'banana')).toMatchObject({ privacy: 'secret' });
    expect(all.find((b) => b.name === 'Cakes')).toMatchObject({
      is_collaborative: true,
      collaborated_by_me: true,
      collaborator_count: 1,
      collaborating_users: [expect.objectContaining({ id: String(viewer.id) })],
      owner: { id: String(friend.id), username: friend.username },
    });
  });

  it('shortlists the three boards saved to most recently', async () => {
    const viewer = await t.make.user();
    const cookie = await t.make.sessionCookie(viewer.id);
    const made = [];
    for (let i = 0; i < 6; i++) {
      made.push(
        await t.make.board(viewer.id, {
          name: `Board ${i}`,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
          lastPinnedToAt: i % 2 === 0 ? new Date(Date.UTC(2026, 5, 1 + i)) : null,
        }),
      );
    }
    // Saving through the API makes a board the most recent.
    const author = await t.make.user();
    const pin = await t.make.pin(author.id, (await t.make.board(author.id)).id);
    const saved = await t.request({
      method: 'POST',
      url: `/v3/pins/${pin.id}/repin/`,
      headers: { cookie: `${cookie}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
      payload: { board_id: String(made[1]!.id) },
    });
    expect(saved.status).toBe(200);
    const { body } = await picker(cookie, `?pin_id=${pin.id}`);
    const shortlist: PickerBoard[] = body.resource_response.data.boards_shortlist;
    expect(shortlist.map((b) => b.name)).toEqual(['Board 1', 'Board 4', 'Board 2']);
    expect(shortlist[0]).toMatchObject({ has_pin: true, pin_count: 1 });
    expect(shortlist[0]!.image_cover_url).toEqual(expect.stringContaining('236x'));
    expect(shortlist[1]).toMatchObject({ has_pin: false, image_cover_url: null });
  });

  it('needs a signed-in viewer and rejects unknown parameters', async () => {
    expect((await picker(null)).status).toBe(401);
    const viewer = await t.make.user();
    const cookie = await t.make.sessionCookie(viewer.id);
    expect((await picker(cookie, '?sort=name')).status).toBe(400);
    expect((await picker(cookie, '?advertiser_id=12')).status).toBe(200);
  });

  it('answers all of 2,000 boards, with their sections, in a handful of queries', async () => {
    const viewer = await t.make.user();
    const cookie = await t.make.sessionCookie(viewer.id);
    const rows = await t.db
      .insert(boards)
      .values(
        Array.from({ length: 2000 }, (_, i) => ({
          ownerId: viewer.id,
          name: `Board ${String(i).padStart(4, '0')}`,
          slug: `board-${i}`,
        })),
      )
      .returning({ id: boards.id });
    await t.make.section(rows[1999]!.id, { title: 'Last one' });
    const started = performance.now();
    const { status, body } = await picker(cookie);
    const elapsed = performance.now() - started;
    expect(status).toBe(200);
    const all: PickerBoard[] = body.resource_response.data.all_boards;
    expect(all).toHaveLength(2000);
    expect(all[0]!.name).toBe('Board 0000');
    expect(all[1999]).toMatchObject({ name: 'Board 1999', sections: [{ title: 'Last one' }] });
    expect(body.resource_response.data.boards_shortlist).toHaveLength(3);
    // Generous for a busy CI machine; a query per board would take many seconds on PGlite.
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('GET /v3/pins/{id}/board_title_suggestions/', () => {
  it("suggests names from the pin's hashtags and title, none the viewer already has", async () => {
    const viewer = await t.make.user();
    const cookie = await t.make.sessionCookie(viewer.id);
    await t.make.board(viewer.id, { name: 'Kitchen' });
    const author = await t.make.user();
    const board = await t.make.board(author.id, { name: 'Dream house' });
    const pin = await t.make.pin(author.id, board.id, {
      title: 'Blue tiles',
      description: 'So calm #homeDecor',
      hashtags: ['kitchen', 'interiors'],
    });
    const { status, body } = await t.request({
      method: 'GET',
      url: `/v3/pins/${pin.id}/board_title_suggestions/`,
      headers: { cookie },
    });
    expect(status).toBe(200);
    expect(body.resource_response.data).toEqual([
      { title: 'Interiors' },
      { title: 'Homedecor' },
      { title: 'Blue tiles' },
      { title: 'Dream house' },
    ]);
    const secret = await t.make.board(author.id, { privacy: 'secret' });
    const hidden = await t.make.pin(author.id, secret.id);
    const missing = await t.request({
      method: 'GET',
      url: `/v3/pins/${hidden.id}/board_title_suggestions/`,
      headers: { cookie },
    });
    expect(missing.status).toBe(404);
  });
});
