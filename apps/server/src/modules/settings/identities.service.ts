import type { LinkIdentityBody, LinkedIdentities } from '@pinboard/shared';
import { uniqueViolation } from '../../db/sql-helpers.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteIdentity,
  findIdentityAccount,
  insertIdentity,
  listIdentities,
  listIdentityProviders,
  lockAccountSignIns,
  syncConnectedFlags,
} from '../auth/social/identities.repository.ts';
import {
  consumeNonceOrRefuse,
  verifyCredentials,
  type SocialCredentials,
  type SocialDeps,
} from '../auth/social/social-verify.ts';
import { presentLinkedIdentities } from './settings.presenter.ts';
import { findPasswordFacts } from './settings.repository.ts';

/** `GET /v3/users/settings/identities/`: the providers the account signs in with, and whether it has a password. */
export async function getLinkedIdentities(
  deps: Pick<SocialDeps, 'db'>,
  userId: number,
): Promise<LinkedIdentities> {
  const facts = await findPasswordFacts(deps.db, userId);
  if (!facts) throw new AppError('auth_required');
  const rows = await listIdentities(deps.db, userId);
  return presentLinkedIdentities(rows, facts.passwordHash !== null);
}

/** The token of the provider the body names (the popup of that provider answered it). */
function credentialsOfLink(body: LinkIdentityBody): SocialCredentials {
  if (body.provider === 'facebook' && body.facebook_id && body.facebook_token) {
    return { kind: 'facebook', subject: body.facebook_id, accessToken: body.facebook_token };
  }
  if (body.provider === 'google' && body.google_open_id_token) {
    return { kind: 'id_token', provider: 'google', idToken: body.google_open_id_token };
  }
  if (body.provider === 'line' && body.line_id_token) {
    return { kind: 'id_token', provider: 'line', idToken: body.line_id_token };
  }
  throw new AppError('social_token_invalid');
}

/**
 * `POST /v3/users/settings/identities/`: connects the provider whose popup (`purpose=link`) just
 * answered. The token is verified like a login's and its nonce consumed in the same transaction
 * as the link, so it links once. An identity another account has is `identity_taken`; one per
 * provider: a second one is refused (disconnect the first), never replaced. The connected flags
 * follow in the same transaction.
 */
export async function linkIdentity(
  deps: SocialDeps,
  userId: number,
  body: LinkIdentityBody,
  browserHash: string | null,
  now: Date,
): Promise<LinkedIdentities> {
  const { identity, nonce } = await verifyCredentials(deps, credentialsOfLink(body), browserHash);
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await lockAccountSignIns(tx, userId))) throw new AppError('auth_required');
      const owner = await findIdentityAccount(tx, identity.provider, identity.subject);
      if (owner && owner.id !== userId) throw new AppError('identity_taken');
      if (owner) return; // Already this account's: nothing to change.
      if ((await listIdentityProviders(tx, userId)).includes(identity.provider)) {
        throw new AppError('invalid_request', { field: 'provider' });
      }
      await consumeNonceOrRefuse(deps, tx, nonce, now);
      await insertIdentity(tx, {
        userId,
        provider: identity.provider,
        subject: identity.subject,
        issuer: identity.issuer,
        email: identity.email,
      });
      await syncConnectedFlags(tx, userId);
    });
  } catch (error) {
    // Another account linked the same identity, or this one linked the provider, meanwhile.
    const constraint = uniqueViolation(error);
    if (constraint === 'user_identities_provider_subject_key') throw new AppError('identity_taken');
    if (constraint === 'user_identities_user_provider_key') {
      throw new AppError('invalid_request', { field: 'provider' });
    }
    throw error;
  }
  return getLinkedIdentities(deps, userId);
}

/**
 * `DELETE /v3/users/settings/identities/{provider}/`: disconnects a provider, unless it is the
 * account's last way in (no password and no other identity: `identity_last_login_method`). The
 * account row is locked meanwhile, so two disconnects cannot each leave the other as the last.
 */
export async function unlinkIdentity(
  deps: Pick<SocialDeps, 'db'>,
  userId: number,
  provider: string,
): Promise<LinkedIdentities> {
  await deps.db.transaction(async (tx) => {
    const account = await lockAccountSignIns(tx, userId);
    if (!account) throw new AppError('auth_required');
    const providers = await listIdentityProviders(tx, userId);
    if (!providers.includes(provider)) throw new AppError('identity_not_linked');
    if (!account.hasPassword && providers.length === 1) throw new AppError('identity_last_login_method');
    await deleteIdentity(tx, userId, provider);
    await syncConnectedFlags(tx, userId);
  });
  return getLinkedIdentities(deps, userId);
}
