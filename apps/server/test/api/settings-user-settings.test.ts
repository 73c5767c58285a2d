import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/users.ts';
import { registerBody } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v3/users/settings/', () => {
  it('is for signed-in people only', async () => {
    expect(errorOf(await new TestBrowser(t).get('/v3/users/settings/')).code).toBe('auth_required');
  });

  it('answers the listed website and whether Instagram is linked', async () => {
    const browser = new TestBrowser(t);
    const signup = await browser.post('/v3/register/', registerBody());
    const id = Number(signup.body.resource_response.data.user.id);
    expect((await browser.get('/v3/users/settings/')).body.resource_response.data).toMatchObject({
      connected_to_instagram: false,
      listed_website_url: null,
    });
    await t.db.update(users).set({ websiteUrl: 'https://instagram.com/maya' }).where(eq(users.id, id));
    expect((await browser.get('/v3/users/settings/')).body.resource_response.data).toMatchObject({
      connected_to_instagram: false,
      listed_website_url: 'https://instagram.com/maya',
    });
  });
});
