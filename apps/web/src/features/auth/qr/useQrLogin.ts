import { QR_LOGIN_POLL_MS, QR_LOGIN_TTL_SECONDS, type QrLoginStart, type Viewer } from '@pinboard/shared';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { ApiRequestError } from '../../../api/client.ts';
import { claimQrLogin, startQrLogin } from './qrLoginApi.ts';

/** Where the screen's QR code login stands. */
export type QrLoginState =
  | { kind: 'starting' }
  /** `deadline`: when the code ends, in this browser's clock (ms). */
  | { kind: 'showing'; code: QrLoginStart; deadline: number }
  | { kind: 'signingIn' }
  | { kind: 'expired' }
  | { kind: 'denied' }
  /** The code could not be made (docs/product/accounts.md#qr-login). */
  | { kind: 'unavailable' }
  /** The claim was refused for another reason (a suspended account, a browser signed in meanwhile). */
  | { kind: 'failed'; code: string };

/** Failures worth another try at the next poll: no answer, or the server's own trouble. */
const isTransient = (error: unknown) =>
  !(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500;

/**
 * Asks for a code, then polls its claim every QR_LOGIN_POLL_MS until a signed-in device decides
 * or the code ends (one last poll at the end catches an approval made in its final seconds).
 * Everything stops when the component unmounts or asks for a new code.
 */
export function useQrLogin(onApproved: (viewer: Viewer) => Promise<void> | void) {
  const [state, setState] = useState<QrLoginState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const approve = useEffectEvent((viewer: Viewer) => onApproved(viewer));

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function poll(code: QrLoginStart, deadline: number) {
      const last = Date.now() >= deadline;
      let result: Awaited<ReturnType<typeof claimQrLogin>> = { status: 'pending' };
      try {
        result = await claimQrLogin(code.id, code.secret, signal);
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof ApiRequestError && error.code === 'qr_login_expired') {
          setState({ kind: 'expired' });
          return;
        }
        if (!isTransient(error)) {
          setState({ kind: 'failed', code: error instanceof ApiRequestError ? error.code : 'unknown' });
          return;
        }
      }
      if (signal.aborted) return;
      if (result.status === 'approved') {
        setState({ kind: 'signingIn' });
        await approve(result.user);
      } else if (result.status !== 'pending') setState({ kind: result.status });
      else if (last) setState({ kind: 'expired' });
      else
        timer = setTimeout(
          () => void poll(code, deadline),
          Math.min(QR_LOGIN_POLL_MS, deadline - Date.now()),
        );
    }

    async function start() {
      try {
        const code = await startQrLogin(signal);
        if (signal.aborted) return;
        // This browser's clock, not the server's: the countdown must not depend on clock skew.
        const deadline = Date.now() + QR_LOGIN_TTL_SECONDS * 1000;
        setState({ kind: 'showing', code, deadline });
        timer = setTimeout(() => void poll(code, deadline), QR_LOGIN_POLL_MS);
      } catch {
        if (!signal.aborted) setState({ kind: 'unavailable' });
      }
    }

    void start();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [attempt]);

  /** A new code after the last one ended or was denied. */
  const restart = useCallback(() => {
    setState({ kind: 'starting' });
    setAttempt((count) => count + 1);
  }, []);

  return { state, restart };
}
