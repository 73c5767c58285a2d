import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { insertDevIdentity, listDevIdentities, type DevIdentity } from './dev-idp.repository.ts';

const noStore = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

/** What the sign-in page posts: an identity picked, a new one typed, or a refusal. */
const ChoiceSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pick'), subject: z.string().min(1).max(255) }),
  z.object({
    action: z.literal('new'),
    name: z.string().trim().min(1, 'Give the identity a name.').max(100),
    email: z.union([z.literal(''), z.email('That is not an email address.').max(254)]),
    birthdate: z.union([z.literal(''), z.iso.date('Use a date like 1990-05-17.')]),
    subject: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^[\w.@-]{1,64}$/, 'Letters, digits, . _ @ - only.'),
    ]),
  }),
  z.object({ action: z.literal('cancel') }),
]);

/**
 * The development identity provider's sign-in page (decision 21): the tester picks an existing
 * identity or types a new one, with or without an email and a birthday, or refuses (the product
 * then hears `access_denied`). Form posts are parsed only inside this scope.
 */
export function registerDevIdpPages(
  app: FastifyInstance,
  options: { provider: Provider; db: Database; issuer: string; socialClientIds: string[] },
): void {
  const { provider, db } = options;

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const show = async (uid: string, reply: FastifyReply, clientId: string, problem?: string) => {
      const people = await listDevIdentities(db);
      const html = page({
        uid,
        clientId,
        people,
        problem,
        social: options.socialClientIds.includes(clientId),
      });
      return reply
        .code(problem ? 400 : 200)
        .headers(noStore)
        .type('text/html; charset=utf-8')
        .send(html);
    };

    scope.get<{ Params: { uid: string } }>(
      '/__dev/idp/interaction/:uid',
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return show(details.uid, reply, String(details.params.client_id));
      },
    );

    scope.post<{ Params: { uid: string } }>(
      '/__dev/idp/interaction/:uid',
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const clientId = String(details.params.client_id);
        const parsed = ChoiceSchema.safeParse(request.body);
        if (!parsed.success) return show(details.uid, reply, clientId, parsed.error.issues[0]?.message);
        const choice = parsed.data;
        reply.hijack();
        if (choice.action === 'cancel') {
          return provider.interactionFinished(request.raw, reply.raw, {
            error: 'access_denied',
            error_description: 'The person did not sign in.',
          });
        }
        let subject: string;
        if (choice.action === 'pick') {
          subject = choice.subject;
        } else {
          subject = choice.subject || `dev-${randomBytes(6).toString('hex')}`;
          const [givenName = '', ...rest] = choice.name.split(/\s+/);
          await insertDevIdentity(db, {
            subject,
            name: choice.name,
            givenName,
            familyName: rest.join(' '),
            email: choice.email ? choice.email.toLowerCase() : null,
            birthdate: choice.birthdate || null,
          }).catch(() => undefined); // a subject typed twice keeps its first identity
        }
        // The stand-in asks no consent: signing in grants what the product asked for.
        const grant = new provider.Grant({ accountId: subject, clientId });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        return provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: subject }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });
}

function page(input: {
  uid: string;
  clientId: string;
  people: DevIdentity[];
  problem: string | undefined;
  social: boolean;
}): string {
  const action = `/__dev/idp/interaction/${encodeURIComponent(input.uid)}`;
  const standingInFor = input.social
    ? input.clientId.replace(/^pinboard-/, '').replace(/^./, (c) => c.toUpperCase())
    : `single sign-on (client ${input.clientId})`;
  const people = input.people
    .map(
      (person) => `<li><form method="post" action="${action}">
<input type="hidden" name="action" value="pick"><input type="hidden" name="subject" value="${escapeHtml(person.subject)}">
<button type="submit">Continue as ${escapeHtml(person.name)}</button>
<span class="meta">${escapeHtml(person.email ?? 'no email')} · ${escapeHtml(person.birthdate ?? 'no birthday')} · ${escapeHtml(person.subject)}</span>
</form></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development sign-in</title>
<style>body{font:15px/1.4 system-ui,sans-serif;max-width:34rem;margin:1.5rem auto;padding:0 1rem}
.note{background:#fff4d6;padding:.75rem 1rem;border-radius:8px}.problem{color:#b00020}
ul{list-style:none;padding:0}li{margin:.5rem 0}.meta{color:#555;font-size:13px;margin-left:.5rem}
label{display:block;margin:.5rem 0}input[type=text],input[type=email],input[type=date]{width:100%;padding:.4rem}
button{padding:.45rem .9rem;border-radius:16px;border:1px solid #767676;background:#efefef;cursor:pointer}</style></head>
<body><h1>Sign in with ${escapeHtml(standingInFor)}</h1>
<p class="note">This is a development stand-in for ${escapeHtml(standingInFor)}: no real account is asked. Pick an identity or make one.</p>
${input.problem ? `<p class="problem" role="alert">${escapeHtml(input.problem)}</p>` : ''}
${people ? `<h2>Existing identities</h2><ul>${people}</ul>` : ''}
<h2>New identity</h2>
<form method="post" action="${action}"><input type="hidden" name="action" value="new">
<label>Name <input type="text" name="name" required maxlength="100" autocomplete="off"></label>
<label>Email (leave empty to share none) <input type="email" name="email" maxlength="254" autocomplete="off"></label>
<label>Birthday (leave empty to share none) <input type="date" name="birthdate"></label>
<label>Subject (optional; generated when empty) <input type="text" name="subject" maxlength="64" autocomplete="off"></label>
<button type="submit">Sign in as this identity</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="cancel">
<p><button type="submit">Cancel</button></p></form>
</body></html>`;
}
