import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers } from '../../src/db/schema/business.ts';
import { users } from '../../src/db/schema/users.ts';
import { dataOf, signedInBrowser } from '../helpers/board-writes.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function outboxTo(email: string): Promise<{ to: string; subject: string; text: string }[]> {
  await t.app.background.settled();
  const all = (await t.request({ method: 'GET', url: '/__dev/outbox.json' })).body as { to: string }[];
  return all.filter((m) => m.to === email) as never;
}

describe('POST /v3/business/convert/', () => {
  it('makes the account a business (a partner) with a first ad account in its country and currency', async () => {
    const person = await signedInBrowser(t);
    const response = await person.post('/v3/business/convert/', {
      business_name: 'Fjord Bakery',
      country: 'no',
    });
    expect(response.status).toBe(200);
    const data = dataOf(response);
    expect(data.profile).toMatchObject({ id: String(person.userId), permissions: ['OWNER'] });
    expect(data.profile.user.businessName).toBe('Fjord Bakery');
    expect(data.advertiser).toMatchObject({
      name: 'Fjord Bakery',
      owner_user_id: String(person.userId),
      country: 'NO',
      currency: 'NOK',
      time_zone: 'Europe/Oslo',
      role: 'OWNER',
      has_billing_profile: false,
    });
    expect((await person.viewer()).isPartner).toBe(true);
    // Once only.
    const again = await person.post('/v3/business/convert/', { business_name: 'Again', country: 'NO' });
    expect(errorOf(again).code).toBe('already_business');
  });

  it('refuses a country ads are not offered in, a blank name and unknown fields, changing nothing', async () => {
    const person = await signedInBrowser(t);
    const cases: [unknown, string][] = [
      [{ business_name: 'Shop', country: 'BR' }, 'country_not_offered'],
      [{ business_name: '   ', country: 'US' }, 'invalid_request'],
      [{ business_name: 'Shop', country: 'USA' }, 'invalid_request'],
      [{ business_name: 'Shop', country: 'US', extra: 1 }, 'unknown_field'],
    ];
    for (const [body, code] of cases) {
      const response = await person.post('/v3/business/convert/', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe(code);
    }
    const [row] = await t.db.select({ type: users.type }).from(users).where(eq(users.id, person.userId));
    expect(row!.type).toBe('personal');
    expect(dataOf(await person.get('/ads/v4/advertisers/'))).toEqual([]);
  });

  it('needs a signed-in viewer', async () => {
    const response = await new TestBrowser(t).post('/v3/business/convert/', {
      business_name: 'X',
      country: 'US',
    });
    expect(response.status).toBe(401);
  });
});

describe('POST /v3/business/create/ and the profiles map', () => {
  it('makes a linked business account the viewer owns; the profiles map lists both, own account first', async () => {
    const person = await signedInBrowser(t);
    const created = dataOf(
      await person.post('/v3/business/create/', { business_name: 'Zebra Prints', country: 'GB' }),
    );
    expect(created.advertiser).toMatchObject({ currency: 'GBP', country: 'GB', role: 'OWNER' });
    expect(created.profile.id).not.toBe(String(person.userId));
    expect((await person.viewer()).isPartner).toBe(false);
    const map = dataOf(await person.get('/vx/business_access/profiles/'));
    expect(Object.keys(map.profiles).sort()).toEqual([String(person.userId), created.profile.id].sort());
    expect(map.profiles[String(person.userId)].permissions).toEqual(['OWNER']);
    expect(map.profiles[created.profile.id]).toMatchObject({
      permissions: ['OWNER'],
      viewerMeetsMfaRequirement: false,
      user: {
        businessName: 'Zebra Prints',
        merchantId: null,
        scheduledPinCount: 0,
        eligibleForStlTool: false,
      },
    });
    // Its ad accounts are the viewer's through it, and the hub shows them.
    const advertisers = dataOf(await person.get('/ads/v4/advertisers/'));
    expect(advertisers.map((a: { id: string }) => a.id)).toEqual([created.advertiser.id]);
    const hub = dataOf(await person.get(`/v3/business/${created.profile.id}/hub/`));
    expect(hub.advertisers.map((a: { id: string }) => a.id)).toEqual([created.advertiser.id]);
    expect(hub.recent_campaigns).toEqual([]);
  });

  it('gives a created business a free username of its own, whatever its name is written in', async () => {
    const person = await signedInBrowser(t);
    const first = dataOf(
      await person.post('/v3/business/create/', { business_name: 'Twin Shop', country: 'US' }),
    );
    const second = dataOf(
      await person.post('/v3/business/create/', { business_name: 'Twin Shop', country: 'US' }),
    );
    const other = dataOf(
      await person.post('/v3/business/create/', { business_name: '日本の店', country: 'US' }),
    );
    const names = [first, second, other].map((made) => made.profile.user.username as string);
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toMatch(/^TwinShop/);
    expect(names[2]).toMatch(/^business/);
    expect(other.profile.user.businessName).toBe('日本の店');
  });

  it("keeps another person's business hidden: its hub answers as a missing one", async () => {
    const owner = await signedInBrowser(t);
    const created = dataOf(
      await owner.post('/v3/business/create/', { business_name: 'Secret Co', country: 'US' }),
    );
    const stranger = await signedInBrowser(t);
    const hub = await stranger.get(`/v3/business/${created.profile.id}/hub/`);
    const missing = await stranger.get('/v3/business/999999999/hub/');
    expect(hub.status).toBe(404);
    expect(hub.body).toEqual(missing.body);
    expect(Object.keys(dataOf(await stranger.get('/vx/business_access/profiles/')).profiles)).toEqual([
      String(stranger.userId),
    ]);
  });
});

describe('business access: invitations by email and roles', () => {
  async function business() {
    const owner = await signedInBrowser(t);
    const created = dataOf(
      await owner.post('/v3/business/create/', { business_name: 'Acme', country: 'US' }),
    );
    return { owner, profileId: created.profile.id as string, advertiserId: created.advertiser.id as string };
  }

  it('mails an invitation whose link its addressee accepts; the role then shows in the profiles map', async () => {
    const { owner, profileId } = await business();
    const invitee = await t.make.user();
    const members = await owner.post(`/v3/business_access/${profileId}/members/`, {
      email: invitee.email!.toUpperCase(),
      role: 'ANALYST',
    });
    expect(members.status).toBe(200);
    expect(dataOf(members).members).toContainEqual(
      expect.objectContaining({ email: invitee.email, role: 'ANALYST', state: 'invited' }),
    );
    const [mail] = await outboxTo(invitee.email!);
    expect(mail!.subject).toContain('Acme');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    // Someone else signed in cannot take it.
    const other = await signedInBrowser(t);
    expect(errorOf(await other.post(`/v3/business_access/invites/${token}/accept/`)).code).toBe(
      'invite_email_mismatch',
    );
    const browser = await signedInBrowser(t, invitee.id);
    expect(dataOf(await browser.get(`/v3/business_access/invites/${token}/`))).toMatchObject({
      business_name: 'Acme',
      role: 'ANALYST',
      status: 'pending',
    });
    expect(dataOf(await browser.post(`/v3/business_access/invites/${token}/accept/`)).status).toBe(
      'accepted',
    );
    const map = dataOf(await browser.get('/vx/business_access/profiles/'));
    expect(map.profiles[profileId].permissions).toEqual(['ANALYST']);
    const list = dataOf(await owner.get(`/v3/business_access/${profileId}/members/`)).members;
    expect(list).toContainEqual(
      expect.objectContaining({ user_id: String(invitee.id), role: 'ANALYST', state: 'member' }),
    );
  });

  it('lets only an owner grant the owner role; an analyst manages nobody; a bad address changes nothing', async () => {
    const { owner, profileId } = await business();
    const admin = await t.make.user({ twoFactorEnabled: true });
    const analyst = await t.make.user({ twoFactorEnabled: true });
    await t.db.insert(businessMembers).values([
      { profileId: Number(profileId), memberId: admin.id, role: 'ADMIN' },
      { profileId: Number(profileId), memberId: analyst.id, role: 'ANALYST' },
    ]);
    const adminBrowser = await signedInBrowser(t, admin.id);
    const analystBrowser = await signedInBrowser(t, analyst.id);
    const asOwner = await adminBrowser.post(`/v3/business_access/${profileId}/members/`, {
      email: 'someone@example.com',
      role: 'OWNER',
    });
    expect(errorOf(asOwner).code).toBe('owner_role_protected');
    expect(
      (
        await adminBrowser.post(`/v3/business_access/${profileId}/members/`, {
          email: 'a@example.com',
          role: 'ADMIN',
        })
      ).status,
    ).toBe(200);
    const byAnalyst = await analystBrowser.post(`/v3/business_access/${profileId}/members/`, {
      email: 'b@example.com',
      role: 'ANALYST',
    });
    expect(errorOf(byAnalyst).code).toBe('business_role_forbidden');
    expect(
      errorOf(await analystBrowser.del(`/v3/business_access/${profileId}/members/${admin.id}/`)).code,
    ).toBe('business_role_forbidden');
    const bad = await owner.post(`/v3/business_access/${profileId}/members/`, {
      email: 'not-an-address',
      role: 'ADMIN',
    });
    expect(bad.status).toBe(400);
    expect(
      errorOf(
        await owner.post(`/v3/business_access/${profileId}/members/`, {
          email: 'x@example.com',
          role: 'KING',
        }),
      ).code,
    ).toBe('invalid_request');
    // The admin is removed by the owner; the last owner of a made business stays.
    expect((await owner.del(`/v3/business_access/${profileId}/members/${admin.id}/`)).status).toBe(200);
    expect(errorOf(await owner.del(`/v3/business_access/${profileId}/members/${owner.userId}/`)).code).toBe(
      'last_owner',
    );
  });

  it('needs two-factor login on to act as another profile with a role other than owner', async () => {
    const { profileId, advertiserId } = await business();
    const manager = await t.make.user();
    await t.db
      .insert(businessMembers)
      .values({ profileId: Number(profileId), memberId: manager.id, role: 'CAMPAIGN_MANAGER' });
    const browser = await signedInBrowser(t, manager.id);
    const refused = await browser.get(`/ads/v4/advertisers/${advertiserId}/campaigns/`);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('business_mfa_required');
    const map = dataOf(await browser.get('/vx/business_access/profiles/'));
    expect(map.profiles[profileId].viewerMeetsMfaRequirement).toBe(false);
    await t.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, manager.id));
    expect((await browser.get(`/ads/v4/advertisers/${advertiserId}/campaigns/`)).status).toBe(200);
  });
});
