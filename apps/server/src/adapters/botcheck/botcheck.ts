/** What `GET /v3/bot_check/challenge/` answers: the web app picks its widget from `provider`. */
export interface BotCheckChallenge {
  provider: 'altcha' | 'recaptcha' | 'off';
  /** ALTCHA's challenge JSON (algorithm, challenge, maxnumber, salt, signature); null otherwise. */
  challenge: Record<string, unknown> | null;
  /** reCAPTCHA's site key; null otherwise. */
  site_key: string | null;
}

/** The product's "recaptcha" token check, whatever stands behind it. */
export interface BotCheck {
  readonly provider: BotCheckChallenge['provider'];
  challenge(): Promise<BotCheckChallenge>;
  /** True when `token` proves a person (or the check is off). A token is good once. */
  verify(token: string | undefined, context: { action: string; ip: string }): Promise<boolean>;
}

/** BOT_CHECK=off, for automated tests: every request passes, tokens or not. */
export function createBotCheckOff(): BotCheck {
  return {
    provider: 'off',
    async challenge() {
      return { provider: 'off', challenge: null, site_key: null };
    },
    async verify() {
      return true;
    },
  };
}
