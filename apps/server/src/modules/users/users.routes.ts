import type { userEndpoints } from '@pinboard/shared/api';
import type { CountryResolver } from '../../adapters/geoip/country.ts';
import type { AppContext } from '../../app-context.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { GROUP_COOKIE, RECOGNITION_COOKIE } from '../../plugins/viewer.ts';
import { pageUserBoards } from '../boards/boards.service.ts';
import { setUserFollow } from './follows.service.ts';
import { getProfile } from './users.service.ts';
import { getViewer } from './viewer.service.ts';

/** People: the viewer, a profile, a person's boards, following them. */
export function userRoutes({
  db,
  config,
  countries,
}: AppContext & { countries: CountryResolver }): EndpointHandlers<typeof userEndpoints> {
  return {
    getViewer: async ({ request }) =>
      ok(
        await getViewer(db, {
          userId: request.viewer.userId,
          recognitionToken: request.cookies[RECOGNITION_COOKIE],
          groupToken: request.cookies[GROUP_COOKIE],
          country: countries.countryOf({ headers: request.headers, ip: request.ip }),
          consentCountries: config.consentCountries,
          now: new Date(),
        }),
      ),
    getUser: async ({ params, viewer }) => ok(await getProfile(db, params.username, viewer.userId)),
    listUserBoards: async ({ params, query, viewer }) => {
      const page = await pageUserBoards(db, params.username, query, viewer.userId);
      return ok(page.items, page.bookmark);
    },
    followUser: async ({ params, viewer }) =>
      ok(await setUserFollow(db, params.username, viewer.userId, true)),
    unfollowUser: async ({ params, viewer }) =>
      ok(await setUserFollow(db, params.username, viewer.userId, false)),
  };
}
