import type { ForgotPasswordBody, LoginResult, ResetPasswordBody } from '@pinboard/shared';
import { api } from '../../api/endpoints.ts';

// Apart from authApi.ts, which the header's account menu brings into the first page's bundle.

/** `requestPasswordReset`: the answer is the same whether the account exists or not. */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<void> {
  await api.requestPasswordReset({ body });
}

/** `resetPassword`: a new password from a mailed link; signs this browser in. */
export async function resetPassword(body: ResetPasswordBody): Promise<LoginResult> {
  return (await api.resetPassword({ body })).data;
}
