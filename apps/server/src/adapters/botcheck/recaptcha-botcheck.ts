import type { BotCheck } from './botcheck.ts';

// reCAPTCHA Enterprise's own recommendation for a first threshold; 1.0 is surely a person.
const MIN_SCORE = 0.5;
const TIMEOUT_MS = 8000;

interface Assessment {
  tokenProperties?: { valid?: boolean; action?: string };
  riskAnalysis?: { score?: number };
}

/**
 * reCAPTCHA Enterprise through its REST assessment call (API key auth), when RECAPTCHA_* are
 * set. A network failure or an unexpected answer counts as a failed check, never as a pass.
 */
export function createRecaptchaBotCheck(options: {
  projectId: string;
  siteKey: string;
  apiKey: string;
  fetch?: typeof fetch;
}): BotCheck {
  const doFetch = options.fetch ?? fetch;
  const url =
    `https://recaptchaenterprise.googleapis.com/v1/projects/${encodeURIComponent(options.projectId)}` +
    `/assessments?key=${encodeURIComponent(options.apiKey)}`;
  return {
    provider: 'recaptcha',
    async challenge() {
      return { provider: 'recaptcha', challenge: null, site_key: options.siteKey };
    },
    async verify(token, { action, ip }) {
      if (!token || token.length > 4096) return false;
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            event: { token, siteKey: options.siteKey, expectedAction: action, userIpAddress: ip },
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) return false;
        const assessment = (await response.json()) as Assessment;
        return (
          assessment.tokenProperties?.valid === true &&
          (assessment.tokenProperties.action ?? action) === action &&
          (assessment.riskAnalysis?.score ?? 0) >= MIN_SCORE
        );
      } catch {
        return false;
      }
    },
  };
}
