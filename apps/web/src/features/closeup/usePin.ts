import { useQuery } from '@tanstack/react-query';
import { queries } from '../../api/endpoints.ts';

/** One pin, as the viewer may see it; a pin they may not see fails with a 404 `ApiRequestError`. */
export function usePin(id: string) {
  return useQuery(queries.getPin({ params: { id } }));
}
