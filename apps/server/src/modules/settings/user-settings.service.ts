import type { UserSettings } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentUserSettings } from './settings.presenter.ts';
import { findListedSettings } from './settings.repository.ts';

/**
 * `GET /v3/users/settings/` (docs/product/creating.md#api-calls): whether Instagram is linked and the listed
 * website, which decide the pin-create page's claim-Instagram upsell.
 */
export async function getUserSettings(db: Executor, userId: number): Promise<UserSettings> {
  const row = await findListedSettings(db, userId);
  if (!row) throw new AppError('auth_required');
  return presentUserSettings(row);
}
