// `npm run check:engines`: fails when an installed package's `engines.node` leaves out a Node.js
// version the project supports (package.json `engines.node`), so a dependency update cannot
// quietly drop 20, 22 or 24. Prints one line when all is well, one line per offender otherwise.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeConflict, engineConflicts, lockedPackages, supportedRangeProblems } from './lib/engines.mjs';
import { MINIMUM_NODE, TESTED_NODE } from './lib/node-versions.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const supported = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node;
const tested = TESTED_NODE.map(({ version }) => version);

const problems = supportedRangeProblems(supported, { minimum: MINIMUM_NODE, tested });
if (problems.length > 0) {
  for (const problem of problems) console.error(`[engines] ${problem}`);
  process.exit(1);
}

const packages = lockedPackages(root);
const conflicts = engineConflicts(supported, packages, [MINIMUM_NODE, ...tested]);
if (conflicts.length > 0) {
  console.error(
    `[engines] ${conflicts.length} of ${packages.length} packages leave out Node.js versions the project supports (${supported}):`,
  );
  for (const conflict of conflicts) console.error(`[engines]   ${describeConflict(conflict)}`);
  process.exit(1);
}
console.log(
  `[engines] ${packages.length} packages in package-lock.json admit every Node.js version of "${supported}" (tested: ${tested.join(', ')})`,
);
