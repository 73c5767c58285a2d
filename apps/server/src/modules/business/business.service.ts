import {
  currencyOfCountry,
  isQuickPromoteCountry,
  promoteDataOf,
  type Advertiser,
  type BusinessAccessProfiles,
  type BusinessConversion,
  type BusinessFormSchema,
  type BusinessHub,
  type CreateAdvertiserSchema,
} from '@pinboard/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authorizeBusinessProfile, rolesOfViewer } from '../../policies/business-access.ts';
import { insertUser } from '../auth/auth.repository.ts';
import { freeUsername } from '../auth/register/register.service.ts';
import {
  findBusinessProfile,
  findProfileAccounts,
  insertAdvertiser,
  insertBusinessProfile,
  listAdvertisersOf,
  markAccountBusiness,
  recentCampaignsOf,
  spendByCurrency,
  upsertMember,
} from './business.repository.ts';
import { presentAdvertiser, presentCampaign, presentProfile, todayIn } from './business.presenter.ts';

/**
 * Business accounts (decision 55): converting or creating one with its first ad account, further
 * ad accounts, the profiles map and the hub.
 */

type BusinessForm = z.output<typeof BusinessFormSchema>;

function assertOfferedCountry(country: string): void {
  if (!isQuickPromoteCountry(country)) throw new AppError('country_not_offered');
}

/** A new ad account for a profile: currency and time zone from its country, fixed from now on. */
export async function openAdvertiser(
  db: Executor,
  profileId: number,
  input: { name: string; country: string },
): Promise<Advertiser> {
  assertOfferedCountry(input.country);
  const row = await insertAdvertiser(db, {
    ownerUserId: profileId,
    name: input.name,
    country: input.country,
    currency: currencyOfCountry(input.country),
    timeZone: promoteDataOf(input.country).timeZone,
  });
  return presentAdvertiser(row, 'OWNER', false);
}

async function profileOf(
  db: Executor,
  viewerId: number,
  profileId: number,
): Promise<BusinessConversion['profile']> {
  const accounts = await findProfileAccounts(db, [profileId, viewerId]);
  const account = accounts.find((row) => row.id === profileId)!;
  const viewer = accounts.find((row) => row.id === viewerId)!;
  return presentProfile(account, ['OWNER'], viewer.twoFactorEnabled);
}

/**
 * `POST /v3/business/convert/`: the viewer's account becomes a business account (a partner) with
 * its business name and a first ad account in its country, in one transaction.
 */
export async function convertToBusiness(
  db: Executor,
  viewerId: number,
  form: BusinessForm,
): Promise<BusinessConversion> {
  assertOfferedCountry(form.country);
  const advertiser = await db.transaction(async (tx) => {
    if (await findBusinessProfile(tx, viewerId)) throw new AppError('already_business');
    await insertBusinessProfile(tx, {
      userId: viewerId,
      businessName: form.business_name,
      websiteUrl: form.website_url || null,
      country: form.country,
      createdBy: viewerId,
    });
    await markAccountBusiness(tx, viewerId);
    return openAdvertiser(tx, viewerId, { name: form.business_name, country: form.country });
  });
  return { profile: await profileOf(db, viewerId, viewerId), advertiser };
}

/**
 * `POST /v3/business/create/`: a new business account linked to the viewer, who becomes its
 * owner (a member with the OWNER role); it has no password of its own: its people act for it.
 */
export async function createBusiness(
  db: Executor,
  viewerId: number,
  form: BusinessForm,
): Promise<BusinessConversion> {
  assertOfferedCountry(form.country);
  const base =
    form.business_name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '')
      .slice(0, 24) || 'business';
  const username = await freeUsername({ db }, base.length >= 3 ? base : `${base}biz`);
  const { profileId, advertiser } = await db.transaction(async (tx) => {
    const profileId = await insertUser(tx, {
      username,
      firstName: form.business_name.slice(0, 30),
      type: 'business',
      country: form.country,
      emailVerifiedAt: null,
    });
    await insertBusinessProfile(tx, {
      userId: profileId,
      businessName: form.business_name,
      websiteUrl: form.website_url || null,
      country: form.country,
      createdBy: viewerId,
    });
    await upsertMember(tx, profileId, viewerId, 'OWNER');
    const advertiser = await openAdvertiser(tx, profileId, {
      name: form.business_name,
      country: form.country,
    });
    return { profileId, advertiser };
  });
  return { profile: await profileOf(db, viewerId, profileId), advertiser };
}

/** `POST /ads/v4/advertisers/`: a further ad account of a profile the viewer may open them for. */
export async function createAdvertiser(
  db: Executor,
  viewerId: number,
  input: z.output<typeof CreateAdvertiserSchema>,
): Promise<Advertiser> {
  const profileId = input.business_profile_id ? Number(input.business_profile_id) : viewerId;
  const role = await authorizeBusinessProfile(db, viewerId, 'manage_ad_accounts', profileId);
  const advertiser = await openAdvertiser(db, profileId, input);
  return { ...advertiser, role };
}

/**
 * `GET /vx/business_access/profiles/`: the viewer's own account (OWNER) and every business
 * profile they have a role on, keyed by id.
 */
export async function listBusinessAccessProfiles(
  db: Executor,
  viewerId: number,
): Promise<BusinessAccessProfiles> {
  const roles = await rolesOfViewer(db, viewerId);
  const accounts = await findProfileAccounts(
    db,
    roles.map((r) => r.profileId),
  );
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const mfa = byId.get(viewerId)?.twoFactorEnabled ?? false;
  const profiles: BusinessAccessProfiles['profiles'] = {};
  for (const { profileId, role } of roles) {
    const account = byId.get(profileId);
    if (account) profiles[String(profileId)] = presentProfile(account, [role], mfa);
  }
  return { profiles };
}

/** The viewer's ad accounts: of the profile acting_as, or of every profile they have a role on. */
export async function listAdvertisers(
  db: Executor,
  viewerId: number,
  actingAs: number | null,
): Promise<Advertiser[]> {
  let roles = await rolesOfViewer(db, viewerId);
  if (actingAs !== null) roles = roles.filter((r) => r.profileId === actingAs);
  const roleOf = new Map(roles.map((r) => [r.profileId, r.role]));
  const rows = await listAdvertisersOf(db, [...roleOf.keys()]);
  return rows.map((row) =>
    presentAdvertiser(row.advertiser, roleOf.get(row.advertiser.ownerUserId)!, row.hasBilling),
  );
}

/** `GET /v3/business/{profileId}/hub/`: the profile, its ad accounts, recent campaigns and spend. */
export async function getBusinessHub(
  db: Executor,
  viewerId: number,
  profileId: number,
): Promise<BusinessHub> {
  const role = await authorizeBusinessProfile(db, viewerId, 'view_ads', profileId);
  const [account] = await findProfileAccounts(db, [profileId]);
  const viewer = (await findProfileAccounts(db, [viewerId]))[0]!;
  const rows = await listAdvertisersOf(db, [profileId]);
  const ids = rows.map((row) => row.advertiser.id);
  const zoneOf = new Map(rows.map((row) => [row.advertiser.id, row.advertiser.timeZone]));
  const campaigns = await recentCampaignsOf(db, ids, 10);
  const spend = await spendByCurrency(db, ids);
  return {
    profile: presentProfile(account!, [role], viewer.twoFactorEnabled),
    advertisers: rows.map((row) => presentAdvertiser(row.advertiser, role, row.hasBilling)),
    recent_campaigns: campaigns.map((c) => presentCampaign(c, todayIn(zoneOf.get(c.advertiserId)!))),
    spend: spend.map((s) => ({ currency: s.currency, spend_in_micro_currency: Number(s.spend) })),
  };
}
