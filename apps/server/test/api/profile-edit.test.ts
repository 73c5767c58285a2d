import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formerUsernames } from '../../src/db/schema/former-usernames.ts';
import { users } from '../../src/db/schema/users.ts';
import { registerBody } from '../helpers/auth.ts';
import { TEST_CSRF_TOKEN } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const signedIn = (cookie: string) => ({
  cookie: `${cookie}; csrftoken=${TEST_CSRF_TOKEN}`,
  'x-csrftoken': TEST_CSRF_TOKEN,
});

async function person(overrides: Parameters<TestApp['make']['user']>[0] = {}) {
  const user = await t.make.user(overrides);
  return { user, cookie: await t.make.sessionCookie(user.id) };
}

function editProfile(cookie: string, body: Record<string, unknown>) {
  return t.request({
    method: 'PATCH',
    url: '/v3/users/settings/profile/',
    payload: body,
    headers: signedIn(cookie),
  });
}

const dataOf = (response: { body: any }) => response.body.resource_response.data;
const errorOf = (response: { body: any }) => response.body.resource_response.error;

describe('PATCH /v3/users/settings/profile/', () => {
  it('is for signed-in people only', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/v3/users/settings/profile/',
      payload: { first_name: 'Ada' },
      headers: { cookie: `csrftoken=${TEST_CSRF_TOKEN}`, 'x-csrftoken': TEST_CSRF_TOKEN },
    });
    expect(errorOf(response).code).toBe('auth_required');
  });

  it('saves the names, about, website and pronouns, and the profile shows them', async () => {
    const { user, cookie } = await person();
    const response = await editProfile(cookie, {
      first_name: ' Nora ',
      last_name: 'Tester',
      about: 'Plants and paper.',
      website_url: 'https://nora.example.com/',
      pronouns: ['she/her', 'they/them'],
    });
    expect(response.status).toBe(200);
    expect(dataOf(response)).toMatchObject({
      first_name: 'Nora',
      full_name: 'Nora Tester',
      about: 'Plants and paper.',
      website_url: 'https://nora.example.com/',
      pronouns: ['she/her', 'they/them'],
      is_me: true,
    });
    const visitor = await t.request({ method: 'GET', url: `/v3/users/${user.username}/` });
    expect(dataOf(visitor)).toMatchObject({ full_name: 'Nora Tester', pronouns: ['she/her', 'they/them'] });
    // An empty website removes it; fields left out stay.
    expect(dataOf(await editProfile(cookie, { website_url: '' }))).toMatchObject({
      website_url: null,
      about: 'Plants and paper.',
    });
  });

  it.each([
    [{ first_name: '  ' }, 'first_name_required', 'first_name'],
    [{ first_name: 'x'.repeat(31) }, 'first_name_too_long', 'first_name'],
    [{ last_name: 'x'.repeat(31) }, 'last_name_too_long', 'last_name'],
    [{ username: 'ab' }, 'username_too_short', 'username'],
    [{ username: 'a'.repeat(31) }, 'username_too_long', 'username'],
    [{ username: 'nora tester' }, 'username_invalid', 'username'],
    [{ username: 'Settings' }, 'username_reserved', 'username'],
    [{ username: 'pinterest' }, 'username_reserved', 'username'],
    [{ about: 'x'.repeat(501) }, 'about_too_long', 'about'],
    [{ website_url: 'ftp://nora.example.com' }, 'website_invalid', 'website_url'],
    [{ website_url: 'https://localhost' }, 'website_invalid', 'website_url'],
    [{ pronouns: ['she/her', 'they/them', 'he/him'] }, 'pronouns_too_many', 'pronouns'],
    [{ pronouns: ['she/her', 'she/her'] }, 'pronouns_too_many', 'pronouns'],
  ])('refuses %j with %s on its field, changing nothing', async (body, code, field) => {
    const { user, cookie } = await person();
    const response = await editProfile(cookie, body);
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ code, field });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toEqual(user);
  });

  it('refuses a username someone has, whatever its case, but takes a new case of ones own', async () => {
    const other = await person({ username: 'Maya_Taken' });
    const { cookie } = await person({ username: 'nora_case' });
    const taken = await editProfile(cookie, { username: 'maya_taken' });
    expect(taken.status).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'username_taken', field: 'username' });
    expect(dataOf(await editProfile(cookie, { username: 'Nora_Case' })).username).toBe('Nora_Case');
    // A case change leaves no former name behind.
    const former = await t.db
      .select()
      .from(formerUsernames)
      .where(sql`lower(username) = 'nora_case'`);
    expect(former).toEqual([]);
    expect(other.user.username).toBe('Maya_Taken');
  });
});

describe('a username change', () => {
  it('leads the old name to the new one and holds it for the person 90 days', async () => {
    const { user, cookie } = await person({ username: 'old_nora' });
    const board = await t.make.board(user.id, { name: 'Garden' });
    await t.make.pin(user.id, board.id);
    expect(dataOf(await editProfile(cookie, { username: 'new_nora' })).username).toBe('new_nora');

    // The old name answers the person's profile under the new name, for the app to follow.
    const old = await t.request({ method: 'GET', url: '/v3/users/OLD_NORA/' });
    expect(old.status).toBe(200);
    expect(dataOf(old)).toMatchObject({ id: String(user.id), username: 'new_nora' });

    // Nobody else may take it while it is held, not even at sign-up...
    const squatter = await person();
    expect(errorOf(await editProfile(squatter.cookie, { username: 'old_nora' })).code).toBe('username_taken');
    const check = await t.request({
      method: 'GET',
      url: '/v3/users/settings/profile/username/?username=Old_Nora',
      headers: signedIn(squatter.cookie),
    });
    expect(dataOf(check)).toEqual({ username: 'Old_Nora', refusal: 'username_taken' });
    const signup = await t.request({
      method: 'POST',
      url: '/v3/register/',
      payload: registerBody({ email: 'old_nora@elsewhere.example.com' }),
      headers: { cookie: `csrftoken=${TEST_CSRF_TOKEN}`, 'x-csrftoken': TEST_CSRF_TOKEN },
    });
    expect(signup.status).toBe(200);
    expect(signup.body.resource_response.data.user.username).not.toBe('old_nora');

    // ...but once the hold is over, someone else may, and the old name is theirs from then on.
    await t.db
      .update(formerUsernames)
      .set({ leftAt: new Date(Date.now() - 91 * 24 * 3600 * 1000) })
      .where(eq(formerUsernames.userId, user.id));
    expect(dataOf(await editProfile(squatter.cookie, { username: 'old_nora' })).username).toBe('old_nora');
    expect(dataOf(await t.request({ method: 'GET', url: '/v3/users/old_nora/' })).id).toBe(
      String(squatter.user.id),
    );
  });

  it('lets the person take their old name back', async () => {
    const { cookie } = await person({ username: 'back_again' });
    await editProfile(cookie, { username: 'gone_away' });
    expect(dataOf(await editProfile(cookie, { username: 'back_again' })).username).toBe('back_again');
    const gone = await t.request({ method: 'GET', url: '/v3/users/gone_away/' });
    expect(dataOf(gone).username).toBe('back_again');
  });
});

describe('GET /v3/users/settings/profile/username/', () => {
  it.each([
    ['ab', 'username_too_short'],
    ['login', 'username_reserved'],
    ['has space', 'username_invalid'],
    ['free_name_here', null],
  ])('says of %s: %s', async (username, refusal) => {
    const { cookie } = await person();
    const response = await t.request({
      method: 'GET',
      url: `/v3/users/settings/profile/username/?username=${encodeURIComponent(username)}`,
      headers: signedIn(cookie),
    });
    expect(dataOf(response)).toEqual({ username, refusal });
  });

  it('calls ones own name free', async () => {
    const { user, cookie } = await person();
    const response = await t.request({
      method: 'GET',
      url: `/v3/users/settings/profile/username/?username=${user.username.toUpperCase()}`,
      headers: signedIn(cookie),
    });
    expect(dataOf(response).refusal).toBeNull();
  });
});

describe('visitor caches', () => {
  it('show the new name on the persons pins and boards at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user, cookie } = await person({ firstName: 'Before' });
    const board = await t.make.board(user.id, { name: 'Cached' });
    const pin = await t.make.pin(user.id, board.id);
    const pinUrl = `/v3/pins/${pin.id}/`;
    const boardsUrl = `/v3/users/${user.username}/boards/`;
    expect(dataOf(await t.request({ method: 'GET', url: pinUrl })).pinner.first_name).toBe('Before');
    await t.request({ method: 'GET', url: boardsUrl });
    await editProfile(cookie, { first_name: 'After' });
    // The clock is frozen: without a clear the kept answers would be served.
    expect(dataOf(await t.request({ method: 'GET', url: pinUrl })).pinner.first_name).toBe('After');
  });
});
