import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, boardSections } from '../../src/db/schema/boards.ts';
import { users } from '../../src/db/schema/users.ts';
import { TEST_CSRF_TOKEN } from '../helpers/browser.ts';
import { makeImage, makeVideo, uploadFile, startSite } from '../helpers/media.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let site: Awaited<ReturnType<typeof startSite>>;
let siteHost: string;
let png: Buffer;

beforeAll(async () => {
  png = await makeImage(240, 360, 'png');
  site = await startSite({ '/photo.png': { type: 'image/png', body: png } });
  siteHost = site.host;
  t = await createTestApp({ env: { FETCH_ALLOW_HOSTS: siteHost } });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

async function signedIn() {
  const user = await t.make.user();
  return { user, cookie: await t.make.sessionCookie(user.id) };
}

const headersOf = (cookie: string) => ({
  cookie: `${cookie}; csrftoken=${TEST_CSRF_TOKEN}`,
  'x-csrftoken': TEST_CSRF_TOKEN,
});
const createPin = (cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/v3/pins/', payload, headers: headersOf(cookie) });
const get = (url: string, cookie = '') => t.request({ method: 'GET', url, headers: { cookie } });
const dataOf = (response: { body: any }) => response.body.resource_response.data;
const errorOf = (response: { body: any }) => response.body.resource_response.error;

async function upload(cookie: string, bytes: Buffer = png): Promise<string> {
  const response = await uploadFile(t, cookie, bytes, 'file', 'application/octet-stream');
  expect(response.status).toBe(200);
  return dataOf(response).media_upload_id;
}

const boardRow = async (id: number) => (await t.db.select().from(boards).where(eq(boards.id, id)))[0]!;

describe('POST /v3/pins/', () => {
  it('creates a pin from an upload into a section: answer, counts, cover, hashtags and link domain', async () => {
    const { user, cookie } = await signedIn();
    const board = await t.make.board(user.id, { name: 'Lighting' });
    const section = await t.make.section(board.id, { title: 'Lamps' });
    const response = await createPin(cookie, {
      board_id: String(board.id),
      section_id: String(section.id),
      title: '  Brass lamp ',
      description: 'Warm light #Brass #lamps',
      link: 'https://www.example.com/lamp?x=1',
      method: 'uploaded',
      media_upload_id: await upload(cookie),
      advertiser_id: null,
    });
    expect(response.status).toBe(200);
    const created = dataOf(response);
    expect(created).toEqual({
      id: expect.any(String),
      board: { id: String(board.id), name: 'Lighting', url: `/${user.username}/${board.slug}/` },
      section: { id: String(section.id), title: 'Lamps' },
    });
    const pin = dataOf(await get(`/v3/pins/${created.id}/`, cookie));
    expect(pin).toMatchObject({
      title: 'Brass lamp',
      hashtags: ['brass', 'lamps'],
      link: 'https://www.example.com/lamp?x=1',
      domain: 'example.com',
      created_method: 'uploaded',
      section: { id: String(section.id) },
      images: { orig: { width: 240, height: 360 } },
      video: null,
      story_page_count: 0,
      story_pages: null,
    });
    const after = await boardRow(board.id);
    expect(after.pinCount).toBe(1);
    expect(after.coverImageId).not.toBeNull();
    expect(after.lastPinnedToAt).not.toBeNull();
    const [sectionAfter] = await t.db.select().from(boardSections).where(eq(boardSections.id, section.id));
    expect(sectionAfter!.pinCount).toBe(1);
    const [userAfter] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(userAfter!.pinCount).toBe(1);
  });

  it('creates pins from an image URL (fetched and waited for) and from image data', async () => {
    const { user, cookie } = await signedIn();
    const board = await t.make.board(user.id);
    const fromUrl = await createPin(cookie, {
      board_id: String(board.id),
      method: 'scraped',
      image_url: `http://${siteHost}/photo.png`,
    });
    expect(fromUrl.status).toBe(200);
    expect(dataOf(await get(`/v3/pins/${dataOf(fromUrl).id}/`, cookie))).toMatchObject({
      created_method: 'scraped',
    });
    const refused = await createPin(cookie, {
      board_id: String(board.id),
      image_url: `http://${siteHost}/gone.png`,
    });
    expect(errorOf(refused)).toMatchObject({ code: 'fetch_bad_status', field: 'image_url' });

    const fromData = await createPin(cookie, {
      board_id: String(board.id),
      method: 'pinbuilder',
      image_base64: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(fromData.status).toBe(200);
    const bad = await createPin(cookie, { board_id: String(board.id), image_base64: 'not base64 at all!' });
    expect(errorOf(bad)).toMatchObject({ code: 'image_base64_invalid', field: 'image_base64' });
    expect((await boardRow(board.id)).pinCount).toBe(2);
  });

  it('creates a video pin and an idea pin whose pages the closeup shows and feeds count', async () => {
    const { user, cookie } = await signedIn();
    const board = await t.make.board(user.id);
    const videoId = await upload(cookie, await makeVideo(t.dataDir));
    const imageId = await upload(cookie);
    const video = await createPin(cookie, { board_id: String(board.id), media_upload_id: videoId });
    const videoPin = dataOf(await get(`/v3/pins/${dataOf(video).id}/`, cookie));
    expect(videoPin.video).toMatchObject({ url: expect.stringMatching(/\.mp4$/), width: 320, height: 240 });

    const idea = await createPin(cookie, {
      board_id: String(board.id),
      title: 'Three steps',
      story_pages: [
        { media_upload_id: imageId, text: 'First' },
        { media_upload_id: videoId, text: 'Then this' },
      ],
    });
    expect(idea.status).toBe(200);
    const ideaPin = dataOf(await get(`/v3/pins/${dataOf(idea).id}/`));
    expect(ideaPin).toMatchObject({ story_page_count: 2, video: null, images: { orig: { width: 240 } } });
    expect(ideaPin.story_pages).toMatchObject([
      { text: 'First', video: null, images: { orig: { width: 240, height: 360 } } },
      { text: 'Then this', video: { width: 320, height: 240 } },
    ]);
    const feed = dataOf(await get(`/v3/boards/${board.id}/pins/`, cookie));
    expect(feed.find((pin: any) => pin.id === dataOf(idea).id)).toMatchObject({
      story_page_count: 2,
      story_pages: null,
    });

    // Saving either keeps what it is: the video, and the story's pages.
    const saver = await signedIn();
    const theirBoard = await t.make.board(saver.user.id);
    for (const [pinId, check] of [
      [dataOf(video).id, { video: { duration_ms: videoPin.video.duration_ms } }],
      [dataOf(idea).id, { story_page_count: 2, story_pages: [{ text: 'First' }, { text: 'Then this' }] }],
    ] as const) {
      const saved = await t.request({
        method: 'POST',
        url: `/v3/pins/${pinId}/repin/`,
        headers: headersOf(saver.cookie),
        payload: { board_id: String(theirBoard.id) },
      });
      expect(saved.status).toBe(200);
      expect(dataOf(await get(`/v3/pins/${dataOf(saved).pin.id}/`, saver.cookie))).toMatchObject(check);
    }
  });

  it("refuses another person's board, section or upload; a collaborator may create", async () => {
    const { user, cookie } = await signedIn();
    const own = await t.make.board(user.id);
    const uploadId = await upload(cookie);
    const other = await signedIn();
    const secret = await t.make.board(other.user.id, { privacy: 'secret' });
    const publicBoard = await t.make.board(other.user.id);
    const theirSection = await t.make.section(publicBoard.id);
    const theirUpload = await upload(other.cookie);
    const attempt = (payload: Record<string, unknown>) =>
      createPin(cookie, { board_id: String(own.id), media_upload_id: uploadId, ...payload });

    expect(errorOf(await attempt({ board_id: String(secret.id) })).code).toBe('board_not_found');
    expect(errorOf(await attempt({ board_id: '999999999' })).code).toBe('board_not_found');
    expect(errorOf(await attempt({ board_id: String(publicBoard.id) })).code).toBe('forbidden');
    expect(errorOf(await attempt({ section_id: String(theirSection.id) })).code).toBe('section_not_found');
    const notMine = await attempt({ media_upload_id: theirUpload });
    expect(errorOf(notMine)).toMatchObject({ code: 'media_upload_not_found', field: 'media_upload_id' });
    const notMinePage = await attempt({
      media_upload_id: undefined,
      story_pages: [{ media_upload_id: theirUpload }],
    });
    expect(errorOf(notMinePage).code).toBe('media_upload_not_found');
    expect((await boardRow(publicBoard.id)).pinCount).toBe(0);

    await t.make.collaborator(secret.id, user.id);
    const collaborating = await attempt({ board_id: String(secret.id) });
    expect(collaborating.status).toBe(200);
    expect((await boardRow(secret.id)).pinCount).toBe(1);
  });

  it('takes exactly one picture source, an http(s) link and the product lengths', async () => {
    const { user, cookie } = await signedIn();
    const board = await t.make.board(user.id);
    const uploadId = await upload(cookie);
    const base = { board_id: String(board.id), media_upload_id: uploadId };
    expect(errorOf(await createPin(cookie, { board_id: String(board.id) })).code).toBe('pin_media_required');
    const both = await createPin(cookie, { ...base, image_url: `http://${siteHost}/photo.png` });
    expect(errorOf(both).code).toBe('pin_media_conflict');
    const script = await createPin(cookie, { ...base, link: 'javascript:alert(1)' });
    expect(errorOf(script)).toMatchObject({ code: 'pin_link_invalid', field: 'link' });
    expect(errorOf(await createPin(cookie, { ...base, title: 'x'.repeat(101) })).field).toBe('title');
    expect(errorOf(await createPin(cookie, { ...base, description: 'x'.repeat(501) })).field).toBe(
      'description',
    );
    expect((await createPin('', base)).status).toBe(401);
    expect((await boardRow(board.id)).pinCount).toBe(0);
  });
});
