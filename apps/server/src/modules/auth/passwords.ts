import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// The package's `Algorithm` is a const enum, which isolated modules cannot read: Argon2id is 2.
const ARGON2ID = 2 as Algorithm;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): ~150 ms on this project's 2-core machines.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (unknown account, or one made through
 * a social provider) it verifies against a throwaway hash anyway, so the answer takes as long
 * as a real wrong password and timing tells nothing about which accounts exist.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
