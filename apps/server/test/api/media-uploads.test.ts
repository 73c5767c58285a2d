import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUploads } from '../../src/db/schema/media-uploads.ts';
import { TEST_CSRF_TOKEN } from '../helpers/browser.ts';
import { makeImage, makeVideo, pixelFloodPng, uploadFile, startSite } from '../helpers/media.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let site: Awaited<ReturnType<typeof startSite>>;
let siteHost: string;
let png: Buffer;

beforeAll(async () => {
  png = await makeImage(300, 200, 'png');
  // The pages an image is registered from: a local server the fetcher is allowed to reach.
  site = await startSite({
    '/pin.png': { type: 'image/png', body: png },
    '/page.html': { type: 'text/html', body: '<p>hi' },
  });
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

const get = (url: string, cookie = '') => t.request({ method: 'GET', url, headers: { cookie } });
const errorOf = (response: { body: any }) => response.body.resource_response.error;
const dataOf = (response: { body: any }) => response.body.resource_response.data;

describe('POST /v3/media/uploads/', () => {
  it('stores a JPEG with GPS EXIF as renditions that carry no metadata at all', async () => {
    const { cookie } = await signedIn();
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c04020' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    // A misleading name and declared type change nothing: the bytes say JPEG.
    const response = await uploadFile(t, cookie, jpeg, 'holiday.gif', 'application/octet-stream');
    expect(response.status).toBe(200);
    const upload = dataOf(response);
    expect(upload).toMatchObject({ type: 'image', status: 'ready', video: null, error: null });
    expect(upload.images.orig).toMatchObject({ width: 400, height: 300 });
    expect(upload.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const rendition of Object.values(upload.images) as { url: string }[]) {
      const served = await t.app.inject({ method: 'GET', url: rendition.url });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }

    // Polling: the owner reads it, anyone else is told it does not exist.
    const own = await get(`/v3/media/uploads/${upload.media_upload_id}/`, cookie);
    expect(dataOf(own)).toEqual(upload);
    const other = await signedIn();
    const theirs = await get(`/v3/media/uploads/${upload.media_upload_id}/`, other.cookie);
    expect(theirs.status).toBe(404);
    expect(errorOf(theirs).code).toBe('media_upload_not_found');
  });

  it('refuses a page renamed .jpg, judged by its bytes', async () => {
    const { cookie } = await signedIn();
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const response = await uploadFile(t, cookie, html, 'cat.jpg', 'image/jpeg');
    expect(response.status).toBe(415);
    expect(errorOf(response)).toMatchObject({ code: 'media_type_unsupported', api_error_code: 261 });
  });

  it('stops reading an image past 20 MB', async () => {
    const { cookie } = await signedIn();
    const huge = Buffer.alloc(21 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const response = await uploadFile(t, cookie, huge, 'huge.jpg', 'image/jpeg');
    expect(response.status).toBe(413);
    expect(errorOf(response).code).toBe('media_too_large');
  });

  it('refuses a 30000x30000 PNG from its header, without decoding it', async () => {
    const { cookie } = await signedIn();
    const rssBefore = process.memoryUsage().rss;
    const response = await uploadFile(t, cookie, pixelFloodPng(30_000, 30_000), 'flood.png', 'image/png');
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('image_too_large');
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses an image under 120 px on either side', async () => {
    const { cookie } = await signedIn();
    const response = await uploadFile(
      t,
      cookie,
      await makeImage(400, 119, 'webp'),
      'strip.webp',
      'image/webp',
    );
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'image_too_small', message_detail: '400x119' });
  });

  it('refuses a file past the quota, saying how much room is left', async () => {
    const { user, cookie } = await signedIn();
    const quota = 2 * 1024 ** 3;
    await t.db
      .insert(mediaUploads)
      .values({ userId: user.id, kind: 'image', status: 'ready', byteSize: quota - 100 });
    const response = await uploadFile(t, cookie, png, 'a.png', 'image/png');
    expect(response.status).toBe(413);
    expect(errorOf(response)).toMatchObject({
      code: 'media_quota_exceeded',
      data: { quota_bytes: quota, used_bytes: quota - 100, remaining_bytes: 100 },
    });
  });

  it('needs a signed-in viewer and a file', async () => {
    const anonymous = await uploadFile(t, '', png, 'a.png', 'image/png');
    expect(anonymous.status).toBe(401);
    const { cookie } = await signedIn();
    const empty = await uploadFile(t, cookie, Buffer.alloc(0), 'a.png', 'image/png');
    expect(errorOf(empty).code).toBe('media_file_missing');
  });

  it('stores an MP4 with its poster frame and duration, served as video/mp4', async () => {
    const { cookie } = await signedIn();
    const clip = await makeVideo(t.dataDir);
    const response = await uploadFile(t, cookie, clip, 'clip.bin', 'text/plain');
    expect(response.status).toBe(200);
    const upload = dataOf(response);
    expect(upload).toMatchObject({
      type: 'video',
      status: 'ready',
      images: { orig: { width: 320, height: 240 } },
    });
    expect(upload.video).toMatchObject({ width: 320, height: 240 });
    expect(upload.video.duration_ms).toBeGreaterThanOrEqual(900);
    expect(upload.video.duration_ms).toBeLessThanOrEqual(1100);
    const served = await t.app.inject({ method: 'GET', url: upload.video.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(clip)).toBe(true);
    // Received in DATA_DIR/tmp (where the sweep at start finds what a killed process left), and
    // removed once stored.
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);

    // Without ffmpeg (paths that do not run) video is refused with its own code; images still work.
    const noFfmpeg = await createTestApp({
      db: t.db,
      env: { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' },
    });
    try {
      const refused = await uploadFile(noFfmpeg, cookie, clip, 'clip.mp4', 'video/mp4');
      expect(refused.status).toBe(422);
      expect(errorOf(refused)).toMatchObject({ code: 'video_unavailable', api_error_code: 265 });
      expect((await uploadFile(noFfmpeg, cookie, png, 'a.png', 'image/png')).status).toBe(200);
    } finally {
      await noFfmpeg.close();
    }
  });
});

describe('PUT /v3/pins/image/', () => {
  const register = (cookie: string, imageUrl: string) =>
    t.request({
      method: 'PUT',
      url: '/v3/pins/image/',
      payload: { image_url: imageUrl },
      headers: { cookie: `${cookie}; csrftoken=${TEST_CSRF_TOKEN}`, 'x-csrftoken': TEST_CSRF_TOKEN },
    });

  it('answers pending at once, fetches in the background, and reuses the registration', async () => {
    const { cookie } = await signedIn();
    const url = `http://${siteHost}/pin.png`;
    const first = await register(cookie, url);
    expect(first.status).toBe(200);
    expect(dataOf(first)).toMatchObject({ type: 'image', status: 'pending', images: null });
    await t.app.background.settled();
    const polled = dataOf(await get(`/v3/media/uploads/${dataOf(first).media_upload_id}/`, cookie));
    expect(polled).toMatchObject({ status: 'ready', images: { orig: { width: 300, height: 200 } } });
    const again = await register(cookie, url);
    expect(dataOf(again)).toEqual(polled);
  });

  it('marks a registration failed with the reason: not an image, a missing page, a private address', async () => {
    const { cookie } = await signedIn();
    const cases = [
      [`http://${siteHost}/page.html`, 'media_type_unsupported'],
      [`http://${siteHost}/missing.png`, 'fetch_bad_status'],
      ['http://169.254.169.254/latest/meta-data/', 'fetch_address_refused'],
    ] as const;
    const ids = [];
    for (const [url] of cases) ids.push(dataOf(await register(cookie, url)).media_upload_id);
    await t.app.background.settled();
    for (const [i, [, code]] of cases.entries()) {
      const polled = dataOf(await get(`/v3/media/uploads/${ids[i]}/`, cookie));
      expect(polled).toMatchObject({ status: 'failed', error: { code } });
    }
  });
});
