import type { discoverEndpoints } from '@pinboard/shared/api';
import type { AppContext } from '../../app-context.ts';
import { pageOptionsOf, type EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { createDiscoverService } from './discover.service.ts';

type DiscoverHandlers = Omit<EndpointHandlers<typeof discoverEndpoints>, 'listHomeFeed'>;

/** The ideas, today and topics pages' calls (decision 30); the home feed is feedRoutes'. */
export function discoverRoutes({ db }: AppContext): DiscoverHandlers {
  const discover = createDiscoverService(db);
  return {
    getIdeas: async () => ok(await discover.ideas()),
    getToday: async () => ok(await discover.today()),
    getTodaySection: async ({ params }) => ok(await discover.todaySection(params.kind)),
    listTopicPins: async (call) => {
      const page = await discover.topicPins(call.params.name, pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
  };
}
