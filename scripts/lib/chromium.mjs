// Playwright cannot download browsers here, so the tests use Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function aptGet(...args) {
  console.log(`$ apt-get ${args.join(' ')}`);
  return spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status;
}

/** The Chromium to test with: CHROMIUM_PATH, else Debian's, installing it when we are root. */
export function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH is set to ${configured}, which does not exist.`);
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `No Chromium at ${DEBIAN_CHROMIUM}. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  console.log('Chromium is missing: installing Debian package chromium.');
  // A fresh machine has no package lists yet; update only when the plain install fails.
  if (aptGet('install', '-y', 'chromium') !== 0) {
    if (aptGet('update') !== 0 || aptGet('install', '-y', 'chromium') !== 0) {
      throw new Error('apt-get could not install chromium.');
    }
  }
  if (!existsSync(DEBIAN_CHROMIUM)) throw new Error(`chromium installed, but ${DEBIAN_CHROMIUM} is missing.`);
  return DEBIAN_CHROMIUM;
}
