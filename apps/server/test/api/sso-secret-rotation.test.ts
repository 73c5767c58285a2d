import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSsoDomain } from '../../src/modules/auth/sso/sso-domains.service.ts';
import { TestBrowser } from '../helpers/browser.ts';
import { DEV_ISSUER } from '../helpers/oidc.ts';
import { ssoPopup } from '../helpers/social.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// An operator replacing an SSO domain's client secret (`sso-domain add` again) is obeyed at once:
// the next code exchange sends the new secret, not the one the issuer's discovery was first made with.
const DOMAIN = 'rotating-sso.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signInThroughSso(email: string) {
  const browser = new TestBrowser(t);
  const popup = await ssoPopup(t, browser, email, { name: 'Pat Doe', email, birthdate: '1988-02-03' });
  return browser.post('/v3/sso/exchange/', {
    code: popup.message.code,
    state: popup.message.state,
    iss: DEV_ISSUER,
  });
}

describe('an SSO domain whose client secret is replaced', () => {
  it('exchanges the next code with the new secret', async () => {
    const settings = { domain: DOMAIN, issuer: DEV_ISSUER, clientId: 'rotating-sso' };
    await addSsoDomain(t.db, { ...settings, clientSecret: 'first-secret' });
    expect((await signInThroughSso(`one@${DOMAIN}`)).status).toBe(200);

    await addSsoDomain(t.db, { ...settings, clientSecret: 'second-secret' });
    const after = await signInThroughSso(`two@${DOMAIN}`);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.resource_response.data.sso_email).toBe(`two@${DOMAIN}`);
  });
});
