import type { Pin } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';
import { closeupKeys } from './closeupKeys.ts';

export function fetchPin(id: string, signal?: AbortSignal): Promise<Pin> {
  return apiClient.get<Pin>(`/v3/pins/${encodeURIComponent(id)}/`, { signal }).then((result) => result.data);
}

/** One pin, as the viewer may see it; a pin they may not see fails with a 404 `ApiRequestError`. */
export function usePin(id: string) {
  return useQuery({ queryKey: closeupKeys.pin(id), queryFn: ({ signal }) => fetchPin(id, signal) });
}
