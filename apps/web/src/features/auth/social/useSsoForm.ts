import type { SsoInfo } from '@pinboard/shared';
import { useState, type FormEvent } from 'react';
import { useSsoCheck } from './useSsoCheck.ts';

/** Opens the organisation's popup for `email` and resolves the code of a failure to show, or null. */
export type StartSso = (info: SsoInfo, email: string) => Promise<string | null>;

/**
 * The email forms' single sign-on: the check of the typed address (none without `onSso`), and
 * the button's try with its failure. `start` must run straight from the submit, so the popup
 * opens as the person's own doing.
 */
export function useSsoForm(email: string, onSso: StartSso | undefined) {
  const check = useSsoCheck(onSso ? email : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const info = onSso ? check.info : null;

  function start() {
    if (!info || !onSso) return;
    setBusy(true);
    setError(null);
    void onSso(info, check.email).then((failure) => {
      setBusy(false);
      setError(failure);
      // The flow in the answer is spent (or abandoned): the next try gets a fresh one.
      check.renew();
    });
  }
  /** The form's submit: the SSO popup for an SSO address (opened at once, before anything can await), else `submit`. */
  const onSubmit =
    (submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      if (!info) return void submit(event);
      event.preventDefault();
      start();
    };
  return { info, busy, error, onSubmit };
}
