import type { messageEndpoints } from '@pinboard/shared/api';
import type { Database } from '../../db/client.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { blockRoutes } from '../blocks/blocks.routes.ts';
import {
  acceptConversation,
  declineConversation,
  leaveConversation,
  deleteMessage,
  editMessage,
  findMessagePeople,
  getConversation,
  pageConversations,
  pageMessages,
  readConversation,
  sendMessage,
  sendPinByEmail,
  startConversation,
  type PinMailDeps,
} from './messages.service.ts';

/** Conversations, Send by email, and blocking (decision 52). */
export function messageRoutes(
  deps: PinMailDeps & { db: Database },
): EndpointHandlers<typeof messageEndpoints> {
  const { db } = deps;
  return {
    listConversations: async ({ query, viewer }) => {
      const page = await pageConversations(db, viewer.userId, query);
      return ok(page.items, page.bookmark);
    },
    createConversation: async ({ body, viewer }) => ok(await startConversation(db, viewer.userId, body)),
    messagePeople: async ({ query, viewer }) => ok(await findMessagePeople(db, viewer.userId, query.q)),
    getConversation: async ({ params, viewer }) =>
      ok(await getConversation(db, viewer.userId, Number(params.id))),
    listMessages: async ({ params, query, viewer }) => {
      const page = await pageMessages(db, viewer.userId, Number(params.id), query);
      return ok(page.items, page.bookmark);
    },
    sendMessage: async ({ params, body, viewer }) =>
      ok(await sendMessage(db, viewer.userId, Number(params.id), body)),
    editMessage: async ({ params, body, viewer }) =>
      ok(await editMessage(db, viewer.userId, Number(params.id), Number(params.messageId), body.text)),
    deleteMessage: async ({ params, viewer }) =>
      ok(await deleteMessage(db, viewer.userId, Number(params.id), Number(params.messageId))),
    markConversationRead: async ({ params, viewer }) =>
      ok(await readConversation(db, viewer.userId, Number(params.id))),
    acceptConversation: async ({ params, viewer }) =>
      ok(await acceptConversation(db, viewer.userId, Number(params.id))),
    declineConversation: async ({ params, viewer }) =>
      ok(await declineConversation(db, viewer.userId, Number(params.id))),
    leaveConversation: async ({ params, viewer }) =>
      ok(await leaveConversation(db, viewer.userId, Number(params.id))),
    sendPinEmail: async ({ params, body, viewer }) =>
      ok(await sendPinByEmail(deps, viewer.userId, Number(params.id), body.email)),
    ...blockRoutes({ db }),
  };
}
