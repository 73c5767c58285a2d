import type { ForgotPasswordType } from '@pinboard/shared';
import { useExperimentGroup } from '../experiments/useExperimentGroup.ts';

/**
 * The forgot-password call's `type`, from the experiment `web_forgot_password_type`. Its shared
 * definition says what each group sends: `unified` sends 'unified', `control` (also the answer
 * until the groups arrive, or when they fail) sends 'reset'.
 */
export function useForgotPasswordType(): ForgotPasswordType {
  return useExperimentGroup('web_forgot_password_type') === 'unified' ? 'unified' : 'reset';
}
