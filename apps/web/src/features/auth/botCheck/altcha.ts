/** An ALTCHA challenge as the server's `getBotCheckChallenge` gives it (altcha-lib). */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

// altcha-lib's default when a challenge does not say.
const DEFAULT_MAX_NUMBER = 1_000_000;
// Hashes between yields to the event loop, so the page stays responsive while it works.
const BATCH = 500;

const HASHES: Record<string, string> = { 'SHA-256': 'SHA-256', 'SHA-384': 'SHA-384', 'SHA-512': 'SHA-512' };

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * ALTCHA's proof of work, done with Web Crypto: the number n (0..maxnumber) for which
 * hash(salt + n) is the challenge. Our own 30 lines instead of altcha-lib, whose entry point
 * also carries the server's HMAC code. Null when no number fits or `signal` aborts.
 */
export async function solveAltcha(challenge: AltchaChallenge, signal?: AbortSignal): Promise<number | null> {
  const algorithm = HASHES[challenge.algorithm.toUpperCase()];
  if (!algorithm) return null;
  const max = challenge.maxnumber ?? DEFAULT_MAX_NUMBER;
  const encoder = new TextEncoder();
  const target = challenge.challenge.toLowerCase();
  for (let start = 0; start <= max; start += BATCH) {
    if (signal?.aborted) return null;
    const end = Math.min(max, start + BATCH - 1);
    const candidates = [];
    for (let n = start; n <= end; n++) candidates.push(n);
    const hashes = await Promise.all(
      candidates.map((n) => crypto.subtle.digest(algorithm, encoder.encode(challenge.salt + n))),
    );
    const found = hashes.findIndex((hash) => toHex(hash) === target);
    if (found >= 0) return candidates[found]!;
  }
  return null;
}

/** The token the server verifies: base64 of the JSON ALTCHA calls the payload. */
export function altchaPayload(challenge: AltchaChallenge, number: number): string {
  const json = JSON.stringify({
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  });
  return btoa(json);
}
