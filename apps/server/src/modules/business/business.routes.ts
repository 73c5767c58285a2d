import type { adsEndpoints, businessEndpoints } from '@pinboard/shared/api';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { PaymentAdapter } from '../../adapters/payments/index.ts';
import type { Database } from '../../db/client.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import type { Background } from '../../lib/background.ts';
import { ok } from '../../lib/envelope.ts';
import * as adsService from './ads.service.ts';
import * as billing from './billing.service.ts';
import * as access from './business-access.service.ts';
import * as business from './business.service.ts';
import { quickPromotePin } from './quick-promote.service.ts';
import { getAdvertiserReport } from './reporting.service.ts';
import type { Promoted } from '../promoted/promoted.ts';

export interface BusinessRouteDeps {
  db: Database;
  mailer: Mailer;
  background: Background;
  publicUrl: string;
  promoted: Promoted;
}

export function businessRoutes(deps: BusinessRouteDeps): EndpointHandlers<typeof businessEndpoints> {
  const { db } = deps;
  return {
    reportPromotedEvents: async ({ body, viewer, request }) =>
      ok(await deps.promoted.reportImpressions(request, viewer.userId, body)),
    reportPromotedConversions: async ({ body }) => ok(await deps.promoted.reportConversions(body)),
    convertToBusiness: async ({ body, viewer }) =>
      ok(await business.convertToBusiness(db, viewer.userId, body)),
    createBusiness: async ({ body, viewer }) => ok(await business.createBusiness(db, viewer.userId, body)),
    getBusinessHub: async ({ params, viewer }) =>
      ok(await business.getBusinessHub(db, viewer.userId, Number(params.profileId))),
    listBusinessAccessProfiles: async ({ viewer }) =>
      ok(await business.listBusinessAccessProfiles(db, viewer.userId)),
    listBusinessMembers: async ({ params, viewer }) =>
      ok(await access.listBusinessMembers(db, viewer.userId, Number(params.profileId))),
    inviteBusinessMember: async ({ params, body, viewer }) =>
      ok(await access.inviteBusinessMember(deps, viewer.userId, Number(params.profileId), body)),
    removeBusinessMember: async ({ params, viewer }) =>
      ok(
        await access.removeBusinessMember(db, viewer.userId, Number(params.profileId), Number(params.userId)),
      ),
    revokeBusinessInvite: async ({ params, viewer }) =>
      ok(
        await access.revokeBusinessInvite(
          db,
          viewer.userId,
          Number(params.profileId),
          Number(params.inviteId),
        ),
      ),
    getBusinessInvite: async ({ params, viewer }) =>
      ok(await access.getBusinessInvite(db, viewer.userId, params.token)),
    acceptBusinessInvite: async ({ params, viewer }) =>
      ok(await access.acceptBusinessInvite(db, viewer.userId, params.token)),
  };
}

export function adsRoutes({
  db,
  payments,
}: {
  db: Database;
  payments: PaymentAdapter;
}): EndpointHandlers<typeof adsEndpoints> {
  const id = Number;
  return {
    listAdvertisers: async ({ query, viewer }) =>
      ok(await business.listAdvertisers(db, viewer.userId, query.acting_as ? id(query.acting_as) : null)),
    createAdvertiser: async ({ body, viewer }) =>
      ok(await business.createAdvertiser(db, viewer.userId, body)),
    getAdvertiser: async ({ params, viewer }) =>
      ok(await adsService.getAdvertiser(db, viewer.userId, id(params.advertiserId))),
    quickPromotePin: async ({ params, body, viewer }) =>
      ok(
        await quickPromotePin(
          db,
          viewer.userId,
          { advertiserId: id(params.advertiserId), pinId: id(params.pinId) },
          body,
        ),
      ),
    listCampaigns: async ({ params, viewer }) =>
      ok(await adsService.listCampaigns(db, viewer.userId, id(params.advertiserId))),
    createCampaign: async ({ params, body, viewer }) =>
      ok(await adsService.createCampaign(db, viewer.userId, id(params.advertiserId), body)),
    updateCampaign: async ({ params, body, viewer }) =>
      ok(
        await adsService.updateCampaign(
          db,
          viewer.userId,
          id(params.advertiserId),
          id(params.campaignId),
          body,
        ),
      ),
    listAdGroups: async ({ params, query, viewer }) =>
      ok(await adsService.listAdGroups(db, viewer.userId, id(params.advertiserId), query)),
    createAdGroup: async ({ params, body, viewer }) =>
      ok(await adsService.createAdGroup(db, viewer.userId, id(params.advertiserId), body)),
    updateAdGroup: async ({ params, body, viewer }) =>
      ok(
        await adsService.updateAdGroup(
          db,
          viewer.userId,
          id(params.advertiserId),
          id(params.adGroupId),
          body,
        ),
      ),
    listAds: async ({ params, query, viewer }) =>
      ok(await adsService.listAds(db, viewer.userId, id(params.advertiserId), query)),
    createAd: async ({ params, body, viewer }) =>
      ok(await adsService.createAd(db, viewer.userId, id(params.advertiserId), body)),
    updateAd: async ({ params, body, viewer }) =>
      ok(await adsService.updateAd(db, viewer.userId, id(params.advertiserId), id(params.adId), body)),
    getAdvertiserReport: async ({ params, query, viewer }) =>
      ok(await getAdvertiserReport(db, viewer.userId, id(params.advertiserId), query.days)),
    listConversionTags: async ({ params, viewer }) =>
      ok(await billing.listConversionTags(db, viewer.userId, id(params.advertiserId))),
    createConversionTag: async ({ params, body, viewer }) =>
      ok(await billing.createConversionTag(db, viewer.userId, id(params.advertiserId), body.name)),
    getBillingProfile: async ({ params, viewer }) =>
      ok(await billing.getBillingProfile(db, payments, viewer.userId, id(params.advertiserId))),
    putBillingProfile: async ({ params, body, viewer }) =>
      ok(await billing.putBillingProfile(db, payments, viewer.userId, id(params.advertiserId), body)),
    listInvoices: async ({ params, viewer }) =>
      ok(await billing.listAdvertiserInvoices(db, viewer.userId, id(params.advertiserId))),
  };
}
