import { NewUsernameSchema } from '@pinboard/shared/profile';
import { useQuery } from '@tanstack/react-query';
import { queries } from '../../api/endpoints.ts';
import { useDebouncedValue } from '../boardActions/useDebouncedValue.ts';

const CHECK_DELAY_MS = 300;

/**
 * Whether the username being typed is free, asked once typing pauses: null while there is
 * nothing to say (unchanged, not yet asked, or refused by the form's own rules, which say why).
 */
export function useUsernameCheck(typed: string, current: string): 'available' | 'username_taken' | null {
  const settled = useDebouncedValue(typed.trim(), CHECK_DELAY_MS);
  const worthAsking =
    settled.toLowerCase() !== current.toLowerCase() && NewUsernameSchema.safeParse(settled).success;
  const check = useQuery({
    ...queries.checkUsername({ query: { username: settled } }),
    enabled: worthAsking,
  });
  if (!worthAsking || settled !== typed.trim() || !check.data) return null;
  return check.data.refusal === null
    ? 'available'
    : check.data.refusal === 'username_taken'
      ? 'username_taken'
      : null;
}
