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
        // Choosing the promoted pins begins before the page is read, and the page's statement
        // reads who is looking along (decision 79); what choosing adds is its time on either side.
        const started = performance.now();
        const chosen = await promoted.begin(call.request, options.viewerId, options.pageSize);
        const began = performance.now() - started;
        const page = await pageHomeFeed(db, options, chosen.ask);
        const placing = performance.now();
        const items = await chosen.place(page.items, page.promotedFacts);
        // Choosing's own time outside the page's statement: the bench prints it beside the page's.
        const spent = began + performance.now() - placing;
        call.reply.header('server-timing', `promoted;dur=${spent.toFixed(2)}`);
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
