import { randomInt } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import type { InjectOptions } from 'fastify';
import type { TestApp } from './test-app.ts';

export const TEST_CSRF_TOKEN = 'csrf-token-for-tests-0123456789';

export interface BrowserResponse {
  status: number;
  body: any;
  /** The cookies this answer set, by name (an empty value means cleared). */
  setCookies: Record<string, { value: string; maxAge?: number; httpOnly?: boolean; sameSite?: string }>;
  /** The answer's headers. */
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * A browser for API tests: keeps the cookies answers set and sends them back, with the CSRF
 * header, like the web app does. `headers` go with every request (e.g. a test country).
 */
export class TestBrowser {
  readonly jar = new Map<string, string>([['csrftoken', TEST_CSRF_TOKEN]]);

  /** A client address of its own, so address-wide limits of one test never reach another. */
  readonly ip: string;

  constructor(
    private readonly t: TestApp,
    private readonly headers: Record<string, string> = {},
    ip?: string,
  ) {
    this.ip = ip ?? `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  }

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: InjectOptions['method'], url: string, payload?: unknown): Promise<BrowserResponse> {
    const response = await this.t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      remoteAddress: this.ip,
      headers: { ...this.headers, cookie: this.cookieHeader(), 'x-csrftoken': TEST_CSRF_TOKEN },
    });
    const setCookies: BrowserResponse['setCookies'] = {};
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      setCookies[cookie.name] = cookie;
      if (cookie.value === '' || cookie.maxAge === 0) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    return {
      status: response.statusCode,
      body: isJson ? response.json() : response.body,
      setCookies,
      headers: response.headers,
    };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload: unknown = {}) => this.request('POST', url, payload);

  /** The viewer `GET /v3/users/me/` answers for this browser. */
  async viewer() {
    return (await this.get('/v3/users/me/')).body.resource_response.data;
  }
}

/** The error part of a failure envelope. */
export const errorOf = (response: BrowserResponse) => response.body.resource_response.error;

/** A bot-check challenge as `GET /v3/bot_check/challenge/` answers it. */
export interface BotCheckChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** A solved bot-check challenge as the web app's widget sends it: the base64 JSON payload. */
export async function botCheckPayload(challenge: BotCheckChallenge): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('the bot-check challenge had no solution');
  return Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64');
}

/** What the web app's bot-check widget does: fetch a challenge, solve it, send the base64 JSON payload. */
export async function solvedBotCheckToken(browser: TestBrowser): Promise<string> {
  return botCheckPayload(
    (await browser.get('/v3/bot_check/challenge/')).body.resource_response.data.challenge,
  );
}
