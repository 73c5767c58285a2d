import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, MEDIA_CACHE_CONTROL } from '../../src/adapters/storage/s3-storage.ts';
import { buildMediaKey, type MediaStorage } from '../../src/adapters/storage/storage.ts';
import { seedDemo } from '../../src/cli/seed.ts';
import { loadConfig } from '../../src/config.ts';
import { mediaUrl } from '../../src/lib/media-url.ts';
import { TEST_CSRF_TOKEN } from '../helpers/browser.ts';
import { makeImage, uploadFile } from '../helpers/media.ts';
import { startTestBucket, type TestBucket } from '../helpers/s3.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// A real S3-protocol server (s3rver) on a free port, with its own temporary directory.
let bucket: TestBucket;
let storage: MediaStorage;

beforeAll(async () => {
  bucket = await startTestBucket();
  storage = createS3Storage(loadConfig({ ...bucket.env, DATA_DIR: '/tmp/unused' }).s3!);
});
afterAll(() => bucket?.close());

const KEY = buildMediaKey('cd'.repeat(32), '236x', 'webp');

describe('createS3Storage', () => {
  it('puts an object with its content type and a year-long immutable Cache-Control, and reads it back', async () => {
    const body = Buffer.from('webp bytes');
    expect(await storage.exists(KEY)).toBe(false);
    await storage.put(KEY, body, 'image/webp');

    expect(await storage.exists(KEY)).toBe(true);
    expect(await storage.get(KEY)).toEqual(body);
    // The URL a browser is given answers without credentials, as a public bucket or CDN does.
    const url = storage.urlFor(KEY);
    expect(url).toBe(`${bucket.endpoint}/${bucket.bucket}/${KEY}`);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(body);
  });

  it('answers a missing key with false and null', async () => {
    const missing = buildMediaKey('ef'.repeat(32), 'orig', 'jpg');
    expect(await storage.exists(missing)).toBe(false);
    expect(await storage.get(missing)).toBeNull();
  });

  it('refuses anything that is not a media key before it reaches the bucket', async () => {
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /not a media key/,
    );
    await expect(storage.get('ab/cd/../../x')).rejects.toThrow(/not a media key/);
    expect(() => storage.urlFor('/etc/passwd')).toThrow(/not a media key/);
  });

  it('lists every media key with its write time across pages, and deletes unless written since', async () => {
    const paged = createS3Storage(loadConfig({ ...bucket.env, DATA_DIR: '/tmp/unused' }).s3!, {
      listPageSize: 2,
    });
    const keys = ['01', '02', '03', '04', '05'].map((n) => buildMediaKey(n.repeat(32), 'orig', 'jpg'));
    const before = Date.now();
    for (const key of keys) await paged.put(key, Buffer.from(key), 'image/jpeg');
    const listed = [];
    for await (const object of paged.list()) listed.push(object);
    // Five new keys and the one the first test stored, over three pages or more.
    expect(listed.map((object) => object.key).sort()).toEqual([...keys, KEY].sort());
    for (const object of listed.filter((o) => keys.includes(o.key))) {
      // S3 keeps write times to the second.
      expect(object.writtenAt.getTime()).toBeGreaterThan(before - 2000);
      expect(object.writtenAt.getTime()).toBeLessThanOrEqual(Date.now());
    }

    // Written after the cutoff: kept. Before: removed, then gone.
    expect(await paged.delete(keys[0]!, { writtenBefore: new Date(before - 60_000) })).toBe(false);
    expect(await paged.exists(keys[0]!)).toBe(true);
    const later = new Date(Date.now() + 2000);
    for (const key of keys) expect(await paged.delete(key, { writtenBefore: later })).toBe(true);
    expect(await paged.delete(keys[0]!, { writtenBefore: later })).toBe(false);
    const left = [];
    for await (const object of paged.list()) left.push(object.key);
    expect(left).toEqual([KEY]);
    await expect(paged.delete('../escape.webp')).rejects.toThrow(/not a media key/);
  });

  it('says what is wrong when the bucket is unreachable', async () => {
    const unreachable = createS3Storage({
      ...loadConfig({ ...bucket.env, DATA_DIR: '/tmp/unused' }).s3!,
      endpoint: 'http://127.0.0.1:9',
    });
    await expect(unreachable.exists(KEY)).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});

describe('S3 settings', () => {
  const env = (extra: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/unused', ...extra });

  it('keeps media on local disk when no bucket is named', () => {
    expect(env({})).toMatchObject({ s3: undefined, mediaOrigin: undefined });
  });

  it('gives the media origin a Content-Security-Policy allows: the CDN, the endpoint, or AWS', () => {
    expect(env({ S3_BUCKET: 'media', S3_PUBLIC_URL: 'https://cdn.example.com/pins/' }).mediaOrigin).toBe(
      'https://cdn.example.com',
    );
    expect(env({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' }).mediaOrigin).toBe(
      'http://127.0.0.1:9000',
    );
    expect(env({ S3_BUCKET: 'media', S3_REGION: 'eu-west-1' }).mediaOrigin).toBe(
      'https://media.s3.eu-west-1.amazonaws.com',
    );
  });

  it('builds URLs on the public URL, path-style on a custom endpoint, virtual-hosted on AWS', () => {
    const key = KEY;
    const urlOf = (extra: Record<string, string>) =>
      createS3Storage(env({ S3_BUCKET: 'media', ...extra }).s3!).urlFor(key);
    expect(urlOf({ S3_PUBLIC_URL: 'https://cdn.example.com/pins/' })).toBe(
      `https://cdn.example.com/pins/${key}`,
    );
    expect(urlOf({ S3_ENDPOINT: 'http://minio:9000' })).toBe(`http://minio:9000/media/${key}`);
    expect(urlOf({})).toBe(`https://media.s3.us-east-1.amazonaws.com/${key}`);
  });

  it('refuses settings that cannot work, naming the variable', () => {
    expect(() => env({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(() => env({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => env({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => env({ S3_BUCKET: 'media', S3_PUBLIC_URL: 'ftp://cdn' })).toThrow(/S3_PUBLIC_URL/);
  });
});

describe('the app on S3 storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: bucket.env });
  });
  afterAll(() => t?.close());

  const headers = (cookie: string) => ({
    cookie: `${cookie}; csrftoken=${TEST_CSRF_TOKEN}`,
    'x-csrftoken': TEST_CSRF_TOKEN,
  });

  it('stores an upload in the bucket and answers its pin with the bucket URLs, which serve it', async () => {
    const user = await t.make.user();
    const cookie = await t.make.sessionCookie(user.id);
    const board = await t.make.board(user.id, { name: 'Bucket' });
    const uploaded = await uploadFile(t, cookie, await makeImage(300, 400, 'jpeg'), 'a.jpg', 'image/jpeg');
    expect(uploaded.status).toBe(200);
    const upload = uploaded.body.resource_response.data;

    const created = await t.request({
      method: 'POST',
      url: '/v3/pins/',
      headers: headers(cookie),
      payload: { board_id: String(board.id), method: 'uploaded', media_upload_id: upload.media_upload_id },
    });
    expect(created.status).toBe(200);
    const pin = (
      await t.request({ method: 'GET', url: `/v3/pins/${created.body.resource_response.data.id}/` })
    ).body.resource_response.data;

    const prefix = `${bucket.endpoint}/${bucket.bucket}/`;
    for (const [name, image] of Object.entries(pin.images) as [string, { url: string }][]) {
      expect(image.url.startsWith(prefix)).toBe(true);
      const served = await fetch(image.url);
      expect(served.status, name).toBe(200);
      expect(served.headers.get('content-type')).toBe(name === 'orig' ? 'image/jpeg' : 'image/webp');
      expect(served.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
      // What the bucket serves is what the adapter reads back.
      const key = image.url.slice(prefix.length);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(await t.storage.get(key));
    }
    // Nothing is kept on this instance's disk, and /media/ is not served here.
    const local = await t.app.inject({
      method: 'GET',
      url: new URL(pin.images['236x'].url).pathname.replace(/^\/[^/]+\//, '/media/'),
    });
    expect(local.statusCode).toBe(404);
  });

  it('registers one of its own media URLs by reading the bucket, never fetching it over the network', async () => {
    const user = await t.make.user();
    const cookie = await t.make.sessionCookie(user.id);
    const uploaded = (await uploadFile(t, cookie, await makeImage(260, 260, 'png'), 'a.png', 'image/png'))
      .body.resource_response.data;
    // The bucket is on a loopback address, which the server-side fetcher refuses to reach.
    const own = uploaded.images.orig.url as string;
    const registered = await t.request({
      method: 'PUT',
      url: '/v3/pins/image/',
      headers: headers(cookie),
      payload: { image_url: own },
    });
    expect(registered.status).toBe(200);
    const id = registered.body.resource_response.data.media_upload_id;
    let upload = registered.body.resource_response.data;
    for (let i = 0; i < 100 && upload.status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      upload = (await t.request({ method: 'GET', url: `/v3/media/uploads/${id}/`, headers: headers(cookie) }))
        .body.resource_response.data;
    }
    expect(upload).toMatchObject({ status: 'ready', error: null });

    // The pin builder's look-up answers the picture from the bucket too.
    const found = await t.request({
      method: 'GET',
      url: `/v3/pins/find_images/?url=${encodeURIComponent(own)}`,
      headers: headers(cookie),
    });
    expect(found.status).toBe(200);
    expect(found.body.resource_response.data.items).toEqual([
      { type: 'pinnable', url: own, width: null, height: null },
    ]);

    // A key that is not stored fails as a missing page would; another host's URL is fetched (and refused here).
    const missing = own
      .replace(/[0-9a-f]{64}/, 'f'.repeat(64))
      .replace(/^(.*\/)[0-9a-f]{2}\/[0-9a-f]{2}\//, '$1ff/ff/');
    const refusedOwn = await t.request({
      method: 'PUT',
      url: '/v3/pins/image/',
      headers: headers(cookie),
      payload: { image_url: missing },
    });
    const elsewhere = await t.request({
      method: 'PUT',
      url: '/v3/pins/image/',
      headers: headers(cookie),
      payload: { image_url: own.replace('127.0.0.1', 'localhost') },
    });
    for (const answer of [refusedOwn, elsewhere]) {
      const uploadId = answer.body.resource_response.data.media_upload_id;
      let row = answer.body.resource_response.data;
      for (let i = 0; i < 100 && row.status === 'pending'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = (
          await t.request({ method: 'GET', url: `/v3/media/uploads/${uploadId}/`, headers: headers(cookie) })
        ).body.resource_response.data;
      }
      expect(row.status).toBe('failed');
    }
  });

  it('finds the same picture uploaded again in the bucket and encodes nothing new', async () => {
    const user = await t.make.user();
    const cookie = await t.make.sessionCookie(user.id);
    const png = await makeImage(200, 200, 'png');
    const first = (await uploadFile(t, cookie, png, 'a.png', 'image/png')).body.resource_response.data;
    const second = (await uploadFile(t, cookie, png, 'b.png', 'image/png')).body.resource_response.data;
    expect(second.images).toEqual(first.images);
    expect(second.dominant_color).toBe(first.dominant_color);
  });

  it('seeds the demo through the adapter: every image is in the bucket', async () => {
    const other = await createTestApp({ env: bucket.env });
    try {
      const summary = await seedDemo(other.db, { seed: 3, pinCount: 6, storage: other.storage });
      expect(summary.pins).toBe(6);
      const feed = (await other.request({ method: 'GET', url: '/v3/feeds/home/' })).body.resource_response
        .data;
      const urls = (feed.pins ?? feed).map(
        (pin: { images: { '236x': { url: string } } }) => pin.images['236x'].url,
      );
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect((await fetch(url)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers with the media URLs of the newest open app, and /media/ ones once none is open', async () => {
    const local = await createTestApp();
    expect(mediaUrl(KEY)).toBe(`/media/${KEY}`);
    await local.close();
    expect(mediaUrl(KEY)).toBe(`${bucket.endpoint}/${bucket.bucket}/${KEY}`);
    await t.close();
    expect(mediaUrl(KEY)).toBe(`/media/${KEY}`);
    t = await createTestApp({ env: bucket.env });
  });
});
