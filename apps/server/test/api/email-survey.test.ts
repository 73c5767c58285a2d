import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { ADMIN_USAGE, runAdminCommand } from '../../src/cli/commands.ts';
import { loadConfig } from '../../src/config.ts';
import { userSurveys } from '../../src/db/schema/email.ts';
import { users } from '../../src/db/schema/users.ts';
import { resolveSessionSecret } from '../../src/lib/session-secret.ts';
import { emailLinkKey, signEmailLink } from '../../src/modules/email/email-tokens.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/* The user survey (`/email/user_survey/`, decision 53): by a digest's link or signed in; operators list it. */

let t: TestApp;
let linkKey: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  linkKey = emailLinkKey(resolveSessionSecret(undefined, t.dataDir));
});
afterAll(() => t.close());

const admin = (...argv: string[]) => {
  const config = loadConfig({ DATA_DIR: t.dataDir });
  return runAdminCommand({ db: t.db, config, storage: createLocalStorage(config.mediaDir) }, argv);
};

const submit = (payload: unknown, cookie = '') =>
  t.request({
    method: 'POST',
    url: '/v3/email/user_survey/',
    headers: { cookie: `${cookie}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
    payload: payload as Record<string, unknown>,
  });

const surveyToken = (user: { id: number; email: string | null }) =>
  signEmailLink(linkKey, { purpose: 'survey', userId: user.id, categories: null }, user.email!);

const answersOf = (userId: number) => t.db.select().from(userSurveys).where(eq(userSurveys.userId, userId));

describe('POST /v3/email/user_survey/', () => {
  it("stores a mail link's answers as its person's, and a signed-in person's as theirs", async () => {
    const reader = await t.make.user({ username: 'survey_reader' });
    const response = await submit({
      token: surveyToken(reader),
      satisfaction: 4,
      uses: ['recipes', 'home'],
      text: '  More recipes, please.  ',
    });
    expect(response.status).toBe(200);
    expect(response.body.resource_response.data).toEqual({ received: true });
    expect(await answersOf(reader.id)).toMatchObject([
      { satisfaction: 4, uses: ['recipes', 'home'], text: 'More recipes, please.', via: 'mail' },
    ]);

    const member = await t.make.user({ username: 'survey_member' });
    expect((await submit({ satisfaction: 2 }, await t.make.sessionCookie(member.id))).status).toBe(200);
    expect(await answersOf(member.id)).toMatchObject([
      { satisfaction: 2, uses: [], text: '', via: 'session' },
    ]);
  });

  it('refuses bad answers, a bad link and a visitor without one, storing nothing', async () => {
    const person = await t.make.user();
    const token = surveyToken(person);
    const cases: [unknown, number, string][] = [
      [{ token, satisfaction: 6 }, 400, 'survey_satisfaction_invalid'],
      [{ token, satisfaction: 0 }, 400, 'survey_satisfaction_invalid'],
      [{ token, satisfaction: 2.5 }, 400, 'survey_satisfaction_invalid'],
      [{ token }, 400, 'survey_satisfaction_invalid'],
      [{ token, satisfaction: 3, uses: ['gardening'] }, 400, 'survey_uses_invalid'],
      [{ token, satisfaction: 3, uses: ['home', 'home'] }, 400, 'survey_uses_invalid'],
      [{ token, satisfaction: 3, text: 'x'.repeat(1001) }, 400, 'survey_text_too_long'],
      [{ token, satisfaction: 3, extra: true }, 400, 'unknown_field'],
      // An unsubscribe link is not a survey link, and a link of another address no link at all.
      [
        {
          token: signEmailLink(
            linkKey,
            { purpose: 'unsubscribe', userId: person.id, categories: ['activity'] },
            person.email!,
          ),
          satisfaction: 3,
        },
        400,
        'email_link_invalid',
      ],
      [
        {
          token: signEmailLink(
            linkKey,
            { purpose: 'survey', userId: person.id, categories: null },
            'x@example.com',
          ),
          satisfaction: 3,
        },
        400,
        'email_link_invalid',
      ],
      [{ satisfaction: 3 }, 401, 'auth_required'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await submit(payload);
      expect(response.status, JSON.stringify(payload)).toBe(status);
      expect(response.body.resource_response.error.code, JSON.stringify(payload)).toBe(code);
    }
    expect((await submit({ token, satisfaction: 3, text: 'y'.repeat(1000) })).status).toBe(200);
    expect(await answersOf(person.id)).toHaveLength(1);
  });

  it('takes no answers by the link of a deactivated account', async () => {
    const person = await t.make.user();
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, person.id));
    expect((await submit({ token: surveyToken(person), satisfaction: 5 })).status).toBe(400);
    expect(await answersOf(person.id)).toEqual([]);
  });
});

describe('npm run admin -- surveys list', () => {
  it('lists the answers newest first, one a line', async () => {
    expect(ADMIN_USAGE).toContain('surveys list');
    const output = await admin('surveys', 'list');
    const lines = output.split('\n');
    expect(lines[lines.length - 2]).toMatch(
      /^\S+Z {2}@survey_member {2}satisfaction 2\/5 {2}uses - {2}via session {2}""$/,
    );
    expect(lines[lines.length - 1]).toMatch(
      /^\S+Z {2}@survey_reader {2}satisfaction 4\/5 {2}uses recipes,home {2}via mail {2}"More recipes, please."$/,
    );
    expect((await admin('surveys', 'list', '--limit', '1')).split('\n')).toHaveLength(1);
    await expect(admin('surveys')).rejects.toThrow('Expected: surveys list');
    await expect(admin('surveys', 'list', '--limit', '0')).rejects.toThrow('Expected: surveys list');
  });
});
