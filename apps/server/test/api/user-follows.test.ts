import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const cookies = {} as Record<'fan' | 'star', string>;

beforeAll(async () => {
  t = await createTestApp();
  const fan = await t.make.user({ username: 'follow_fan' });
  const star = await t.make.user({ username: 'follow_star' });
  await t.make.user({ username: 'follow_gone', status: 'suspended' });
  cookies.fan = await t.make.sessionCookie(fan.id);
  cookies.star = await t.make.sessionCookie(star.id);
});
afterAll(() => t.close());

function follow(method: 'PUT' | 'DELETE', username: string, cookie?: string) {
  return t.request({
    method,
    url: `/v3/users/${username}/follow/`,
    headers: { cookie: `${cookie ?? ''}; csrftoken=tok`, 'x-csrftoken': 'tok' },
  });
}

const profile = async (username: string, cookie?: string) =>
  (await t.request({ method: 'GET', url: `/v3/users/${username}/`, headers: cookie ? { cookie } : {} })).body
    .resource_response.data;

describe('PUT|DELETE /v3/users/{username}/follow/', () => {
  it('needs a signed-in viewer', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const { status, body } = await follow(method, 'follow_star');
      expect(status).toBe(401);
      expect(body.resource_response.error.code).toBe('auth_required');
    }
  });

  it('refuses following yourself', async () => {
    const { status, body } = await follow('PUT', 'follow_star', cookies.star);
    expect(status).toBe(403);
    expect(body.resource_response.error.code).toBe('forbidden');
  });

  it('answers 404 for unknown and inactive users', async () => {
    for (const username of ['nobody_here', 'follow_gone']) {
      const { status, body } = await follow('PUT', username, cookies.fan);
      expect(status, username).toBe(404);
      expect(body.resource_response.error.code).toBe('user_not_found');
    }
  });

  it('follows once however often asked, and answers the profile with its counts', async () => {
    for (let i = 0; i < 2; i += 1) {
      const { status, body } = await follow('PUT', 'follow_star', cookies.fan);
      expect(status).toBe(200);
      expect(body.resource_response.data).toMatchObject({
        username: 'follow_star',
        followed_by_me: true,
        follower_count: 1,
        is_me: false,
      });
    }
    // Usernames are case-insensitive.
    expect((await follow('PUT', 'FOLLOW_STAR', cookies.fan)).body.resource_response.data.follower_count).toBe(
      1,
    );
    expect((await profile('follow_fan')).following_count).toBe(1);
    expect((await profile('follow_star', cookies.fan)).followed_by_me).toBe(true);
  });

  it('unfollows idempotently', async () => {
    for (let i = 0; i < 2; i += 1) {
      const { status, body } = await follow('DELETE', 'follow_star', cookies.fan);
      expect(status).toBe(200);
      expect(body.resource_response.data).toMatchObject({ followed_by_me: false, follower_count: 0 });
    }
    expect((await profile('follow_fan')).following_count).toBe(0);
  });

  it('needs the CSRF header', async () => {
    const { status } = await t.request({
      method: 'PUT',
      url: '/v3/users/follow_star/follow/',
      headers: { cookie: cookies.fan },
    });
    expect(status).toBe(403);
  });
});
