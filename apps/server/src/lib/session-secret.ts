import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

const FILE_NAME = 'session-secret';

/**
 * The configured SESSION_SECRET, else the one kept in DATA_DIR (created on first use, readable
 * by the owner only), so keys derived from it (the bot-check HMAC) survive restarts.
 * Instances sharing a database but not a DATA_DIR must set SESSION_SECRET.
 */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, FILE_NAME);
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
