import type { discoverEndpoints } from '@pinboard/shared/api';
import type { AppContext } from '../../app-context.ts';
import { sendCompressible } from '../../lib/compressed-body.ts';
import { pageOptionsOf, type EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { pageHomeFeed } from './feed.service.ts';
import type { SignedOutFeed } from './signed-out-feed.ts';

type FeedHandlers = Pick<EndpointHandlers<typeof discoverEndpoints>, 'listHomeFeed'>;

/**
 * The home feed. A visitor's page comes from the signed-out feed's serialized (and compressed)
 * answers, so a hit costs neither a query nor an encoding.
 */
export function feedRoutes({
  db,
  signedOutFeed,
}: AppContext & { signedOutFeed: SignedOutFeed }): FeedHandlers {
  return {
    listHomeFeed: async (call) => {
      const options = pageOptionsOf(call);
      if (options.viewerId !== null) {
        const page = await pageHomeFeed(db, options);
        return ok(page.items, page.bookmark);
      }
      const page = await signedOutFeed.page(options);
      // A string or buffer body skips the serializer; it is the typed envelope, already serialized.
      call.reply.type('application/json; charset=utf-8');
      return sendCompressible(call.request, call.reply, page.body);
    },
  };
}
