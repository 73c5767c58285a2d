import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

const FILE_NAME = 'dev-idp-jwks.json';

/**
 * The development identity provider's signing key, kept in DATA_DIR so ID tokens it issued stay
 * verifiable across restarts (created on first use, readable by the owner only).
 */
export async function loadDevIdpKey(dataDir: string): Promise<JWK> {
  const file = path.join(dataDir, FILE_NAME);
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { keys?: JWK[] };
    if (kept.keys?.[0]?.d) return kept.keys[0];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const key = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ keys: [key] })}\n`, { mode: 0o600 });
  return key;
}
