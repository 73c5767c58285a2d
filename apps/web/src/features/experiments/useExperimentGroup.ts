import type { ExperimentName } from '@pinboard/shared';
import { CONTROL_GROUP } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { queries } from '../../api/endpoints.ts';

/**
 * The viewer's group in one experiment. Until the groups arrive (or if the call fails) the
 * viewer gets `control`, so a gated feature never flashes on and off.
 */
export function useExperimentGroup(name: ExperimentName): string {
  const { data } = useQuery({
    ...queries.getExperimentGroups(),
    // Groups change only with an operator override; one fetch per session is enough.
    staleTime: Infinity,
  });
  return data?.[name] ?? CONTROL_GROUP;
}
