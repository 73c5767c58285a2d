import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ViewerSchema } from '@pinboard/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const cookies = {} as Record<'ada' | 'plain' | 'suspended', string>;

beforeAll(async () => {
  t = await createTestApp();
  const avatar = await t.make.image();
  const ada = await t.make.user({
    username: 'viewer_ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    avatarImageId: avatar.id,
    avatarColorIndex: 4,
  });
  const plain = await t.make.user({ username: 'viewer_plain', firstName: 'Plain', lastName: '' });
  const suspended = await t.make.user({ username: 'viewer_gone', status: 'suspended' });
  cookies.ada = await t.make.sessionCookie(ada.id);
  cookies.plain = await t.make.sessionCookie(plain.id);
  cookies.suspended = await t.make.sessionCookie(suspended.id);
});
afterAll(() => t.close());

const me = (cookie?: string) =>
  t.request({ method: 'GET', url: '/v3/users/me/', headers: cookie ? { cookie } : {} });

describe('GET /v3/users/me/', () => {
  it('answers a visitor as UNAUTH with no user', async () => {
    const { status, body, headers } = await me();

    expect(status).toBe(200);
    expect(body.resource_response).toEqual({
      status: 'success',
      data: {
        type: 'UNAUTH',
        isAuth: false,
        isPartner: false,
        id: null,
        createdAt: null,
        user: null,
        info: null,
        client_context: {
          country: 'US',
          country_from_hostname: null,
          country_from_ip: 'US',
          region_from_ip: null,
        },
        requires_consent: false,
        accounts: [],
        unread_notifications: 0,
        unread_conversations: 0,
      },
      bookmark: null,
    });
    expect(headers['cache-control']).toBe('private, no-store');
  });

  it('answers a signed-in viewer as AUTH with their summary', async () => {
    const { status, body } = await me(cookies.ada);

    expect(status).toBe(200);
    const viewer = ViewerSchema.parse(body.resource_response.data);
    expect(viewer.type).toBe('AUTH');
    expect(viewer.user).toMatchObject({
      username: 'viewer_ada',
      first_name: 'Ada',
      full_name: 'Ada Lovelace',
      avatar_color_index: 4,
    });
    expect(viewer.user?.image_medium_url).toMatch(/^\/media\/.+_236x\.webp$/);
  });

  it('gives a user without an avatar no image urls', async () => {
    const { body } = await me(cookies.plain);

    expect(body.resource_response.data.user).toMatchObject({
      full_name: 'Plain',
      image_medium_url: null,
      image_large_url: null,
    });
  });

  it('treats an unknown session or a suspended account as a visitor', async () => {
    for (const cookie of ['_pinboard_sess=not-a-real-session', cookies.suspended]) {
      const { status, body } = await me(cookie);
      expect(status).toBe(200);
      expect(body.resource_response.data).toMatchObject({ type: 'UNAUTH', user: null, info: null });
    }
  });

  it('leaves the profile route to real usernames', async () => {
    const { status, body } = await t.request({ method: 'GET', url: '/v3/users/viewer_ada/' });

    expect(status).toBe(200);
    expect(body.resource_response.data.username).toBe('viewer_ada');
  });
});
