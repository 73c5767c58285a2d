import type { ProvidersResult } from '@pinboard/shared';
import type { IdentityProviders } from '../../../adapters/identity/identity.ts';

/** `GET /v3/auth/providers/`: which providers can sign people in, and which are development stand-ins. */
export function listProviders(identity: IdentityProviders): ProvidersResult {
  return {
    facebook: identity.status('facebook'),
    google: identity.status('google'),
    line: identity.status('line'),
  };
}
