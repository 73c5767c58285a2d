import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { images } from '../../src/db/schema/images.ts';
import { users } from '../../src/db/schema/users.ts';
import { TEST_CSRF_TOKEN } from '../helpers/browser.ts';
import { makeImage } from '../helpers/media.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A multipart body as the avatar dialog sends it: the crop fields, then the file. */
function avatarForm(fields: Record<string, string | number>, file: Buffer | null, contentType = 'image/png') {
  const boundary = `----pinboardavatar${Date.now().toString(16)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const chunks: Buffer[] = [Buffer.from(parts.join(''))];
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadAvatar(cookie: string, fields: Record<string, string | number>, file: Buffer | null) {
  const { payload, contentType } = avatarForm(fields, file);
  return t.request({
    method: 'POST',
    url: '/v3/users/settings/avatar/',
    payload,
    headers: {
      'content-type': contentType,
      cookie: `${cookie}; csrftoken=${TEST_CSRF_TOKEN}`,
      'x-csrftoken': TEST_CSRF_TOKEN,
    },
  });
}

async function person() {
  const user = await t.make.user();
  return { user, cookie: await t.make.sessionCookie(user.id) };
}

/** A 400x300 picture: left half red, right half blue. */
function halvesPicture() {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: { create: { width: 200, height: 300, channels: 3, background: '#0000ff' } },
        left: 200,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

describe('POST /v3/users/settings/avatar/', () => {
  it('crops the chosen square, makes the renditions, and the persons pins show it at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user, cookie } = await person();
    const board = await t.make.board(user.id);
    const pin = await t.make.pin(user.id, board.id);
    // A visitor's answer is kept (the clock is frozen: it would be served without a clear).
    const before = await t.request({ method: 'GET', url: `/v3/pins/${pin.id}/` });
    expect(before.body.resource_response.data.pinner.image_medium_url).toBeNull();

    const response = await uploadAvatar(
      cookie,
      { crop_x: 220, crop_y: 50, crop_size: 150 },
      await halvesPicture(),
    );
    expect(response.status).toBe(200);
    const profile = response.body.resource_response.data;
    expect(profile.image_medium_url).toMatch(/236x/);
    expect(profile.image_large_url).toMatch(/474x/);

    const [row] = await t.db
      .select({ imageId: users.avatarImageId })
      .from(users)
      .where(eq(users.id, user.id));
    const [image] = await t.db.select().from(images).where(eq(images.id, row!.imageId!));
    // A square, never upscaled; cut from the blue half only.
    expect(image).toMatchObject({ width: 150, height: 150, dominantColor: '#0000ff' });
    expect(image!.sizes['236x']).toMatchObject({ width: 150, height: 150 });
    const stored = await t.storage.get(image!.sizes['236x'].key);
    expect(await sharp(stored!).metadata()).toMatchObject({ width: 150, height: 150, format: 'webp' });

    const after = await t.request({ method: 'GET', url: `/v3/pins/${pin.id}/` });
    expect(after.body.resource_response.data.pinner.image_medium_url).toBe(profile.image_medium_url);
  });

  it.each([
    [{ crop_x: 300, crop_y: 0, crop_size: 150 }, 'outside the picture'],
    [{ crop_x: 0, crop_y: 0, crop_size: 100 }, 'too small'],
    [{ crop_x: -1, crop_y: 0, crop_size: 150 }, 'negative'],
    [{ crop_x: 'a', crop_y: 0, crop_size: 150 }, 'not a number'],
    [{ crop_x: 0, crop_y: 0 }, 'without a size'],
  ] as [Record<string, string | number>, string][])(
    'refuses a crop square %j (%s), changing nothing',
    async (fields) => {
      const { user, cookie } = await person();
      const response = await uploadAvatar(cookie, fields, await halvesPicture());
      expect(response.status).toBe(400);
      expect(response.body.resource_response.error.code).toBe('avatar_crop_invalid');
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.avatarImageId).toBeNull();
    },
  );

  it('refuses what is not a picture, and a form without a file', async () => {
    const { cookie } = await person();
    const text = await uploadAvatar(
      cookie,
      { crop_x: 0, crop_y: 0, crop_size: 150 },
      Buffer.from('hello, not a picture'),
    );
    expect(text.body.resource_response.error.code).toBe('media_type_unsupported');
    const none = await uploadAvatar(cookie, { crop_x: 0, crop_y: 0, crop_size: 150 }, null);
    expect(none.body.resource_response.error.code).toBe('media_file_missing');
  });

  it('is for signed-in people only', async () => {
    const { payload, contentType } = avatarForm(
      { crop_x: 0, crop_y: 0, crop_size: 150 },
      await makeImage(200, 200),
    );
    const response = await t.request({
      method: 'POST',
      url: '/v3/users/settings/avatar/',
      payload,
      headers: {
        'content-type': contentType,
        cookie: `csrftoken=${TEST_CSRF_TOKEN}`,
        'x-csrftoken': TEST_CSRF_TOKEN,
      },
    });
    expect(response.body.resource_response.error.code).toBe('auth_required');
  });
});

describe('DELETE /v3/users/settings/avatar/', () => {
  it('removes the picture', async () => {
    const { cookie } = await person();
    await uploadAvatar(cookie, { crop_x: 0, crop_y: 0, crop_size: 200 }, await makeImage(200, 200));
    const response = await t.request({
      method: 'DELETE',
      url: '/v3/users/settings/avatar/',
      headers: { cookie: `${cookie}; csrftoken=${TEST_CSRF_TOKEN}`, 'x-csrftoken': TEST_CSRF_TOKEN },
    });
    expect(response.body.resource_response.data.image_medium_url).toBeNull();
  });
});
