import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardCollaborators } from '../../src/db/schema/social.ts';
import { clearLocalSignedOutAnswers } from '../../src/lib/signed-out-answers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Saved state and saved copies (decision 44): every pin answer says where the signed-in viewer
 * saved its picture, a save credits the picture's creator along chains of saves, and the home,
 * search, board, profile and hashtag lists show one card per picture.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface PinAnswer {
  id: string;
  images: { orig: { url: string } };
  origin_pinner: { id: string; username: string } | null;
  viewer_saved: { pin_id: string; board_id: string; board_name: string; section_id: string | null } | null;
}

async function person() {
  const user = await t.make.user();
  return { user, cookie: await t.make.sessionCookie(user.id) };
}

async function get(url: string, cookie: string | null = null) {
  const { status, body } = await t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(status, `${url} ${JSON.stringify(body)}`).toBe(200);
  return body.resource_response as { data: any; bookmark: string | null };
}

/** A list answer's pins: search answers them as `results`. */
const listOf = (data: PinAnswer[] | { results: PinAnswer[] }) => ('results' in data ? data.results : data);

async function repin(pinId: number | string, cookie: string, boardId: number, sectionId?: number) {
  const { status, body } = await t.request({
    method: 'POST',
    url: `/v3/pins/${pinId}/repin/`,
    headers: { cookie: `${cookie}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
    payload: { board_id: String(boardId), ...(sectionId ? { section_id: String(sectionId) } : {}) },
  });
  expect(status).toBe(200);
  return body.resource_response.data as { pin: PinAnswer };
}

async function creatorsPin(title = 'Copper lamp') {
  const creator = await t.make.user();
  const board = await t.make.board(creator.id);
  const pin = await t.make.pin(creator.id, board.id, { title, hashtags: ['copperlamp'] });
  return { creator, board, pin };
}

describe('viewer_saved', () => {
  it('a pin the viewer saved says so on its closeup and on every copy of its picture', async () => {
    const { pin, board } = await creatorsPin();
    const { user, cookie } = await person();
    const lamps = await t.make.board(user.id, { name: 'Lamps' });
    const section = await t.make.section(lamps.id, { title: 'Desk' });
    // Someone else's copy of the same picture.
    const other = await t.make.user();
    const othersCopy = await t.make.pin(other.id, (await t.make.board(other.id)).id, {
      imageId: pin.imageId,
      createdMethod: 'repin',
      viaPinId: pin.id,
    });

    expect((await get(`/v3/pins/${pin.id}/`, cookie)).data.viewer_saved).toBeNull();
    const saved = await repin(pin.id, cookie, lamps.id, section.id);
    const expected = {
      pin_id: saved.pin.id,
      board_id: String(lamps.id),
      board_name: 'Lamps',
      section_id: String(section.id),
      section_title: 'Desk',
    };
    expect(saved.pin.viewer_saved).toEqual(expected);
    expect((await get(`/v3/pins/${pin.id}/`, cookie)).data.viewer_saved).toEqual(expected);
    expect((await get(`/v3/pins/${othersCopy.id}/`, cookie)).data.viewer_saved).toEqual(expected);
    // Nobody else sees the viewer's board in it: the creator sees their own pin's board.
    expect((await get(`/v3/pins/${pin.id}/`)).data.viewer_saved).toBeNull();
    const creatorCookie = await t.make.sessionCookie(board.ownerId);
    expect((await get(`/v3/pins/${othersCopy.id}/`, creatorCookie)).data.viewer_saved).toEqual({
      pin_id: String(pin.id),
      board_id: String(board.id),
      board_name: board.name,
      section_id: null,
      section_title: null,
    });
  });

  it('lists carry it: board, profile, home feed, search and related pins', async () => {
    const { pin, board, creator } = await creatorsPin('Brass pendant lamp');
    const { user, cookie } = await person();
    const mine = await t.make.board(user.id, { name: 'Pendants', privacy: 'secret' });
    await repin(pin.id, cookie, mine.id);
    const savedOf = (pins: PinAnswer[]) => listOf(pins).find((p) => p.id === String(pin.id))?.viewer_saved;
    const lists = [
      `/v3/boards/${board.id}/pins/`,
      `/v3/users/${creator.username}/pins/`,
      '/v3/feeds/home/?page_size=100',
      '/v3/search/pins/?q=pendant',
      '/v3/search/pins/?q=%23copperlamp',
    ];
    for (const url of lists) {
      expect(savedOf((await get(url, cookie)).data as PinAnswer[]), url).toMatchObject({
        board_name: 'Pendants',
      });
      expect(savedOf((await get(url)).data as PinAnswer[]), url).toBeNull();
    }
    const sibling = await t.make.pin(creator.id, board.id, { title: 'Brass pendant twin' });
    const related = (await get(`/v3/pins/${sibling.id}/related/`, cookie)).data as PinAnswer[];
    expect(savedOf(related)).toMatchObject({ board_name: 'Pendants' });
  });

  it('names no board the viewer has left (a group board they no longer collaborate on)', async () => {
    const { pin } = await creatorsPin();
    const { user, cookie } = await person();
    const owner = await t.make.user();
    const group = await t.make.board(owner.id, { name: 'Their secret', privacy: 'secret' });
    await t.make.collaborator(group.id, user.id);
    await repin(pin.id, cookie, group.id);
    expect((await get(`/v3/pins/${pin.id}/`, cookie)).data.viewer_saved).toMatchObject({
      board_name: 'Their secret',
    });

    await t.db
      .delete(boardCollaborators)
      .where(and(eq(boardCollaborators.boardId, group.id), eq(boardCollaborators.userId, user.id)));
    expect((await get(`/v3/pins/${pin.id}/`, cookie)).data.viewer_saved).toBeNull();
  });
});

describe('saved copies keep their creator', () => {
  it('credits the creator along a chain of saves, not the person in between', async () => {
    const { pin, creator } = await creatorsPin();
    const first = await person();
    const second = await person();
    const copy = await repin(pin.id, first.cookie, (await t.make.board(first.user.id)).id);
    expect(copy.pin.origin_pinner).toMatchObject({ id: String(creator.id), username: creator.username });

    const copyOfCopy = await repin(copy.pin.id, second.cookie, (await t.make.board(second.user.id)).id);
    expect(copyOfCopy.pin.origin_pinner).toMatchObject({ id: String(creator.id) });
    expect((await get(`/v3/pins/${copyOfCopy.pin.id}/`)).data.origin_pinner).toMatchObject({
      username: creator.username,
    });
    // A pin that is not a save credits nobody else.
    expect((await get(`/v3/pins/${pin.id}/`)).data.origin_pinner).toBeNull();
  });
});

describe('one card per picture', () => {
  it('a board shows a picture once, at its newest pin, across pages', async () => {
    const owner = await person();
    const board = await t.make.board(owner.user.id);
    const picture = await t.make.image();
    const older = await t.make.pin(owner.user.id, board.id, { imageId: picture.id });
    const others = [];
    for (let i = 0; i < 3; i += 1) others.push(await t.make.pin(owner.user.id, board.id));
    const newer = await t.make.pin(owner.user.id, board.id, { imageId: picture.id });

    const ids: string[] = [];
    let bookmark: string | null = null;
    do {
      const query: string = bookmark ? `&bookmark=${encodeURIComponent(bookmark)}` : '';
      const page = await get(`/v3/boards/${board.id}/pins/?page_size=2${query}`, owner.cookie);
      ids.push(...(page.data as PinAnswer[]).map((p) => p.id));
      bookmark = page.bookmark;
    } while (bookmark);
    expect(ids).toEqual([newer, ...others.reverse()].map((p) => String(p.id)));
    expect(ids).not.toContain(String(older.id));
  });

  it('the visitors’ home feed and search show a saved picture once', async () => {
    const { pin } = await creatorsPin('Unmistakable walnut sideboard');
    const saver = await person();
    const copy = await repin(pin.id, saver.cookie, (await t.make.board(saver.user.id)).id);
    const count = (pins: PinAnswer[]) =>
      listOf(pins).filter((p) => p.id === String(pin.id) || p.id === copy.pin.id).length;

    // A save clears no visitor answer (it only adds): start from fresh ones, not a page an earlier
    // test read within the second visitors' answers are kept.
    clearLocalSignedOutAnswers();
    const feed = (await get('/v3/feeds/home/?page_size=100')).data as PinAnswer[];
    expect(count(feed)).toBe(1);
    expect(listOf(feed).find((p) => p.id === copy.pin.id)).toBeTruthy();
    const search = (await get('/v3/search/pins/?q=walnut%20sideboard', saver.cookie)).data as PinAnswer[];
    expect(count(search)).toBe(1);
  });

  /** Every pin id of a bookmark-paged list, a page of 2 at a time. */
  async function allIds(url: string, cookie: string | null = null) {
    const ids: string[] = [];
    let bookmark: string | null = null;
    do {
      const more: string = bookmark ? `&bookmark=${encodeURIComponent(bookmark)}` : '';
      const page = await get(`${url}${url.includes('?') ? '&' : '?'}page_size=2${more}`, cookie);
      ids.push(...(page.data as PinAnswer[]).map((p) => p.id));
      bookmark = page.bookmark;
    } while (bookmark);
    return ids;
  }

  it("a profile's pins show a picture once, at the newest copy the viewer may see", async () => {
    const owner = await person();
    const open = await t.make.board(owner.user.id);
    const other = await t.make.board(owner.user.id);
    const secret = await t.make.board(owner.user.id, { privacy: 'secret' });
    const picture = await t.make.image();
    const oldest = await t.make.pin(owner.user.id, open.id, { imageId: picture.id });
    const between = await t.make.pin(owner.user.id, other.id);
    const newer = await t.make.pin(owner.user.id, other.id, { imageId: picture.id });
    const hidden = await t.make.pin(owner.user.id, secret.id, { imageId: picture.id });
    const name = owner.user.username;

    for (const filter of ['saved', 'created']) {
      const url = `/v3/users/${name}/pins/?filter=${filter}`;
      // A visitor: the newest public copy; the secret copy neither shows nor hides it.
      expect(await allIds(url), filter).toEqual([newer, between].map((p) => String(p.id)));
      // The owner sees the secret copy, the newest, in place of the others.
      expect(await allIds(url, owner.cookie), filter).toEqual([hidden, between].map((p) => String(p.id)));
    }
    expect(await allIds(`/v3/users/${name}/pins/`)).not.toContain(String(oldest.id));
  });

  it("a hashtag's pins show a picture once, at its newest public pin carrying the tag", async () => {
    const owner = await person();
    const board = await t.make.board(owner.user.id);
    const secret = await t.make.board(owner.user.id, { privacy: 'secret' });
    const picture = await t.make.image();
    const tag = 'onecardpertag';
    const older = await t.make.pin(owner.user.id, board.id, { imageId: picture.id, hashtags: [tag] });
    const plain = await t.make.pin(owner.user.id, board.id, { hashtags: [tag] });
    const newer = await t.make.pin(owner.user.id, board.id, { imageId: picture.id, hashtags: [tag] });
    // A newer copy without the tag, or on a secret board, does not take the picture's place.
    await t.make.pin(owner.user.id, board.id, { imageId: picture.id });
    await t.make.pin(owner.user.id, secret.id, { imageId: picture.id, hashtags: [tag] });

    const ids = await allIds(`/v3/discover/topics/${tag}/pins/`, owner.cookie);
    expect(ids).toEqual([newer, plain].map((p) => String(p.id)));
    expect(ids).not.toContain(String(older.id));
  });
});
