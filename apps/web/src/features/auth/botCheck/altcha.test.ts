import { describe, expect, it } from 'vitest';
import { altchaPayload, solveAltcha, type AltchaChallenge } from './altcha.ts';

async function sha256Hex(text: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function challengeFor(number: number, maxnumber = 5000): Promise<AltchaChallenge> {
  const salt = 'abc123?expires=1700000000&';
  return {
    algorithm: 'SHA-256',
    challenge: await sha256Hex(salt + number),
    maxnumber,
    salt,
    signature: 'sig',
  };
}

describe('solveAltcha', () => {
  it('finds the number whose hash with the salt is the challenge', async () => {
    expect(await solveAltcha(await challengeFor(1234))).toBe(1234);
    expect(await solveAltcha(await challengeFor(0))).toBe(0);
  });

  it('gives null when no number up to maxnumber fits, or for an unknown algorithm', async () => {
    const challenge = await challengeFor(4000, 3000);
    expect(await solveAltcha(challenge)).toBeNull();
    expect(await solveAltcha({ ...challenge, algorithm: 'MD5' })).toBeNull();
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await solveAltcha(await challengeFor(10), controller.signal)).toBeNull();
  });

  it('encodes the payload as base64 JSON in the fields altcha-lib verifies', async () => {
    const challenge = await challengeFor(7);
    const decoded = JSON.parse(atob(altchaPayload(challenge, 7))) as Record<string, unknown>;
    expect(decoded).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 7,
      salt: challenge.salt,
      signature: 'sig',
    });
  });
});
