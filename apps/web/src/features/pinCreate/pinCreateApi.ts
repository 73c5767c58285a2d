import type { UserSettings } from '@pinboard/shared';
import { apiClient } from '../../api/client.ts';

export async function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return (await apiClient.get<UserSettings>('/v3/users/settings/', { signal })).data;
}
