import type { UserSettings } from '@pinboard/shared';
import { api } from '../../api/endpoints.ts';

export async function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return (await api.getUserSettings({}, { signal })).data;
}
