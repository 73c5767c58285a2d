import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/client.ts';
import type { AuthModalApi } from './authModalContext.ts';
import { promptOnSessionEnd } from './promptOnSessionEnd.ts';

const apiError = (status: number) =>
  new ApiRequestError({
    http_status: status,
    api_error_code: 10,
    code: status === 401 ? 'auth_required' : 'internal',
    message: '',
    message_detail: null,
    field: null,
  });

describe('promptOnSessionEnd', () => {
  it("opens 'Log in to unfollow' (or follow) when the session has ended", () => {
    const modal: AuthModalApi = { open: vi.fn(), close: vi.fn(), promptSignup: vi.fn() };
    expect(promptOnSessionEnd(modal, apiError(401), 'unfollow')).toBe(true);
    expect(modal.open).toHaveBeenCalledWith({
      container: 'follow',
      signupSource: 'followButton',
      step: 'login',
      prompt: 'unfollow',
    });
  });

  it('leaves other failures to the caller', () => {
    const modal: AuthModalApi = { open: vi.fn(), close: vi.fn(), promptSignup: vi.fn() };
    expect(promptOnSessionEnd(modal, apiError(500), 'follow')).toBe(false);
    expect(promptOnSessionEnd(modal, new Error('offline'), 'follow')).toBe(false);
    expect(modal.open).not.toHaveBeenCalled();
  });
});
