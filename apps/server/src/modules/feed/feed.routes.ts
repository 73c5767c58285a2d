import type { discoverEndpoints } from '@pinboard/shared/api';
import type { AppContext } from '../../app-context.ts';
import { sendCompressible } from '../../lib/compressed-body.ts';
import { pageOptionsOf, type EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { pageHomeFeed } from './feed.service.ts';
import type { SignedOutFeed } from './signed-out-feed.ts';
import type { Promoted } from '../promoted/promoted.ts';

type FeedHandlers = Pick<EndpointHandlers<typeof discoverEndpoints>, 'listHomeFeed'>;

/**
 * The home feed. A visitor's page comes from the signed-out feed's serialized (and compressed)
 * answers, so a hit costs neither a query nor an encoding.
 */
export function feedRoutes({
  db,
  signedOutFeed,
  promoted,
}: AppContext & { signedOutFeed: SignedOutFeed; promoted: Promoted }): FeedHandlers {
  return {
    listHomeFeed: async (call) => {
      const options = pageOptionsOf(call);
      if (options.viewerId !== null) {
        // Choosing the promoted pins runs beside the page's own read (decision 72), for a page
        // of the size asked; what it adds is only its wait past the page's read.
        let read = 0;
        const [page, place] = await Promise.all([
          pageHomeFeed(db, options).then((page) => ((read = performance.now()), page)),
          promoted.choose(call.request, options.viewerId, options.pageSize),
        ]);
        const items = place(page.items);
        // What choosing the promoted pins added past the page's read (decision 72): the bench reads it.
        call.reply.header('server-timing', `promoted;dur=${(performance.now() - read).toFixed(2)}`);
        return ok(items, page.bookmark);
      }
      const page = await signedOutFeed.page(options);
      // Promoted pins are the visitor's own (a token each): the shared page is sent as it is only
      // when none serve.
      const items = await promoted.place(call.request, null, page.pins);
      if (items !== page.pins) return ok(items, page.bookmark);
      // A string or buffer body skips the serializer; it is the typed envelope, already serialized.
      call.reply.type('application/json; charset=utf-8');
      return sendCompressible(call.request, call.reply, page.body);
    },
  };
}
